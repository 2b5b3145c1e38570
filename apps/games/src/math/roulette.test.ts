import { describe, expect, it } from 'vitest';
import { roundRng } from '../fair/round-rng.ts';
import { BetError } from './engine.ts';
import {
  isLegalInsideBet,
  type RouletteBetType,
  redNumbers,
  roulette,
  roulettePayout,
  rouletteVariants,
} from './roulette.ts';
import { scriptedRng } from './scripted-rng.ts';
import { simulateRtp } from './simulation.ts';

const variant = 'european';
const spin = (bets: unknown[], pocket: number) =>
  roulette.start(roulette.parseBet({ bets }, variant), variant, scriptedRng([pocket]));

/** Every subset of 0–36 of the given size, ascending. */
function subsets(size: number, from = 0): number[][] {
  if (size === 0) return [[]];
  const found: number[][] = [];
  for (let n = from; n <= 36; n++) for (const rest of subsets(size - 1, n + 1)) found.push([n, ...rest]);
  return found;
}

describe('roulette payouts', () => {
  it.each([
    ['straight', 'straight', { numbers: [17] }, 17, 18, 3600],
    ['straight on zero', 'straight', { numbers: [0] }, 0, 1, 3600],
    ['split', 'split', { numbers: [17, 20] }, 20, 19, 1800],
    ['split with zero', 'split', { numbers: [0, 2] }, 0, 1, 1800],
    ['street', 'street', { numbers: [16, 17, 18] }, 16, 19, 1200],
    ['trio', 'street', { numbers: [0, 2, 3] }, 3, 1, 1200],
    ['corner', 'corner', { numbers: [17, 18, 20, 21] }, 21, 19, 900],
    ['first four', 'first-four', { numbers: [0, 1, 2, 3] }, 0, 4, 900],
    ['six-line', 'six-line', { numbers: [31, 32, 33, 34, 35, 36] }, 34, 30, 600],
    ['column', 'column', { index: 2 }, 35, 36, 300],
    ['dozen', 'dozen', { index: 3 }, 25, 24, 300],
    ['red', 'red', {}, 19, 20, 200],
    ['black', 'black', {}, 20, 0, 200],
    ['even', 'even', {}, 36, 0, 200],
    ['odd', 'odd', {}, 35, 0, 200],
    ['low', 'low', {}, 18, 19, 200],
    ['high', 'high', {}, 19, 0, 200],
  ])(
    'a %s bet pays back its stake with the win and loses off its numbers',
    (_name, type, extra, winning, losing, paid) => {
      const bet = { type, amount: 100, ...extra };
      expect(spin([bet], winning).payout).toBe(paid);
      expect(spin([bet], losing).payout).toBe(0);
    },
  );

  it('settles several bets at once and shows the pocket’s colour', () => {
    const step = spin(
      [
        { type: 'red', amount: 100 },
        { type: 'straight', numbers: [7], amount: 10 },
        { type: 'dozen', index: 2, amount: 50 },
      ],
      7,
    );
    expect(step.payout).toBe(200 + 360);
    expect(step.view.colour).toBe('red');
    expect(step.view.bets.map((bet) => bet.won)).toEqual([true, true, false]);
    expect(roulette.stakeOf(roulette.parseBet({ bets: [{ type: 'odd', amount: 5 }] }, variant))).toBe(5);
    expect(spin([{ type: 'odd', amount: 5 }], 0).view.colour).toBe('green');
  });

  it('returns 36 for 37 staked on every legal bet of the table', () => {
    const table: { type: RouletteBetType; numbers: number[] }[] = [];
    for (const [type, size] of [
      ['straight', 1],
      ['split', 2],
      ['street', 3],
      ['corner', 4],
    ] as const) {
      for (const numbers of subsets(size)) if (isLegalInsideBet(type, numbers)) table.push({ type, numbers });
    }
    for (let first = 1; first <= 31; first++) {
      const numbers = Array.from({ length: 6 }, (_, i) => first + i);
      if (isLegalInsideBet('six-line', numbers)) table.push({ type: 'six-line', numbers });
    }
    const counts = Object.fromEntries(
      ['straight', 'split', 'street', 'corner', 'six-line'].map((type) => [
        type,
        table.filter((bet) => bet.type === type).length,
      ]),
    );
    // 57 splits on the grid and 0-1, 0-2, 0-3; 12 streets and the trios 0-1-2, 0-2-3.
    expect(counts).toEqual({ straight: 37, split: 60, street: 14, corner: 22, 'six-line': 11 });

    const outside = [
      ...[1, 2, 3].flatMap((index) => [
        { type: 'column', index },
        { type: 'dozen', index },
      ]),
      ...['red', 'black', 'even', 'odd', 'low', 'high'].map((type) => ({ type })),
      { type: 'first-four', numbers: [0, 1, 2, 3] },
    ];
    const bets = roulette.parseBet(
      { bets: [...table, ...outside].map((bet) => ({ ...bet, amount: 37 })) },
      variant,
    ).bets;
    for (const bet of bets) {
      const returned = Array.from({ length: 37 }, (_, pocket) => roulettePayout(bet, pocket)).reduce(
        (a, b) => a + b,
      );
      expect(returned, `${bet.type} ${bet.numbers.join('-')}`).toBe(36 * 37);
    }
    expect(rouletteVariants.european?.rtp).toBe(36 / 37);
  });

  it('has 18 red and 18 black numbers, alternating round the layout as the table prints them', () => {
    expect(redNumbers.size).toBe(18);
    expect(
      [1, 3, 5, 7, 9, 12, 14, 16, 18, 19, 21, 23, 25, 27, 30, 32, 34, 36].every((n) => redNumbers.has(n)),
    ).toBe(true);
  });
});

describe('roulette bets', () => {
  it.each([
    ['split across a row end', { type: 'split', numbers: [3, 4] }],
    ['split not adjacent', { type: 'split', numbers: [1, 5] }],
    ['split of zero and 4', { type: 'split', numbers: [0, 4] }],
    ['street off the row', { type: 'street', numbers: [2, 3, 4] }],
    ['trio 0-1-3', { type: 'street', numbers: [0, 1, 3] }],
    ['corner across a row end', { type: 'corner', numbers: [3, 4, 6, 7] }],
    ['corner with zero', { type: 'corner', numbers: [0, 1, 2, 3] }],
    ['six-line off the rows', { type: 'six-line', numbers: [2, 3, 4, 5, 6, 7] }],
    ['straight on 37', { type: 'straight', numbers: [37] }],
    ['repeated number', { type: 'split', numbers: [5, 5] }],
    ['too many numbers', { type: 'straight', numbers: [5, 6] }],
    ['no numbers', { type: 'corner' }],
    ['fractional number', { type: 'straight', numbers: [1.5] }],
    ['column 4', { type: 'column', index: 4 }],
    ['dozen without index', { type: 'dozen' }],
    ['unknown type', { type: 'basket' }],
  ])('refuses a %s', (_name, bet) => {
    expect(() => roulette.parseBet({ bets: [{ amount: 10, ...bet }] }, variant)).toThrow(BetError);
  });

  it('refuses bad amounts and empty or oversized rounds', () => {
    for (const amount of [0, -5, 2.5, '10', undefined]) {
      expect(() => roulette.parseBet({ bets: [{ type: 'red', amount }] }, variant)).toThrow(BetError);
    }
    expect(() => roulette.parseBet({ bets: [] }, variant)).toThrow(BetError);
    expect(() => roulette.parseBet({}, variant)).toThrow(BetError);
    const many = Array.from({ length: 201 }, () => ({ type: 'red', amount: 1 }));
    expect(() => roulette.parseBet({ bets: many }, variant)).toThrow(BetError);
  });

  it('orders the numbers and takes its own parsed bet back unchanged', () => {
    const bet = roulette.parseBet(
      {
        bets: [
          { type: 'corner', numbers: [21, 17, 20, 18], amount: 10 },
          { type: 'column', index: 1, amount: 10 },
        ],
      },
      variant,
    );
    expect(bet.bets[0]?.numbers).toEqual([17, 18, 20, 21]);
    expect(bet.bets[1]?.numbers).toEqual([1, 4, 7, 10, 13, 16, 19, 22, 25, 28, 31, 34]);
    expect(roulette.parseBet(JSON.parse(JSON.stringify(bet)), variant)).toEqual(bet);
  });
});

describe('roulette simulation', () => {
  it('returns 36/37 over 200,000 spins of a spread of bets', () => {
    const estimate = simulateRtp({
      engine: roulette,
      variant,
      bet: {
        bets: [
          { type: 'straight', numbers: [17], amount: 10 },
          { type: 'split', numbers: [0, 3], amount: 10 },
          { type: 'corner', numbers: [25, 26, 28, 29], amount: 20 },
          { type: 'six-line', numbers: [7, 8, 9, 10, 11, 12], amount: 20 },
          { type: 'dozen', index: 3, amount: 40 },
          { type: 'black', amount: 100 },
        ],
      },
      rounds: 200_000,
      rngOf: (round) => roundRng('2d'.repeat(32), 'roulette', round),
    });
    expect(Math.abs(estimate.rtp - 36 / 37)).toBeLessThan(5 * estimate.standardError);
  });
});
