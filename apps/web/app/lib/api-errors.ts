import type { ErrorBody, ErrorCode, ErrorParams } from '@chrysos/contract';
import type { Translate } from './i18n';

/** One thing an error answer says went wrong: its field, its code with the code's values, the server's words. */
export interface ApiProblem {
  field: string;
  code: string | undefined;
  params: ErrorParams;
  message: string;
}

/**
 * Where the catalogue keeps a code's words (decision 16): `validation.*` codes are the form kit's rule
 * messages, the same the browser shows before sending; every other code is `codes.<code>` (lib/messages).
 */
export const translationKeyOf = (code: string) => (code.startsWith('validation.') ? code : `codes.${code}`);

/** The values of codes that are amounts in minor units: the page shows them in the player's money format. */
const amounts: Partial<Record<ErrorCode, readonly string[]>> = {
  'cashier.amount_below_minimum': ['min'],
  'cashier.amount_above_maximum': ['max'],
  'cashier.amount_over_available': ['available'],
  'bonuses.deposit_below_minimum': ['amount'],
  'compliance.deposit_limit': ['remaining'],
  'wheel.deposit_required': ['amount'],
  'wheel.deposit_below_minimum': ['amount'],
};

/** The values of codes that are moments (ISO 8601): the page shows them as a date and time in its language. */
const moments: Partial<Record<ErrorCode, readonly string[]>> = {
  'compliance.excluded_until': ['until'],
  'compliance.exclusion_not_ended': ['until'],
  'compliance.cooling_off': ['until'],
  'wheel.already_spun': ['next_at'],
};

/** A moment as the player reads it: "24 Nov 2026, 14:05" / "24 Νοε 2026, 14:05", in the browser's time zone. */
export function formatMoment(iso: string, locale: string, timeZone?: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat(locale === 'el' ? 'el-GR' : 'en-GB', {
    dateStyle: 'medium',
    timeStyle: 'short',
    // 14:05 in both languages: Greek's 12-hour "2:05 μ.μ." ends in a dot a sentence doubles.
    hourCycle: 'h23',
    ...(timeZone ? { timeZone } : {}),
  }).format(date);
}

/** Every problem of an error answer (`{"errors":…,"codes":…,"params":…}`), in the answer's order. */
export function problemsOf(response: { body?: unknown } | null): ApiProblem[] {
  const { errors = {}, codes = {}, params = {} } = (response?.body ?? {}) as Partial<ErrorBody>;
  return Object.entries(errors).flatMap(([field, messages]) =>
    messages.map((message, index) => ({
      field,
      message,
      code: codes[field]?.[index],
      params: params[field]?.[index] ?? {},
    })),
  );
}

/**
 * A problem in the visitor's language, by its code; amounts through `money`. The server's own message
 * only when the page does not know the code (a server newer than the page).
 */
export function describeProblem(
  t: Translate,
  problem: ApiProblem,
  options: { money?: (amountCents: number) => string; locale?: string } = {},
): string {
  if (!problem.code) return problem.message;
  const values: ErrorParams = { ...problem.params };
  const { money } = options;
  for (const name of amounts[problem.code as ErrorCode] ?? []) {
    const amount = values[name];
    if (money && typeof amount === 'number') values[name] = money(amount);
  }
  const locale = options.locale ?? (typeof document === 'undefined' ? 'en' : document.documentElement.lang);
  for (const name of moments[problem.code as ErrorCode] ?? []) {
    const moment = values[name];
    if (typeof moment === 'string') values[name] = formatMoment(moment, locale);
  }
  const key = translationKeyOf(problem.code);
  const text = t(key, values);
  return text === key ? problem.message : text;
}
