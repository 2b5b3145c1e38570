import { betObject, stakeField, variantOf } from './bet-input.ts';
import { BetError, type Engine, type VariantDeclaration } from './engine.ts';

/** A roll is one of 10,000 equally likely outcomes, shown as 0.00–99.99. */
export const diceOutcomes = 10_000;

export interface DiceVariant extends VariantDeclaration {
  /** The return in ten-thousandths: a win pays stake × returnPerTenThousand / winning outcomes. */
  returnPerTenThousand: number;
  /** Fewest and most winning outcomes a target may leave (1 % and 98 % win chance). */
  minWinningOutcomes: number;
  maxWinningOutcomes: number;
}

export const diceVariants: Readonly<Record<string, DiceVariant>> = {
  classic: {
    rtp: 0.99,
    rtpMethod:
      'Exact before rounding: a bet with W winning outcomes of 10,000 pays stake × 9900 / W, so every ' +
      'target returns 99 %. Payouts are rounded down to the minor unit, so a bet of s minor units returns ' +
      'W·⌊9900·s/W⌋ / (10,000·s): at most 99 %, and less by under W/(10,000·s) (diceBetRtp gives it).',
    returnPerTenThousand: 9900,
    minWinningOutcomes: 100,
    maxWinningOutcomes: 9800,
  },
};

export type DiceDirection = 'under' | 'over';

export interface DiceBet {
  /** Minor units. */
  stake: number;
  direction: DiceDirection;
  /** The target as shown, two decimals: `under 49.5` wins on 0.00–49.49, `over 49.5` on 49.51–99.99. */
  target: number;
  /** Outcomes of the 10,000 that win. */
  winningOutcomes: number;
  /** What a win pays, stake included, in minor units: ⌊stake × return / winning outcomes⌋. */
  payoutIfWon: number;
}

export interface DiceView {
  variant: string;
  /** The roll as shown, 0.00–99.99. */
  roll: number;
  direction: DiceDirection;
  target: number;
  /** Win chance in percent. */
  chance: number;
  /** The exact multiplier before rounding the payout down to the minor unit. */
  multiplier: number;
  won: boolean;
  stake: number;
  total: number;
}

/** `a` divided by `b`, rounded down, exactly for non-negative safe integers. */
const divideDown = (a: number, b: number) => (a - (a % b)) / b;

/** The exact return of one bet, its payout rounding included. */
export const diceBetRtp = (bet: DiceBet) =>
  (bet.winningOutcomes * bet.payoutIfWon) / (diceOutcomes * bet.stake);

/** Whether the roll (0–9999, hundredths) wins the bet. */
export function diceWins(bet: Pick<DiceBet, 'direction' | 'target'>, roll: number): boolean {
  const threshold = Math.round(bet.target * 100);
  return bet.direction === 'under' ? roll < threshold : roll > threshold;
}

/**
 * Dice: the player picks a target and whether the roll lands under or over it. A bet is
 * `{ stake, target, direction }` with the target in two decimals. Draws one `rng.int(10000)`: the roll
 * in hundredths.
 */
export const dice: Engine<DiceBet, DiceView, DiceView> = {
  id: 'dice',
  variants: diceVariants,

  parseBet(input, variantKey) {
    const variant = variantOf(diceVariants, variantKey, 'dice');
    const raw = betObject(input);
    // stake × return must stay an exact integer.
    const stake = stakeField(
      raw.stake,
      'stake',
      Math.floor(Number.MAX_SAFE_INTEGER / variant.returnPerTenThousand),
    );
    const direction = raw.direction;
    if (direction !== 'under' && direction !== 'over') {
      throw new BetError('direction', 'Choose to roll under or over the target.');
    }
    const target = raw.target;
    const hundredths = typeof target === 'number' ? Math.round(target * 100) : Number.NaN;
    if (
      typeof target !== 'number' ||
      !Number.isFinite(target) ||
      Math.abs(target * 100 - hundredths) > 1e-6
    ) {
      throw new BetError('target', 'The target is a number with at most two decimals.');
    }
    const winningOutcomes = direction === 'under' ? hundredths : diceOutcomes - 1 - hundredths;
    if (winningOutcomes < variant.minWinningOutcomes || winningOutcomes > variant.maxWinningOutcomes) {
      const low = variant.minWinningOutcomes / 100;
      const high = variant.maxWinningOutcomes / 100;
      throw new BetError('target', `Choose a target that gives a win chance from ${low} % to ${high} %.`);
    }
    return {
      stake,
      direction,
      target: hundredths / 100,
      winningOutcomes,
      payoutIfWon: divideDown(stake * variant.returnPerTenThousand, winningOutcomes),
    };
  },

  stakeOf: (bet) => bet.stake,

  start(bet, variantKey, rng) {
    const variant = variantOf(diceVariants, variantKey, 'dice');
    const roll = rng.int(diceOutcomes);
    const won = diceWins(bet, roll);
    const total = won ? bet.payoutIfWon : 0;
    const view: DiceView = {
      variant: variantKey,
      roll: roll / 100,
      direction: bet.direction,
      target: bet.target,
      chance: bet.winningOutcomes / 100,
      multiplier: variant.returnPerTenThousand / bet.winningOutcomes,
      won,
      stake: bet.stake,
      total,
    };
    return { state: view, finished: true, payout: total, view };
  },
};
