import { BetError } from './engine.ts';

/** The bet as a record of fields, or a BetError a player can read. */
export function betObject(input: unknown): Record<string, unknown> {
  if (typeof input !== 'object' || input === null || Array.isArray(input)) {
    throw new BetError('bet', 'The bet is missing or malformed.');
  }
  return input as Record<string, unknown>;
}

/** A stake in minor units: a whole number from 1 to `max`. */
export function stakeField(value: unknown, field: string, max: number): number {
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 1) {
    throw new BetError(field, 'The stake must be a positive whole number of minor units.');
  }
  if (value > max) throw new BetError(field, 'The stake is above the largest this game accepts.');
  return value;
}

/**
 * The largest stake whose every possible payout is still an exact integer in a double: a payout can be
 * up to `maxPayoutMultiple` times the stake.
 */
export const maxStakeFor = (maxPayoutMultiple: number) =>
  Math.floor(Number.MAX_SAFE_INTEGER / Math.ceil(maxPayoutMultiple));

/** The variant of an engine's table, or an error: an unknown variant is a catalogue bug, not a bad bet. */
export function variantOf<V>(variants: Readonly<Record<string, V>>, key: string, engine: string): V {
  const variant = Object.hasOwn(variants, key) ? variants[key] : undefined;
  if (variant === undefined) throw new Error(`The ${engine} engine has no variant "${key}"`);
  return variant;
}
