import { isLegalInsideBet, type RouletteBetType, redNumbers } from '../math/roulette.ts';

/**
 * The European roulette layout as geometry, for the board the player clicks and the picker a keyboard
 * uses. Board coordinates: `l` runs along the table (0–1 zero, 1–13 the twelve rows of numbers, 13–14
 * the column bets); `a` runs across it (0–3 the three columns, column 1 — 1, 4, 7… — at 0–1; the dozens
 * at −0.6–0 and the even-money bets at −1.2 to −0.6). The stylesheet lays these out lengthwise on wide
 * screens and upright on narrow ones.
 */

export const boardLength = 14;
export const boardDepth = 4.2;

/** The pockets of a European wheel, clockwise from zero. */
export const wheelOrder = [
  0, 32, 15, 19, 4, 21, 2, 25, 17, 34, 6, 27, 13, 36, 11, 30, 8, 23, 10, 5, 24, 16, 33, 1, 20, 14, 31, 9, 22,
  18, 29, 7, 28, 12, 35, 3, 26,
] as const;

export type PocketColour = 'red' | 'black' | 'green';
export const pocketColour = (pocket: number): PocketColour =>
  pocket === 0 ? 'green' : redNumbers.has(pocket) ? 'red' : 'black';

/** Degrees clockwise from the wheel's zero to the centre of `pocket`. */
export function pocketAngle(pocket: number): number {
  const index = wheelOrder.indexOf(pocket as (typeof wheelOrder)[number]);
  if (index < 0) throw new RangeError(`No pocket ${pocket}`);
  return (index * 360) / wheelOrder.length;
}

/** A bet as the engine takes it, without its amount. */
export type BetSpec =
  | { type: 'straight' | 'split' | 'street' | 'corner' | 'first-four' | 'six-line'; numbers: number[] }
  | { type: 'column' | 'dozen'; index: 1 | 2 | 3 }
  | { type: 'red' | 'black' | 'even' | 'odd' | 'low' | 'high' };

export type InsideType = 'straight' | 'split' | 'street' | 'corner' | 'first-four' | 'six-line';

const inside = (type: InsideType, numbers: number[]): BetSpec => ({
  type,
  numbers: [...numbers].sort((x, y) => x - y),
});

/** The same bet always has the same key, however it was placed. */
export function betKey(spec: BetSpec): string {
  if ('numbers' in spec) return `${spec.type}:${spec.numbers.join('-')}`;
  if ('index' in spec) return `${spec.type}:${spec.index}`;
  return spec.type;
}

const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);

/** The pockets a bet covers. */
export function coveredNumbers(spec: BetSpec): number[] {
  if ('numbers' in spec) return spec.numbers;
  const all = range(1, 36);
  switch (spec.type) {
    case 'column':
      return all.filter((n) => (n - 1) % 3 === spec.index - 1);
    case 'dozen':
      return range((spec.index - 1) * 12 + 1, spec.index * 12);
    case 'red':
      return all.filter((n) => redNumbers.has(n));
    case 'black':
      return all.filter((n) => !redNumbers.has(n));
    case 'even':
      return all.filter((n) => n % 2 === 0);
    case 'odd':
      return all.filter((n) => n % 2 === 1);
    case 'low':
      return range(1, 18);
    default:
      return range(19, 36);
  }
}

/** Row (0–11) and column (0–2) of a number on the layout. */
const rowOf = (n: number) => Math.floor((n - 1) / 3);
const columnOf = (n: number) => (n - 1) % 3;

/** How close to a line between numbers a click must be to bet on the line, in board units per axis. */
export interface EdgeTolerance {
  along: number;
  across: number;
}

export const defaultTolerance: EdgeTolerance = { along: 0.22, across: 0.22 };

/**
 * The bet a click at board point (l, a) on the numbers places: on a number, a straight bet; on the
 * line between two numbers, a split; on the outer edge of a row, a street; where four numbers meet, a
 * corner; on the outer edge between two rows, a six-line; at zero's edge, a split with zero, a trio
 * or the first four. Null outside the numbers (the outside bets are buttons of their own).
 */
export function betAtPoint(
  l: number,
  a: number,
  tolerance: EdgeTolerance = defaultTolerance,
): BetSpec | null {
  const { along, across } = tolerance;
  if (a < 0 || a > 3 || l < 0 || l > 13) return null;
  const outerEdge = a < across;
  const column = Math.min(2, Math.floor(a));
  const fraction = a - column;
  /** The line between column k and k + 1 the point is on, if any. */
  const columnLine =
    fraction < across && column > 0 ? column - 1 : fraction > 1 - across && column < 2 ? column : null;

  // Zero and its edge with the first row.
  if (l < 1 - along) return inside('straight', [0]);
  if (Math.abs(l - 1) < along) {
    if (outerEdge) return inside('first-four', [0, 1, 2, 3]);
    if (Math.abs(a - 1) < across) return inside('street', [0, 1, 2]);
    if (Math.abs(a - 2) < across) return inside('street', [0, 2, 3]);
    return inside('split', [0, column + 1]);
  }

  const row = Math.min(11, Math.floor(l - 1));
  const offset = l - 1 - row;
  // The line between row `boundary − 1` and row `boundary`, if the point is on one.
  const boundary = offset < along && row > 0 ? row : offset > 1 - along && row < 11 ? row + 1 : null;
  if (boundary !== null) {
    const first = 3 * (boundary - 1) + 1;
    if (outerEdge) return inside('six-line', range(first, first + 5));
    if (columnLine !== null) {
      const n = first + columnLine;
      return inside('corner', [n, n + 1, n + 3, n + 4]);
    }
    const n = first + column;
    return inside('split', [n, n + 3]);
  }
  const first = 3 * row + 1;
  if (outerEdge) return inside('street', [first, first + 1, first + 2]);
  if (columnLine !== null) return inside('split', [first + columnLine, first + columnLine + 1]);
  return inside('straight', [first + column]);
}

/** Where a bet's chip sits on the board, in board coordinates. */
export function chipPoint(spec: BetSpec): { l: number; a: number } {
  if ('index' in spec) {
    return spec.type === 'column' ? { l: 13.5, a: spec.index - 0.5 } : { l: 4 * spec.index - 1, a: -0.3 };
  }
  if (!('numbers' in spec)) {
    const order = ['low', 'even', 'red', 'black', 'odd', 'high'];
    return { l: 2 + 2 * order.indexOf(spec.type), a: -0.9 };
  }
  const { numbers } = spec;
  if (numbers[0] === 0) {
    if (numbers.length === 1) return { l: 0.5, a: 1.5 };
    if (spec.type === 'first-four') return { l: 1, a: 0 };
    if (spec.type === 'street') return { l: 1, a: numbers.includes(1) ? 1 : 2 };
    return { l: 1, a: (numbers[1] as number) - 0.5 };
  }
  const lows = numbers.map((n) => 1 + rowOf(n));
  const cols = numbers.map(columnOf);
  const centre = (values: number[]) => (Math.min(...values) + Math.max(...values) + 1) / 2;
  const l = centre(lows);
  switch (spec.type) {
    case 'street':
      return { l, a: 0 };
    case 'six-line':
      return { l, a: 0 };
    default:
      return { l, a: centre(cols) };
  }
}

/** Every inside bet but the straight ups, in the picker's order: what the board's lines offer. */
export function insideBets(): BetSpec[] {
  const bets: BetSpec[] = [];
  for (const n of [1, 2, 3]) bets.push(inside('split', [0, n]));
  for (let n = 1; n <= 36; n++) {
    if (columnOf(n) < 2) bets.push(inside('split', [n, n + 1]));
    if (n + 3 <= 36) bets.push(inside('split', [n, n + 3]));
  }
  bets.push(inside('street', [0, 1, 2]), inside('street', [0, 2, 3]));
  for (let row = 0; row < 12; row++) bets.push(inside('street', [3 * row + 1, 3 * row + 2, 3 * row + 3]));
  bets.push(inside('first-four', [0, 1, 2, 3]));
  for (let n = 1; n <= 32; n++) if (columnOf(n) < 2) bets.push(inside('corner', [n, n + 1, n + 3, n + 4]));
  for (let row = 0; row < 11; row++) bets.push(inside('six-line', range(3 * row + 1, 3 * row + 6)));
  return bets;
}

/** Whether the engine takes the bet; the board builds only these. */
export function isLegalBet(spec: BetSpec): boolean {
  if ('numbers' in spec) return isLegalInsideBet(spec.type as RouletteBetType, spec.numbers);
  return true;
}

/** One bet on the table with the chips on it. */
export interface PlacedBet {
  key: string;
  spec: BetSpec;
  amount: number;
}

export type BetSlip = readonly PlacedBet[];

export const slipTotal = (slip: BetSlip) => slip.reduce((sum, bet) => sum + bet.amount, 0);

export type PlaceRefusal = 'max-stake' | 'max-bets' | 'illegal';

/**
 * The slip with a chip of `amount` added on `spec`: on a bet already there the chips add up. Refused
 * when the table's maximum total stake or the engine's number of bets would be passed.
 */
export function placeChip(
  slip: BetSlip,
  spec: BetSpec,
  amount: number,
  limits: { maxTotal: number; maxBets: number },
): BetSlip | PlaceRefusal {
  if (!isLegalBet(spec)) return 'illegal';
  if (slipTotal(slip) + amount > limits.maxTotal) return 'max-stake';
  const key = betKey(spec);
  const existing = slip.find((bet) => bet.key === key);
  if (existing) return slip.map((bet) => (bet.key === key ? { ...bet, amount: bet.amount + amount } : bet));
  if (slip.length >= limits.maxBets) return 'max-bets';
  return [...slip, { key, spec, amount }];
}

/** The round's bet as the engine parses it. */
export function slipToBet(slip: BetSlip): { bets: Record<string, unknown>[] } {
  return { bets: slip.map(({ spec, amount }) => ({ ...spec, amount })) };
}

/** The chips that make an amount, largest first, for drawing a stack (at most `max` chips). */
export function chipStack(amount: number, chips: readonly number[], max = 5): number[] {
  const stack: number[] = [];
  let left = amount;
  for (const chip of [...chips].sort((x, y) => y - x)) {
    while (left >= chip && stack.length < max) {
      stack.push(chip);
      left -= chip;
    }
  }
  return stack.length > 0 ? stack : [chips[0] ?? amount];
}

/**
 * Chip values for a table: round amounts from the table minimum up, at most six. The minimum is a
 * round's total, so a single chip of the smallest value is enough to play.
 */
export function chipValues(minBet: number, maxBet: number, subunits: number): number[] {
  const ladder = [0.1, 0.5, 1, 2, 5, 10, 25, 50, 100, 500, 1000, 5000, 10_000].map((units) =>
    Math.round(units * subunits),
  );
  const values = ladder.filter((value) => value >= minBet && value <= maxBet);
  if (values[0] !== minBet && minBet <= maxBet) values.unshift(minBet);
  return values.slice(0, 6);
}
