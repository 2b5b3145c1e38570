import type { Volatility } from '../studio-types.ts';
import { betObject, maxStakeFor, stakeField, variantOf } from './bet-input.ts';
import { BetError, type Engine, type Rng, type VariantDeclaration } from './engine.ts';
import { minimumSpacing, windowAt } from './slot-reels.ts';
import { videoSlotVariants } from './video-slot-variants.ts';

/**
 * Five reels of three rows. Symbols are maths names; a title's artwork decides what `high1` looks like
 * (Zeus, a trireme, an owl tetradrachm…).
 */
export const videoSlotSymbols = [
  'wild',
  'scatter',
  'high1',
  'high2',
  'high3',
  'high4',
  'low1',
  'low2',
  'low3',
  'low4',
  'low5',
] as const;
export type VideoSlotSymbol = (typeof videoSlotSymbols)[number];

export const videoSlotReels = 5;
export const videoSlotRows = 3;

/**
 * The row (0 top, 1 middle, 2 bottom) a payline crosses on each reel, in the order players see them
 * numbered. A variant with n lines plays the first n.
 */
export const paylines: readonly (readonly number[])[] = [
  [1, 1, 1, 1, 1],
  [0, 0, 0, 0, 0],
  [2, 2, 2, 2, 2],
  [0, 1, 2, 1, 0],
  [2, 1, 0, 1, 2],
  [1, 0, 0, 0, 1],
  [1, 2, 2, 2, 1],
  [0, 0, 1, 2, 2],
  [2, 2, 1, 0, 0],
  [1, 2, 1, 0, 1],
  [1, 0, 1, 2, 1],
  [0, 1, 1, 1, 0],
  [2, 1, 1, 1, 2],
  [0, 1, 0, 1, 0],
  [2, 1, 2, 1, 2],
  [1, 1, 0, 1, 1],
  [1, 1, 2, 1, 1],
  [0, 0, 2, 0, 0],
  [2, 2, 0, 2, 2],
  [0, 2, 2, 2, 0],
  [2, 0, 0, 0, 2],
  [1, 0, 2, 0, 1],
  [1, 2, 0, 2, 1],
  [0, 2, 0, 2, 0],
  [2, 0, 2, 0, 2],
];

export type VideoSlotStrips = readonly (readonly VideoSlotSymbol[])[];

export interface VideoSlotVariant extends VariantDeclaration {
  volatility: Volatility;
  /** Paylines played, all of them on every spin: the first `lines` of `paylines`. */
  lines: number;
  /** Reel strips of the base game and of the free spins, one per reel. */
  reels: { base: VideoSlotStrips; free: VideoSlotStrips };
  /**
   * Line pays in line bets by the number of symbols in a row from the leftmost reel (index 0–5). The
   * wild stands in for every symbol but the scatter and also pays as itself; a line pays its best win.
   */
  pays: Readonly<Partial<Record<Exclude<VideoSlotSymbol, 'scatter'>, readonly number[]>>>;
  /** Scatter pays in total stakes by the number of scatters anywhere on the screen (index 0–5). */
  scatterPays: readonly number[];
  freeSpins: {
    /** Free spins awarded by the number of scatters (index 0–5), in the base game and as retriggers. */
    awards: readonly number[];
    /** Every free-spin win, line and scatter, is multiplied by this. */
    multiplier: number;
    /** Most free spins one feature can hold, retriggers included; awards beyond it are cut. */
    maxSpins: number;
  };
}

export interface VideoSlotBet {
  /** Minor units per spin, the same for the free spins it wins; a multiple of the line count. */
  stake: number;
  lineBet: number;
}

export interface Position {
  reel: number;
  row: number;
}

export interface LineWin {
  /** 1-based, as on the paytable. */
  line: number;
  symbol: Exclude<VideoSlotSymbol, 'scatter'>;
  count: number;
  positions: Position[];
  amount: number;
}

export interface SpinView {
  kind: 'base' | 'free';
  /** Applied to every win of the spin. */
  multiplier: number;
  /** The stop drawn on each reel: the top row shows `strip[stop]`. */
  stops: number[];
  /** `grid[reel][row]`, rows from the top. */
  grid: VideoSlotSymbol[][];
  lineWins: LineWin[];
  scatter: { count: number; positions: Position[]; amount: number };
  /** Free spins this spin added to the feature (after the cap). */
  freeSpinsAwarded: number;
  win: number;
}

export interface VideoSlotView {
  variant: string;
  stake: number;
  lineBet: number;
  lines: number;
  /** The base spin, then each free spin in the order played. */
  spins: SpinView[];
  feature: {
    spinsAwarded: number;
    spinsPlayed: number;
    multiplier: number;
    /** Whether an award was cut to keep the feature within `maxSpins`. */
    capped: boolean;
    win: number;
  } | null;
  /** The round's payout: every spin's win. */
  total: number;
}

/** The best win of one line's five symbols, in line bets, or null. */
export function lineWin(
  pays: VideoSlotVariant['pays'],
  symbols: readonly VideoSlotSymbol[],
): { symbol: Exclude<VideoSlotSymbol, 'scatter'>; count: number; multiple: number } | null {
  let wilds = 0;
  while (wilds < symbols.length && symbols[wilds] === 'wild') wilds++;
  const wildMultiple = pays.wild?.[wilds] ?? 0;
  let best: ReturnType<typeof lineWin> =
    wildMultiple > 0 ? { symbol: 'wild', count: wilds, multiple: wildMultiple } : null;
  const target = symbols[wilds];
  if (target !== undefined && target !== 'scatter') {
    let count = wilds;
    while (count < symbols.length && (symbols[count] === target || symbols[count] === 'wild')) count++;
    const multiple = pays[target]?.[count] ?? 0;
    if (multiple > (best?.multiple ?? 0)) best = { symbol: target, count, multiple };
  }
  return best;
}

/** One spin's outcome for the given stops; wins are in minor units, multiplied by `multiplier`. */
export function evaluateSpin(
  variant: VideoSlotVariant,
  strips: VideoSlotStrips,
  stops: readonly number[],
  bet: VideoSlotBet,
  kind: SpinView['kind'],
): SpinView {
  const multiplier = kind === 'free' ? variant.freeSpins.multiplier : 1;
  const grid = strips.map((strip, reel) => windowAt(strip, stops[reel] ?? 0, videoSlotRows));
  const symbolAt = (reel: number, row: number) => grid[reel]?.[row] as VideoSlotSymbol;

  const lineWins: LineWin[] = [];
  const symbols: VideoSlotSymbol[] = [];
  for (let line = 0; line < variant.lines; line++) {
    const rows = paylines[line] as readonly number[];
    for (let reel = 0; reel < videoSlotReels; reel++) symbols[reel] = symbolAt(reel, rows[reel] as number);
    const win = lineWin(variant.pays, symbols);
    if (win === null) continue;
    lineWins.push({
      line: line + 1,
      symbol: win.symbol,
      count: win.count,
      positions: rows.slice(0, win.count).map((row, reel) => ({ reel, row })),
      amount: win.multiple * bet.lineBet * multiplier,
    });
  }

  const scatterPositions = grid.flatMap((column, reel) =>
    column.flatMap((symbol, row) => (symbol === 'scatter' ? [{ reel, row }] : [])),
  );
  const scatterCount = scatterPositions.length;
  const scatterAmount = (variant.scatterPays[scatterCount] ?? 0) * bet.stake * multiplier;

  return {
    kind,
    multiplier,
    stops: [...stops],
    grid,
    lineWins,
    scatter: { count: scatterCount, positions: scatterPositions, amount: scatterAmount },
    freeSpinsAwarded: variant.freeSpins.awards[scatterCount] ?? 0,
    win: lineWins.reduce((sum, win) => sum + win.amount, 0) + scatterAmount,
  };
}

/** Upper bound of a round's payout in stakes: every line and the scatter at their best on every spin. */
export function maxPayoutMultiple(variant: VideoSlotVariant): number {
  const bestLine = Math.max(0, ...Object.values(variant.pays).flatMap((pays) => [...pays]));
  const bestSpin = bestLine + Math.max(0, ...variant.scatterPays);
  return bestSpin * (1 + variant.freeSpins.multiplier * variant.freeSpins.maxSpins);
}

/**
 * The assumptions the maths and its RTP analysis rest on; throws on a variant that breaks one. Scatters
 * at least three stops apart show at most one per reel, so a reel shows a scatter with probability
 * 3·(scatters on the strip)/(strip length).
 */
export function checkVideoSlotVariant(variant: VideoSlotVariant): void {
  const fail = (why: string) => {
    throw new Error(`Video slot variant: ${why}`);
  };
  if (!Number.isInteger(variant.lines) || variant.lines < 1 || variant.lines > paylines.length) {
    fail(`${variant.lines} lines`);
  }
  for (const strips of [variant.reels.base, variant.reels.free]) {
    if (strips.length !== videoSlotReels) fail('five strips per reel set');
    for (const strip of strips) {
      if (strip.length < videoSlotRows) fail('a strip shorter than the window');
      if (minimumSpacing(strip, 'scatter') < videoSlotRows) fail('two scatters within one window');
    }
  }
  for (const table of [...Object.values(variant.pays), variant.scatterPays, variant.freeSpins.awards]) {
    if (
      table.length !== videoSlotReels + 1 ||
      table.some((value) => !Number.isSafeInteger(value) || value < 0)
    ) {
      fail('a pay or award table is not six whole numbers');
    }
  }
  const { multiplier, maxSpins } = variant.freeSpins;
  if (
    !Number.isSafeInteger(multiplier) ||
    multiplier < 1 ||
    !Number.isSafeInteger(maxSpins) ||
    maxSpins < 1
  ) {
    fail('free-spin multiplier and cap are positive whole numbers');
  }
}

/**
 * One round: the base spin, then, when it shows enough scatters, the free spins it awards, played at
 * once, retriggers added until the feature's cap. Draws, spin after spin, reel 1 to 5: `rng.int(strip
 * length)` for the stop of each reel (top row).
 */
export function playVideoSlotRound(
  variantKey: string,
  variant: VideoSlotVariant,
  bet: VideoSlotBet,
  rng: Rng,
): VideoSlotView {
  const spin = (kind: SpinView['kind']) => {
    const strips = kind === 'base' ? variant.reels.base : variant.reels.free;
    const stops = strips.map((strip) => rng.int(strip.length));
    return evaluateSpin(variant, strips, stops, bet, kind);
  };

  const base = spin('base');
  const spins = [base];
  let feature: VideoSlotView['feature'] = null;
  if (base.freeSpinsAwarded > 0) {
    const { maxSpins, multiplier } = variant.freeSpins;
    let awarded = Math.min(base.freeSpinsAwarded, maxSpins);
    let capped = awarded < base.freeSpinsAwarded;
    base.freeSpinsAwarded = awarded;
    let played = 0;
    let win = 0;
    while (played < awarded) {
      const free = spin('free');
      played++;
      const added = Math.min(free.freeSpinsAwarded, maxSpins - awarded);
      capped ||= added < free.freeSpinsAwarded;
      free.freeSpinsAwarded = added;
      awarded += added;
      win += free.win;
      spins.push(free);
    }
    feature = { spinsAwarded: awarded, spinsPlayed: played, multiplier, capped, win };
  }

  return {
    variant: variantKey,
    stake: bet.stake,
    lineBet: bet.lineBet,
    lines: variant.lines,
    spins,
    feature,
    total: spins.reduce((sum, played) => sum + played.win, 0),
  };
}

/** Five-reel, three-row line slot with wilds, scatter pays and a free-spins feature inside the round. */
export const videoSlot: Engine<VideoSlotBet, VideoSlotView, VideoSlotView> = {
  id: 'video-slot',
  variants: videoSlotVariants,

  parseBet(input, variantKey) {
    const variant = variantOf(videoSlotVariants, variantKey, 'video slot');
    const stake = stakeField(betObject(input).stake, 'stake', maxStakeFor(maxPayoutMultiple(variant)));
    if (stake % variant.lines !== 0) {
      throw new BetError('stake', `The stake must divide evenly between the ${variant.lines} lines.`);
    }
    return { stake, lineBet: stake / variant.lines };
  },

  stakeOf: (bet) => bet.stake,

  start(bet, variantKey, rng) {
    const view = playVideoSlotRound(
      variantKey,
      variantOf(videoSlotVariants, variantKey, 'video slot'),
      bet,
      rng,
    );
    // A slot round has nothing hidden and nothing left to play: its state is what the player saw.
    return { state: view, finished: true, payout: view.total, view };
  },
};
