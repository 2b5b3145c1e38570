import type { EngineId } from '../studio-types.ts';
import type { RoundRecord, VerifyAnswer } from './api.ts';

/**
 * Whether two JSON values are the same, whatever the order of object keys (a stored view comes back
 * from the database with its keys reordered).
 */
export function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== typeof b || a === null || b === null || typeof a !== 'object') return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a) && Array.isArray(b)) {
    return a.length === b.length && a.every((item, index) => sameJson(item, b[index]));
  }
  const left = a as Record<string, unknown>;
  const right = b as Record<string, unknown>;
  const keys = Object.keys(left).filter((key) => left[key] !== undefined);
  const otherKeys = Object.keys(right).filter((key) => right[key] !== undefined);
  return (
    keys.length === otherKeys.length &&
    keys.every((key) => Object.hasOwn(right, key) && sameJson(left[key], right[key]))
  );
}

/** Which engine drew a view (the public verifier is given a game, not an engine). */
export function engineOfView(view: unknown): EngineId | null {
  if (typeof view !== 'object' || view === null) return null;
  const record = view as Record<string, unknown>;
  if (Array.isArray(record.spins)) return 'video-slot';
  if (Array.isArray(record.grid)) return 'classic-slot';
  if (typeof record.pocket === 'number') return 'roulette';
  if (Array.isArray(record.hands)) return 'blackjack';
  if (typeof record.roll === 'number') return 'dice';
  return null;
}

export interface RoundCheck {
  /** The outcome recomputed from the seeds is the one recorded (and shown). */
  viewMatches: boolean;
  /** The payout recomputed is the one paid. */
  payoutMatches: boolean;
  matches: boolean;
}

/** Compares a recorded round with its recomputation. */
export function checkRound(
  record: Pick<RoundRecord, 'view' | 'payout'>,
  recomputed: VerifyAnswer,
): RoundCheck {
  const viewMatches = sameJson(record.view, recomputed.view);
  const payoutMatches = (record.payout ?? null) === (recomputed.payout ?? null);
  return { viewMatches, payoutMatches, matches: viewMatches && payoutMatches };
}
