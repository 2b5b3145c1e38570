import { type DiceDirection, dice, diceOutcomes, diceVariants } from '../math/dice.ts';
import { BetError } from '../math/engine.ts';

/**
 * The dice bet as the player shapes it. Every figure shown before the roll comes from the engine's
 * own `parseBet`, so the preview is the bet the server will take, to the minor unit.
 */

export interface DicePreview {
  /** Win chance in percent. */
  chance: number;
  /** The exact multiplier before the payout is rounded down to the minor unit. */
  multiplier: number;
  /** What a win pays back, stake included, in minor units. */
  payoutIfWon: number;
  /** What a win adds to the balance. */
  profit: number;
}

const hundredths = (value: number) => Math.round(value * 100);

/** The engine's preview of a bet, or the reason it is refused. */
export function dicePreview(
  stake: number,
  direction: DiceDirection,
  target: number,
  variant = 'classic',
): DicePreview | BetError {
  try {
    const bet = dice.parseBet({ stake, direction, target }, variant);
    const returnPer = diceVariants[variant]?.returnPerTenThousand ?? 0;
    return {
      chance: bet.winningOutcomes / 100,
      multiplier: returnPer / bet.winningOutcomes,
      payoutIfWon: bet.payoutIfWon,
      profit: bet.payoutIfWon - bet.stake,
    };
  } catch (error) {
    if (error instanceof BetError) return error;
    throw error;
  }
}

/** The range of targets for a direction (two decimals). */
export function targetRange(direction: DiceDirection, variant = 'classic'): { min: number; max: number } {
  const { minWinningOutcomes: low, maxWinningOutcomes: high } = diceVariants[variant] ?? {
    minWinningOutcomes: 100,
    maxWinningOutcomes: 9800,
  };
  return direction === 'under'
    ? { min: low / 100, max: high / 100 }
    : { min: (diceOutcomes - 1 - high) / 100, max: (diceOutcomes - 1 - low) / 100 };
}

/** The chance range in percent (the same in both directions). */
export function chanceRange(variant = 'classic'): { min: number; max: number } {
  return targetRange('under', variant);
}

/** The target that gives `chance` percent in `direction`. */
export function targetForChance(direction: DiceDirection, chance: number): number {
  const outcomes = hundredths(chance);
  return direction === 'under' ? outcomes / 100 : (diceOutcomes - 1 - outcomes) / 100;
}

/** The win chance, in percent, of a target in a direction. */
export function chanceForTarget(direction: DiceDirection, target: number): number {
  const t = hundredths(target);
  return (direction === 'under' ? t : diceOutcomes - 1 - t) / 100;
}

/** Switching between under and over keeps the chance: the target mirrors round the middle. */
export function flipDirection(
  direction: DiceDirection,
  target: number,
): { direction: DiceDirection; target: number } {
  const next: DiceDirection = direction === 'under' ? 'over' : 'under';
  return { direction: next, target: targetForChance(next, chanceForTarget(direction, target)) };
}

/** A target kept within its range and to two decimals. */
export function clampTarget(direction: DiceDirection, target: number, variant = 'classic'): number {
  const { min, max } = targetRange(direction, variant);
  const value = Number.isFinite(target) ? target : min;
  return hundredths(Math.min(max, Math.max(min, value))) / 100;
}
