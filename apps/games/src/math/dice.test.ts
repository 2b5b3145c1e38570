import { describe, expect, it } from 'vitest';
import { roundRng } from '../fair/round-rng.ts';
import { type DiceBet, dice, diceBetRtp, diceOutcomes, diceVariants, diceWins } from './dice.ts';
import { BetError } from './engine.ts';
import { scriptedRng } from './scripted-rng.ts';
import { simulateRtp } from './simulation.ts';

const variant = 'classic';
const parse = (input: object) => dice.parseBet({ stake: 100, ...input }, variant);
const roll = (bet: DiceBet, value: number) => dice.start(bet, variant, scriptedRng([value]));

describe('dice rules', () => {
  it('wins under the target below it and over the target above it, never on the target', () => {
    const under = parse({ target: 50, direction: 'under' });
    expect(under.winningOutcomes).toBe(5000);
    expect(roll(under, 4999).payout).toBe(198);
    expect(roll(under, 5000).payout).toBe(0);
    const over = parse({ target: 50, direction: 'over' });
    expect(over.winningOutcomes).toBe(4999);
    expect(roll(over, 5000).payout).toBe(0);
    expect(roll(over, 5001).view).toMatchObject({ roll: 50.01, won: true });
    expect(diceWins(over, 9999)).toBe(true);
    expect(diceWins(under, 0)).toBe(true);
  });

  it('accepts win chances from 1 % to 98 % and nothing outside', () => {
    expect(parse({ target: 1, direction: 'under' }).winningOutcomes).toBe(100);
    expect(parse({ target: 98, direction: 'under' }).winningOutcomes).toBe(9800);
    expect(parse({ target: 98.99, direction: 'over' }).winningOutcomes).toBe(100);
    expect(parse({ target: 1.99, direction: 'over' }).winningOutcomes).toBe(9800);
    for (const bad of [
      { target: 0.99, direction: 'under' },
      { target: 98.01, direction: 'under' },
      { target: 99, direction: 'over' },
      { target: 1.98, direction: 'over' },
      { target: 50.005, direction: 'under' },
      { target: '50', direction: 'under' },
      { target: Number.NaN, direction: 'under' },
      { target: 50, direction: 'sideways' },
      { target: 50, direction: 'under', stake: 0 },
      { target: 50, direction: 'under', stake: 1.5 },
    ]) {
      expect(() => parse(bad), JSON.stringify(bad)).toThrow(BetError);
    }
  });

  it('pays stake × 0.99 / chance, rounded down to the minor unit', () => {
    expect(parse({ target: 50, direction: 'under' }).payoutIfWon).toBe(198);
    // 100 × 9900 / 3333 = 297.03…
    expect(parse({ target: 33.33, direction: 'under' }).payoutIfWon).toBe(297);
    expect(parse({ target: 1, direction: 'under', stake: 1 }).payoutIfWon).toBe(99);
    // Large stakes stay exact: 9 × 10¹¹ × 9900 / 7777 = 1,145,685,997,171 + 1133/7777.
    expect(parse({ target: 77.77, direction: 'under', stake: 900_000_000_000 }).payoutIfWon).toBe(
      1_145_685_997_171,
    );
    // A stake whose stake × 9900 would not be an exact integer is refused.
    expect(() => parse({ target: 50, direction: 'under', stake: 909_818_106_540 })).toThrow(BetError);
  });

  it('declares each bet’s exact return: at most 99 %, short of it by under one minor unit per win', () => {
    for (const [target, direction, stake] of [
      [50, 'under', 100],
      [33.33, 'under', 100],
      [97.5, 'under', 10],
      [12.34, 'over', 250],
    ] as const) {
      const bet = parse({ target, direction, stake });
      let paid = 0;
      for (let value = 0; value < diceOutcomes; value++) paid += roll(bet, value).payout;
      const exact = paid / (diceOutcomes * stake);
      expect(diceBetRtp(bet)).toBeCloseTo(exact, 15);
      expect(exact).toBeLessThanOrEqual(0.99);
      expect(exact).toBeGreaterThan(0.99 - bet.winningOutcomes / (diceOutcomes * stake));
    }
    expect(diceVariants.classic?.rtp).toBe(0.99);
  });

  it('takes its own parsed bet back unchanged', () => {
    const bet = parse({ target: 49.5, direction: 'over' });
    expect(dice.parseBet(JSON.parse(JSON.stringify(bet)), variant)).toEqual(bet);
  });
});

describe('dice simulation', () => {
  it.each([
    [49.5, 'under'],
    [90, 'over'],
    [95, 'under'],
  ] as const)('target %s %s returns its exact RTP over 100,000 rolls', (target, direction) => {
    const input = { stake: 1000, target, direction };
    const estimate = simulateRtp({
      engine: dice,
      variant,
      bet: input,
      rounds: 100_000,
      rngOf: (round) => roundRng('3c'.repeat(32), `dice-${target}-${direction}`, round),
    });
    const exact = diceBetRtp(dice.parseBet(input, variant));
    expect(Math.abs(estimate.rtp - exact)).toBeLessThan(5 * estimate.standardError);
  });
});
