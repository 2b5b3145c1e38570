/**
 * Field rules of spec §5, shared by the server and the browser. A rule returns null when the value
 * passes, or a message key with its parameters; `messageFor` gives the English fallback text (the
 * browser shows its translation of the same key).
 */

import { licenceRules } from './licences.ts';
export type RuleResult = { key: MessageKey; params?: Record<string, string | number> } | null;

export const fallbackMessages = {
  required: 'Field is required',
  email: 'Must be a valid email',
  min: 'Must be at least {min} characters',
  max: 'Must be at most {max} characters',
  confirmed: 'Passwords do not match!',
  adult: 'Underage',
  date: 'Must be a real date in the format dd.MM.yyyy',
  phone: 'Must be a valid phone',
  notArabic: 'Please enter data in English letters',
  min_value: 'Must be at least {min}',
  max_value: 'Must be at most {max}',
  characters: 'Contains characters that are not allowed',
  min_items: 'Must have at least {min} items',
  max_items: 'Must have at most {max} items',
  /** A value of the wrong kind, or none of the ones offered. */
  invalid: 'is invalid',
  /** A choice that needs another one made first (SMS offers need email offers, spec §4). */
  requires: 'Requires {field}',
} as const;

export type MessageKey = keyof typeof fallbackMessages;

export function messageFor(result: NonNullable<RuleResult>): string {
  return fallbackMessages[result.key].replace(/\{(\w+)\}/g, (_, name: string) =>
    String(result.params?.[name] ?? ''),
  );
}

/** Nothing given: a rule other than `required` lets a blank value pass. */
export const blank = (value: unknown) =>
  value === undefined || value === null || (typeof value === 'string' && value.trim() === '');

export const required = (value: unknown): RuleResult =>
  blank(value) || value === false ? { key: 'required' } : null;

/** An address a mail server would accept: one @, a dotted domain, no spaces, at most 255 characters. */
const emailPattern = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/;
export const email = (value: string): RuleResult =>
  blank(value) ? null : value.length <= 255 && emailPattern.test(value) ? null : { key: 'email' };

export const minLength = (value: string, min: number): RuleResult =>
  blank(value) || [...value].length >= min ? null : { key: 'min', params: { min } };

export const maxLength = (value: string, max: number): RuleResult =>
  blank(value) || [...value].length <= max ? null : { key: 'max', params: { max } };

export const confirmed = (value: string, original: string): RuleResult =>
  value === original ? null : { key: 'confirmed' };

/** A choice that may only be made together with `field` (e.g. SMS offers with email offers). */
export const requires = (
  chosen: boolean | undefined,
  other: boolean | undefined,
  field: string,
): RuleResult => (chosen && !other ? { key: 'requires', params: { field } } : null);

export const minValue = (value: number, min: number): RuleResult =>
  value >= min ? null : { key: 'min_value', params: { min } };
export const maxValue = (value: number, max: number): RuleResult =>
  value <= max ? null : { key: 'max_value', params: { max } };

/**
 * No control characters: PostgreSQL cannot store NUL, and none of the others belong in what a person
 * types. A multi-line field (a message) keeps its tabs and line breaks; a one-line field has none. Nor
 * half of a surrogate pair without its other half: that is no character at all (a JSON column refuses
 * it outright, a text column would keep a replacement character instead).
 */
export const plainText = (value: string, options: { multiline?: boolean } = {}): RuleResult => {
  if (!value.isWellFormed()) return { key: 'characters' };
  for (let index = 0; index < value.length; index++) {
    const code = value.charCodeAt(index);
    const lineBreakOrTab = code === 0x09 || code === 0x0a || code === 0x0d;
    if (code === 0x7f || (code < 0x20 && !(options.multiline && lineBreakOrTab)))
      return { key: 'characters' };
  }
  return null;
};

const arabicScript = /[\u0600-\u06FF\u0750-\u077F\u08A0-\u08FF\uFB50-\uFDFF\uFE70-\uFEFF]/;
export const notArabic = (value: string): RuleResult =>
  arabicScript.test(value) ? { key: 'notArabic' } : null;

/**
 * A birth date `dd.MM.yyyy` of someone at least `minimumAge` (18, or 21 under the Estonian licence) and
 * younger than 128 on `today`.
 */
export const adult = (value: string, minimumAge: number, today = new Date()): RuleResult => {
  if (blank(value)) return null;
  const match = /^(\d{2})\.(\d{2})\.(\d{4})$/.exec(value.trim());
  if (!match) return { key: 'date' };
  const [day, month, year] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const birth = new Date(Date.UTC(year, month - 1, day));
  if (birth.getUTCFullYear() !== year || birth.getUTCMonth() !== month - 1 || birth.getUTCDate() !== day) {
    return { key: 'date' };
  }
  let age = today.getUTCFullYear() - year;
  const beforeBirthday =
    today.getUTCMonth() < month - 1 || (today.getUTCMonth() === month - 1 && today.getUTCDate() < day);
  if (beforeBirthday) age -= 1;
  return age >= minimumAge && age < 128 ? null : { key: 'adult' };
};

/** The minimum age under a licence (spec §1, §9), from the licence table. */
export const minimumAgeFor = (license: string): number => licenceRules(license).minimumAge.years;
