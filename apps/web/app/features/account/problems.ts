import type { RuleResult } from '@chrysos/rules';
import { describeProblem, problemsOf, translationKeyOf } from '../../lib/api-errors';
import type { Translate } from '../../lib/i18n';

/** A rule's result in the visitor's language, by the rule's code; '' when the value passes. */
export const describeRule = (t: Translate, result: RuleResult): string =>
  result ? t(translationKeyOf(`validation.${result.key}`), result.params) : '';

/** Field names as the forms use them: `player.first_name` and `user.profile_attributes.country` are plain. */
const plainField = (field: string) => field.replace(/^(user\.|player\.)?(profile_attributes\.)?/, '');

/**
 * What an API answer says went wrong, per field, in the visitor's language: each field's first problem
 * translated by its code (422 field messages, the form-level `base`, 401, 429 with its wait), and for an
 * answer that names none, what its status means (signed out, too many attempts, network failure).
 */
export function problemsFrom(
  t: Translate,
  response: { status: number; body?: unknown } | null,
): Record<string, string> {
  if (!response) return { base: t('auth.failed') };
  const problems: Record<string, string> = {};
  for (const problem of problemsOf(response)) {
    const name = plainField(problem.field);
    problems[name] ??= describeProblem(t, problem);
  }
  if (Object.keys(problems).length > 0) return problems;
  if (response.status === 401) return { base: t('account.signedOut') };
  if (response.status === 429) return { base: t('account.tooMany') };
  return { base: t('auth.failed') };
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
