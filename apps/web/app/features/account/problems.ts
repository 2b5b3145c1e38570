import { fallbackMessages, type MessageKey, type RuleResult } from '@chrysos/rules';
import type { ApiErrors, ApiResponse } from '../../lib/api';
import type { Translate } from '../../lib/i18n';

/** A rule's result in the visitor's language; '' when the value passes. */
export const describeRule = (t: Translate, result: RuleResult): string =>
  result ? t(`validation.${result.key}`, result.params) : '';

/** The English rule messages of @chrysos/rules as patterns, so the server's can be shown translated. */
const rulePatterns = (Object.entries(fallbackMessages) as [MessageKey, string][]).map(([key, text]) => {
  const names: string[] = [];
  const source = text.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{(\w+)\}/g, (_, name: string) => {
    names.push(name);
    return '(\\d+)';
  });
  return { key, names, pattern: new RegExp(`^${source}$`, 'i') };
});

/** A message the server wrote, in the visitor's language when it is one the site knows. */
export function translateServerMessage(t: Translate, field: string, message: string): string {
  for (const rule of rulePatterns) {
    const match = rule.pattern.exec(message.trim());
    if (match) {
      const params = Object.fromEntries(rule.names.map((name, index) => [name, Number(match[index + 1])]));
      return t(`validation.${rule.key}`, params);
    }
  }
  if (field === 'email' && /already been taken/i.test(message)) return t('auth.emailTaken');
  if (/most common passwords/i.test(message)) return t('auth.commonPassword');
  if (field === 'current_password') return t('account.currentPasswordWrong');
  if (field === 'captcha') return t('account.captchaFailed');
  if (field === 'reset_password_token') return t('password.linkInvalid');
  if (/is not a known country/i.test(message)) return t('account.unknownCountry');
  if (/is not offered/i.test(message)) return t('account.unknownCurrency');
  return message;
}

/** Field names as the forms use them: `player.first_name` and `user.profile_attributes.country` are plain. */
const plainField = (field: string) => field.replace(/^(user\.|player\.)?(profile_attributes\.)?/, '');

/**
 * What an API answer says went wrong, per field, in the visitor's language: 422 field messages, the
 * form-level `base`, and the usual statuses (429 too many attempts, 401 signed out, network failure).
 */
export function problemsFrom(t: Translate, response: ApiResponse | null): Record<string, string> {
  if (!response) return { base: t('auth.failed') };
  if (response.status === 429) return { base: t('account.tooMany') };
  const errors: ApiErrors = response.body.errors ?? {};
  const problems: Record<string, string> = {};
  for (const [field, messages] of Object.entries(errors)) {
    const name = plainField(field);
    const message = messages[0];
    if (message && !problems[name]) problems[name] = translateServerMessage(t, name, message);
  }
  if (response.status === 401 && !problems.base) problems.base = t('account.signedOut');
  if (Object.keys(problems).length === 0) problems.base = t('auth.failed');
  return problems;
}

/** Messages for fields the form does not show go to the form-level message, so none is lost. */
export function withUnshownInBase(problems: Record<string, string>, shown: readonly string[]) {
  const kept: Record<string, string> = {};
  const extra: string[] = [];
  for (const [field, message] of Object.entries(problems)) {
    if (field === 'base' || shown.includes(field)) kept[field] = message;
    else extra.push(message);
  }
  if (extra.length > 0) kept.base = [kept.base, ...extra].filter(Boolean).join(' ');
  return kept;
}
