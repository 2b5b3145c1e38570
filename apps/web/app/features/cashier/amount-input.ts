import type { Currency } from '@chrysos/contract';
import { type Locale, parseMoney } from '@chrysos/rules';
import { displayUnit } from './money';

/*
 * Amounts typed into the deposit and withdrawal forms: reading them, checking them, suggesting them.
 * Apart from money.ts, which every page that shows a balance needs, so only the forms load this.
 */

/**
 * What an amount field holds for a number of minor units: digits in the display unit without
 * grouping or trailing zeros (`50`, `12.5`, `0.0002`), with the locale's decimal comma in Greek.
 */
export function amountInputValue(amountCents: number, unitSubunits: number, locale: Locale): string {
  const decimals = Math.max(0, Math.round(Math.log10(unitSubunits)));
  const whole = Math.trunc(amountCents / unitSubunits);
  const fraction = String(amountCents % unitSubunits)
    .padStart(decimals, '0')
    .replace(/0+$/, '');
  if (!fraction) return String(whole);
  return `${whole}${locale === 'el' ? ',' : '.'}${fraction}`;
}

/** A typed amount in the display unit, as minor units of the currency; null when it is not one. */
export function readAmount(
  input: string,
  currency: Currency,
  subcurrency: string | undefined,
): number | null {
  return parseMoney(input, displayUnit(currency, subcurrency));
}

/**
 * Quick amounts for a method's limits: the minimum, then round 1-2-5 steps above it (10, 20, 50, 100…)
 * up to the maximum, at most `count` of them. Minor units in, minor units out.
 */
export function quickAmounts(minCents: number, maxCents: number, count = 5): number[] {
  if (maxCents < minCents || minCents <= 0) return [];
  const amounts = [minCents];
  let magnitude = 10 ** Math.floor(Math.log10(minCents));
  while (amounts.length < count) {
    for (const step of [1, 2, 5]) {
      const value = step * magnitude;
      if (value > maxCents) return amounts;
      // A step must be clearly above the last chip (≥ 1.5×), so 10 is not followed by 12.
      if (value >= (amounts.at(-1) ?? 0) * 1.5 && amounts.length < count) amounts.push(value);
    }
    magnitude *= 10;
  }
  return amounts;
}

/** Why an amount cannot be sent, checked before the server is asked. */
export type AmountProblem =
  | { kind: 'required' }
  | { kind: 'invalid' }
  | { kind: 'min'; cents: number }
  | { kind: 'max'; cents: number }
  | { kind: 'available'; cents: number };

/** Checks a typed amount against the method's limits and, for a withdrawal, the money available. */
export function amountProblem(
  cents: number | null,
  input: string,
  limits: { min_cents: number; max_cents: number },
  availableCents?: number,
): AmountProblem | null {
  if (input.trim() === '') return { kind: 'required' };
  if (cents === null || cents <= 0) return { kind: 'invalid' };
  if (cents < limits.min_cents) return { kind: 'min', cents: limits.min_cents };
  if (availableCents !== undefined && cents > availableCents)
    return { kind: 'available', cents: availableCents };
  if (cents > limits.max_cents) return { kind: 'max', cents: limits.max_cents };
  return null;
}
