/**
 * The stakes a player can choose: "round" amounts (1, 2, 2.5, 5 … of the smallest step) that the
 * engine accepts. A slot's stake must divide evenly between its lines, so the ladder is built from
 * line bets; every stake is within the title's limits.
 */

export interface StakeRules {
  /** Minor units. */
  min: number;
  max: number;
  /** The stake must be a multiple of this (a slot's line count; 1 otherwise). */
  multipleOf: number;
}

/** Round amounts in minor units: 1, 2, 2.5, 5 × 10ᵏ (the integers of them), up to `limit`. */
function roundAmounts(limit: number): number[] {
  const amounts: number[] = [];
  for (let power = 1; power <= limit; power *= 10) {
    for (const factor of [1, 2, 2.5, 5]) {
      const amount = factor * power;
      if (Number.isInteger(amount) && amount <= limit) amounts.push(amount);
    }
  }
  return amounts;
}

/** The smallest and largest stakes the rules allow, or null when none fits. */
export function stakeBounds(rules: StakeRules): { low: number; high: number } | null {
  const step = Math.max(1, Math.floor(rules.multipleOf));
  const low = Math.ceil(Math.max(1, rules.min) / step) * step;
  const high = Math.floor(rules.max / step) * step;
  return low <= high ? { low, high } : null;
}

/**
 * Every stake offered, ascending: the smallest stake and its first few multiples (fine steps where
 * stakes are small), then the round amounts the engine accepts, and the largest stake.
 */
export function stakeLadder(rules: StakeRules): number[] {
  const bounds = stakeBounds(rules);
  if (!bounds) return [];
  const step = Math.max(1, Math.floor(rules.multipleOf));
  const stakes = new Set<number>([bounds.low, bounds.high]);
  for (let multiple = 2; multiple <= 5; multiple++) {
    if (bounds.low * multiple <= bounds.high) stakes.add(bounds.low * multiple);
  }
  for (const amount of roundAmounts(bounds.high)) {
    if (amount >= bounds.low && amount % step === 0) stakes.add(amount);
  }
  return [...stakes].sort((a, b) => a - b);
}

/** Whether the engine and the title accept this stake. */
export function isValidStake(stake: number, rules: StakeRules): boolean {
  const bounds = stakeBounds(rules);
  return (
    bounds !== null &&
    Number.isSafeInteger(stake) &&
    stake >= bounds.low &&
    stake <= bounds.high &&
    stake % Math.max(1, Math.floor(rules.multipleOf)) === 0
  );
}

/** The next stake up (+1) or down (−1) the ladder from `stake`, staying at the ends. */
export function stepStake(stake: number, direction: 1 | -1, ladder: readonly number[]): number {
  if (ladder.length === 0) return stake;
  if (direction > 0) return ladder.find((candidate) => candidate > stake) ?? (ladder.at(-1) as number);
  return [...ladder].reverse().find((candidate) => candidate < stake) ?? (ladder[0] as number);
}

/** The offered stake nearest to `wanted` (a remembered stake after the limits changed). */
export function nearestStake(wanted: number, ladder: readonly number[]): number | null {
  let best: number | null = null;
  for (const stake of ladder) {
    if (best === null || Math.abs(stake - wanted) < Math.abs(best - wanted)) best = stake;
  }
  return best;
}
