import { describe, expect, it } from 'vitest';
import { roulette } from '../math/roulette.ts';
import {
  betAtPoint,
  betKey,
  chipPoint,
  chipStack,
  chipValues,
  coveredNumbers,
  insideBets,
  isLegalBet,
  placeChip,
  pocketAngle,
  slipToBet,
  slipTotal,
  wheelOrder,
} from './roulette-board.ts';

const numbersAt = (l: number, a: number) => {
  const spec = betAtPoint(l, a);
  return spec && 'numbers' in spec ? { type: spec.type, numbers: spec.numbers } : spec;
};

describe('betAtPoint: a click on the board', () => {
  it('in the middle of a number bets on it straight up', () => {
    // 17 is in row 6 (l 6–7), column 2 (a 1–2).
    expect(numbersAt(6.5, 1.5)).toEqual({ type: 'straight', numbers: [17] });
    expect(numbersAt(0.5, 1.5)).toEqual({ type: 'straight', numbers: [0] });
    expect(numbersAt(12.5, 2.5)).toEqual({ type: 'straight', numbers: [36] });
  });

  it('on the line between two numbers of a row is a split', () => {
    expect(numbersAt(6.5, 1.02)).toEqual({ type: 'split', numbers: [16, 17] });
    expect(numbersAt(6.5, 1.95)).toEqual({ type: 'split', numbers: [17, 18] });
  });

  it('on the line between two rows is a split of the numbers above each other', () => {
    expect(numbersAt(6.03, 1.5)).toEqual({ type: 'split', numbers: [14, 17] });
    expect(numbersAt(6.95, 1.5)).toEqual({ type: 'split', numbers: [17, 20] });
  });

  it('on the outer edge of a row is a street, between two rows a six-line', () => {
    expect(numbersAt(6.5, 0.05)).toEqual({ type: 'street', numbers: [16, 17, 18] });
    expect(numbersAt(6.02, 0.05)).toEqual({ type: 'six-line', numbers: [13, 14, 15, 16, 17, 18] });
  });

  it('where four numbers meet is a corner', () => {
    expect(numbersAt(6.98, 1.98)).toEqual({ type: 'corner', numbers: [17, 18, 20, 21] });
    expect(numbersAt(2.02, 0.99)).toEqual({ type: 'corner', numbers: [1, 2, 4, 5] });
  });

  it('at zero makes splits, trios and the first four', () => {
    expect(numbersAt(1.02, 0.5)).toEqual({ type: 'split', numbers: [0, 1] });
    expect(numbersAt(0.97, 2.5)).toEqual({ type: 'split', numbers: [0, 3] });
    expect(numbersAt(1, 1.03)).toEqual({ type: 'street', numbers: [0, 1, 2] });
    expect(numbersAt(1, 2)).toEqual({ type: 'street', numbers: [0, 2, 3] });
    expect(numbersAt(1, 0.05)).toEqual({ type: 'first-four', numbers: [0, 1, 2, 3] });
  });

  it('has no line beyond the last row or outside the numbers', () => {
    expect(numbersAt(12.99, 1.5)).toEqual({ type: 'straight', numbers: [35] });
    expect(betAtPoint(13.5, 1.5)).toBeNull();
    expect(betAtPoint(6, -0.3)).toBeNull();
  });

  it('only ever builds bets the engine accepts, wherever the click lands', () => {
    for (let l = 0; l <= 13; l += 0.05) {
      for (let a = 0; a <= 3; a += 0.05) {
        const spec = betAtPoint(l, a);
        expect(spec).not.toBeNull();
        if (spec) expect(isLegalBet(spec)).toBe(true);
      }
    }
  });

  it('honours a wider tolerance for small screens', () => {
    expect(numbersAt(6.5, 1.3)).toEqual({ type: 'straight', numbers: [17] });
    const wide = betAtPoint(6.5, 1.3, { along: 0.22, across: 0.35 });
    expect(wide && betKey(wide)).toBe('split:16-17');
  });
});

describe('insideBets (the keyboard picker)', () => {
  it('lists every split, street, corner, six-line, trio and the first four once', () => {
    const bets = insideBets();
    const count = (type: string) => bets.filter((bet) => bet.type === type).length;
    expect(count('split')).toBe(60);
    expect(count('street')).toBe(14);
    expect(count('corner')).toBe(22);
    expect(count('six-line')).toBe(11);
    expect(count('first-four')).toBe(1);
    expect(new Set(bets.map(betKey)).size).toBe(bets.length);
    expect(bets.every(isLegalBet)).toBe(true);
  });

  it('puts each bet’s chip where a click places that bet', () => {
    for (const spec of insideBets()) {
      const { l, a } = chipPoint(spec);
      const clicked = betAtPoint(l, a);
      expect(clicked && betKey(clicked)).toBe(betKey(spec));
    }
  });
});

describe('the bet slip', () => {
  const limits = { maxTotal: 1000, maxBets: 3 };
  const red = { type: 'red' } as const;
  const seventeen = { type: 'straight', numbers: [17] } as const;

  it('stacks chips on the same bet and totals the stake', () => {
    let slip = placeChip([], red, 100, limits);
    slip = placeChip(slip as never, red, 50, limits);
    slip = placeChip(slip as never, { ...seventeen, numbers: [17] }, 10, limits);
    expect(Array.isArray(slip)).toBe(true);
    if (!Array.isArray(slip)) return;
    expect(slip).toHaveLength(2);
    expect(slipTotal(slip)).toBe(160);
    expect(slipToBet(slip)).toEqual({
      bets: [
        { type: 'red', amount: 150 },
        { type: 'straight', numbers: [17], amount: 10 },
      ],
    });
  });

  it('refuses a chip past the table maximum or the number of bets', () => {
    expect(placeChip([{ key: 'red', spec: red, amount: 990 }], red, 20, limits)).toBe('max-stake');
    const full = ['red', 'black', 'odd'].map((type) => ({ key: type, spec: { type } as never, amount: 1 }));
    expect(placeChip(full, { type: 'even' }, 1, limits)).toBe('max-bets');
    expect(placeChip([], { type: 'split', numbers: [1, 5] }, 1, limits)).toBe('illegal');
  });

  it('makes bets the engine parses into the same stake', () => {
    const slip = [
      { key: 'a', spec: { type: 'corner', numbers: [17, 18, 20, 21] }, amount: 20 },
      { key: 'b', spec: { type: 'dozen', index: 3 }, amount: 30 },
      { key: 'c', spec: { type: 'first-four', numbers: [0, 1, 2, 3] }, amount: 5 },
    ] as const;
    const parsed = roulette.parseBet(slipToBet(slip as never), 'european');
    expect(roulette.stakeOf(parsed)).toBe(55);
    expect(parsed.bets[1]?.numbers).toEqual(coveredNumbers({ type: 'dozen', index: 3 }));
  });
});

describe('wheel and chips', () => {
  it('lays the 37 pockets of a European wheel once each', () => {
    expect(new Set(wheelOrder).size).toBe(37);
    expect(pocketAngle(0)).toBe(0);
    expect(pocketAngle(26)).toBeCloseTo((36 * 360) / 37);
  });

  it('offers chips from the table minimum, and draws stacks from them', () => {
    expect(chipValues(10, 100_000, 100)).toEqual([10, 50, 100, 200, 500, 1000]);
    expect(chipValues(500, 1_000_000, 100)).toEqual([500, 1000, 2500, 5000, 10_000, 50_000]);
    expect(chipValues(30, 100_000, 100)[0]).toBe(30);
    expect(chipStack(160, [10, 50, 100])).toEqual([100, 50, 10]);
  });
});
