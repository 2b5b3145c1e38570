import { betObject, stakeField, variantOf } from './bet-input.ts';
import { BetError, type Engine, type VariantDeclaration } from './engine.ts';

/**
 * European single-zero roulette. Numbers 1–36 sit in 12 rows of three on the layout: n is in row
 * ⌈n/3⌉ and column ((n − 1) mod 3) + 1; zero sits above the first row, next to 1, 2 and 3.
 */
export const redNumbers: ReadonlySet<number> = new Set([
  1, 3, 5, 7, 9, 12, 14, 16, 18, 19, 21, 23, 25, 27, 30, 32, 34, 36,
]);

export const rouletteBetTypes = [
  'straight',
  'split',
  'street',
  'corner',
  'first-four',
  'six-line',
  'column',
  'dozen',
  'red',
  'black',
  'even',
  'odd',
  'low',
  'high',
] as const;
export type RouletteBetType = (typeof rouletteBetTypes)[number];

/** Pays x to 1; a winning bet also gets its stake back. Every bet returns 36 per 37 staked. */
export const roulettePays: Readonly<Record<RouletteBetType, number>> = {
  straight: 35,
  split: 17,
  street: 11,
  corner: 8,
  'first-four': 8,
  'six-line': 5,
  column: 2,
  dozen: 2,
  red: 1,
  black: 1,
  even: 1,
  odd: 1,
  low: 1,
  high: 1,
};

export interface RouletteVariant extends VariantDeclaration {
  /** Most bets one round may hold. */
  maxBets: number;
}

export const rouletteVariants: Readonly<Record<string, RouletteVariant>> = {
  european: {
    rtp: 36 / 37,
    rtpMethod:
      'Exact: a bet covering k of the 37 pockets wins with probability k/37 and returns 36/k times its ' +
      'stake (pays 36/k − 1 to 1), so every bet type returns 36/37. Even-money bets lose on zero (no la partage).',
    maxBets: 200,
  },
};

export interface RouletteBet {
  type: RouletteBetType;
  /** Which column or dozen (1–3); only on those bets. */
  index?: 1 | 2 | 3;
  /** The pockets the bet covers, ascending. */
  numbers: number[];
  /** Minor units. */
  amount: number;
}

export interface RouletteRound {
  bets: RouletteBet[];
}

export interface RouletteView {
  variant: string;
  pocket: number;
  colour: 'red' | 'black' | 'green';
  bets: (RouletteBet & { won: boolean; payout: number })[];
  stake: number;
  total: number;
}

const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);
const column = (n: number) => (n - 1) % 3;
const row = (n: number) => Math.floor((n - 1) / 3);

/** The numbers an outside bet covers. */
function outsideNumbers(type: RouletteBetType, index: number | undefined): number[] {
  const numbers = range(1, 36);
  switch (type) {
    case 'column':
      return numbers.filter((n) => column(n) === (index as number) - 1);
    case 'dozen':
      return range(((index as number) - 1) * 12 + 1, (index as number) * 12);
    case 'red':
      return numbers.filter((n) => redNumbers.has(n));
    case 'black':
      return numbers.filter((n) => !redNumbers.has(n));
    case 'even':
      return numbers.filter((n) => n % 2 === 0);
    case 'odd':
      return numbers.filter((n) => n % 2 === 1);
    case 'low':
      return range(1, 18);
    default:
      return range(19, 36);
  }
}

const sameSet = (a: readonly number[], b: readonly number[]) =>
  a.length === b.length && a.every((n, i) => n === b[i]);

/** Whether ascending, distinct `numbers` make a legal inside bet of `type` on a European layout. */
export function isLegalInsideBet(type: RouletteBetType, numbers: readonly number[]): boolean {
  const [a = -1, b = -1, c = -1] = numbers;
  switch (type) {
    case 'straight':
      return numbers.length === 1;
    case 'split':
      if (numbers.length !== 2) return false;
      // Zero borders 1, 2 and 3; otherwise neighbours in a row or in a column.
      if (a === 0) return b >= 1 && b <= 3;
      return (b === a + 1 && row(a) === row(b)) || b === a + 3;
    case 'street':
      if (numbers.length !== 3) return false;
      // A row of the layout, or a trio with zero (0-1-2, 0-2-3).
      if (a === 0) return sameSet(numbers, [0, 1, 2]) || sameSet(numbers, [0, 2, 3]);
      return column(a) === 0 && b === a + 1 && c === a + 2;
    case 'corner':
      return numbers.length === 4 && a >= 1 && column(a) < 2 && sameSet(numbers, [a, a + 1, a + 3, a + 4]);
    case 'first-four':
      return sameSet(numbers, [0, 1, 2, 3]);
    case 'six-line':
      return numbers.length === 6 && a >= 1 && column(a) === 0 && sameSet(numbers, range(a, a + 5));
    default:
      return false;
  }
}

const insideSizes: Partial<Record<RouletteBetType, number>> = {
  straight: 1,
  split: 2,
  street: 3,
  corner: 4,
  'first-four': 4,
  'six-line': 6,
};

function parseOneBet(input: unknown, index: number, maxAmount: number): RouletteBet {
  const field = `bets[${index}]`;
  const raw = betObject(input);
  const type = raw.type as RouletteBetType;
  if (!rouletteBetTypes.includes(type)) throw new BetError(`${field}.type`, 'Choose a bet from the table.');
  const amount = stakeField(raw.amount, `${field}.amount`, maxAmount);

  const size = insideSizes[type];
  if (size !== undefined) {
    const numbers = raw.numbers;
    if (
      !Array.isArray(numbers) ||
      !numbers.every((n): n is number => Number.isInteger(n) && n >= 0 && n <= 36) ||
      new Set(numbers).size !== numbers.length
    ) {
      throw new BetError(`${field}.numbers`, 'A bet covers numbers from 0 to 36, each once.');
    }
    const sorted = [...numbers].sort((x, y) => x - y);
    if (sorted.length !== size || !isLegalInsideBet(type, sorted)) {
      throw new BetError(`${field}.numbers`, `Those numbers do not make a ${type} bet on the table.`);
    }
    return { type, numbers: sorted, amount };
  }

  if (type === 'column' || type === 'dozen') {
    const which = raw.index;
    if (which !== 1 && which !== 2 && which !== 3) {
      throw new BetError(`${field}.index`, `Choose the first, second or third ${type}.`);
    }
    return { type, index: which, numbers: outsideNumbers(type, which), amount };
  }
  return { type, numbers: outsideNumbers(type, undefined), amount };
}

/** The payout of a bet on the pocket: its stake times (pays + 1) when it covers the pocket. */
export const roulettePayout = (bet: RouletteBet, pocket: number) =>
  bet.numbers.includes(pocket) ? bet.amount * (roulettePays[bet.type] + 1) : 0;

const totalStake = (round: RouletteRound) => round.bets.reduce((sum, bet) => sum + bet.amount, 0);

/**
 * European roulette. A bet is `{ bets: [{ type, amount, numbers? , index? }] }`: inside bets name
 * their numbers, columns and dozens their index (1–3), even-money bets nothing more. Draws one
 * `rng.int(37)`: the pocket, 0–36.
 */
export const roulette: Engine<RouletteRound, RouletteView, RouletteView> = {
  id: 'roulette',
  variants: rouletteVariants,

  parseBet(input, variantKey) {
    const variant = variantOf(rouletteVariants, variantKey, 'roulette');
    const list = betObject(input).bets;
    if (!Array.isArray(list) || list.length === 0) {
      throw new BetError('bets', 'Place at least one bet on the table.');
    }
    if (list.length > variant.maxBets) {
      throw new BetError('bets', `A round holds at most ${variant.maxBets} bets.`);
    }
    // A straight-up bet pays 36 times its stake back: keep every payout an exact integer.
    const maxTotal = Math.floor(Number.MAX_SAFE_INTEGER / 36);
    const bets = list.map((entry, index) => parseOneBet(entry, index, maxTotal));
    if (totalStake({ bets }) > maxTotal) {
      throw new BetError('bets', 'The total stake is above the largest this game accepts.');
    }
    return { bets };
  },

  stakeOf: (round) => totalStake(round),

  start(round, variantKey, rng) {
    variantOf(rouletteVariants, variantKey, 'roulette');
    const pocket = rng.int(37);
    const bets = round.bets.map((bet) => {
      const payout = roulettePayout(bet, pocket);
      return { ...bet, won: payout > 0, payout };
    });
    const total = bets.reduce((sum, bet) => sum + bet.payout, 0);
    const view: RouletteView = {
      variant: variantKey,
      pocket,
      colour: pocket === 0 ? 'green' : redNumbers.has(pocket) ? 'red' : 'black',
      bets,
      stake: totalStake(round),
      total,
    };
    return { state: view, finished: true, payout: total, view };
  },
};
