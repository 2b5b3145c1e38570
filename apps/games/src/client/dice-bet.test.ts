import { describe, expect, it } from 'vitest';
import { roundRng } from '../fair/round-rng.ts';
import { dice } from '../math/dice.ts';
import { BetError } from '../math/engine.ts';
import {
  chanceForTarget,
  clampTarget,
  dicePreview,
  flipDirection,
  targetForChance,
  targetRange,
} from './dice-bet.ts';

describe('dice preview', () => {
  it('promises exactly what the engine pays on a win', () => {
    const preview = dicePreview(100, 'under', 49.5);
    if (preview instanceof BetError) throw preview;
    expect(preview.chance).toBe(49.5);
    expect(preview.multiplier).toBe(2);
    expect(preview.payoutIfWon).toBe(200);
    expect(preview.profit).toBe(100);
    for (let nonce = 0; nonce < 200; nonce++) {
      const step = dice.start(
        dice.parseBet({ stake: 100, direction: 'under', target: 49.5 }, 'classic'),
        'classic',
        roundRng('b'.repeat(64), 'dice', nonce),
      );
      if (step.view.won) {
        expect(step.payout).toBe(preview.payoutIfWon);
        return;
      }
    }
  });

  it('rounds the payout down to the minor unit, as the engine does', () => {
    const preview = dicePreview(7, 'over', 66.66);
    if (preview instanceof BetError) throw preview;
    // 3333 winning outcomes: 7 × 9900 / 3333 = 20.79… → 20.
    expect(preview.chance).toBe(33.33);
    expect(preview.payoutIfWon).toBe(20);
  });

  it('gives the engine’s reason for a target out of range', () => {
    expect(dicePreview(100, 'under', 0.5)).toBeInstanceOf(BetError);
    expect(dicePreview(100, 'over', 99)).toBeInstanceOf(BetError);
  });
});

describe('targets and chances', () => {
  it('keeps every target in range valid for the engine', () => {
    for (const direction of ['under', 'over'] as const) {
      const { min, max } = targetRange(direction);
      expect(dicePreview(10, direction, min)).not.toBeInstanceOf(BetError);
      expect(dicePreview(10, direction, max)).not.toBeInstanceOf(BetError);
      expect(chanceForTarget(direction, min)).toBeGreaterThanOrEqual(1);
      expect(chanceForTarget(direction, max)).toBeLessThanOrEqual(98);
    }
    expect(targetRange('over')).toEqual({ min: 1.99, max: 98.99 });
  });

  it('keeps the chance when switching between under and over', () => {
    const flipped = flipDirection('under', 25);
    expect(flipped).toEqual({ direction: 'over', target: 74.99 });
    expect(chanceForTarget('over', flipped.target)).toBe(25);
    expect(flipDirection('over', 74.99)).toEqual({ direction: 'under', target: 25 });
    expect(targetForChance('over', 1)).toBe(98.99);
  });

  it('clamps a typed target into range, to two decimals', () => {
    expect(clampTarget('under', 99.5)).toBe(98);
    expect(clampTarget('over', 0)).toBe(1.99);
    expect(clampTarget('under', 33.333)).toBe(33.33);
    expect(clampTarget('under', Number.NaN)).toBe(1);
  });
});
