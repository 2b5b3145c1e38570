/**
 * The reality check's session timer (spec §1, §4, §6; decision 24), apart from React so its rules can be
 * read and tested: only time a tab of the casino is visible counts, the count lives in localStorage under
 * the licence's name so a reload or a second tab goes on with it, and the check falls due once the
 * counted time reaches the interval since the last one the player answered.
 */

export interface RealityCheckState {
  /** The signed-in player the session belongs to: another player's stored session is not theirs. */
  player: string;
  /** When the session began (wall clock, ms): what the session summary counts stakes and wins from. */
  startedAt: number;
  /** Time counted so far: while some tab was visible. */
  elapsedMs: number;
  /** Up to when (wall clock, ms) some tab has counted; no tab counts the same moment twice. */
  countedUntil: number;
  /** The counted time at which the next check is due. */
  nextCheckMs: number;
}

/** Where the session is kept: one per licence name, as the spec asks. */
export const realityCheckKey = (licence: string) => `chrysos.realityCheck.${licence}`;

/** The stored session if it is this player's and well formed, else a new one starting now. */
export function sessionOf(
  stored: unknown,
  player: string,
  now: number,
  intervalMs: number,
): RealityCheckState {
  const state = stored as Partial<RealityCheckState> | null;
  const numbers = ['startedAt', 'elapsedMs', 'countedUntil', 'nextCheckMs'] as const;
  if (state && state.player === player && numbers.every((key) => Number.isFinite(state[key]))) {
    const valid = state as RealityCheckState;
    // A shorter interval configured since applies from the time already counted.
    return { ...valid, nextCheckMs: Math.min(valid.nextCheckMs, valid.elapsedMs + intervalMs) };
  }
  return { player, startedAt: now, elapsedMs: 0, countedUntil: now, nextCheckMs: intervalMs };
}

/**
 * Counts the time a visible tab has run since `visibleSince` (when it became visible or last counted)
 * up to now. Time another tab has already counted (up to `countedUntil`) is not counted again, so two
 * visible tabs add up to the wall time, not twice it; time no tab was visible is never counted.
 */
export function count(state: RealityCheckState, visibleSince: number, now: number): RealityCheckState {
  const from = Math.max(visibleSince, state.countedUntil);
  if (now <= from) return state;
  return { ...state, elapsedMs: state.elapsedMs + (now - from), countedUntil: now };
}

export const isDue = (state: RealityCheckState) => state.elapsedMs >= state.nextCheckMs;

/** The player answered "continue" (or went to their history): the next check is a full interval away. */
export function acknowledge(state: RealityCheckState, intervalMs: number): RealityCheckState {
  return { ...state, nextCheckMs: state.elapsedMs + intervalMs };
}

/** Hours and minutes of a counted time, for "1 h 5 min". */
export function hoursAndMinutes(ms: number): { hours: number; minutes: number } {
  const minutes = Math.floor(ms / 60_000);
  return { hours: Math.floor(minutes / 60), minutes: minutes % 60 };
}
