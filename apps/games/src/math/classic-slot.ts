import type { Volatility } from '../studio-types.ts';
import { betObject, maxStakeFor, stakeField, variantOf } from './bet-input.ts';
import { classicSlotVariants } from './classic-slot-variants.ts';
import { BetError, type Engine, type Rng, type VariantDeclaration } from './engine.ts';
import { windowAt } from './slot-reels.ts';

/** The symbols of a three-reel fruit machine; `blank` is the gap between symbols on the strip. */
export const classicSlotSymbols = ['seven', 'triple-bar', 'double-bar', 'bar', 'cherry', 'blank'] as const;
export type ClassicSlotSymbol = (typeof classicSlotSymbols)[number];

const bars: readonly ClassicSlotSymbol[] = ['triple-bar', 'double-bar', 'bar'];

export const classicSlotReels = 3;

export interface ClassicSlotVariant extends VariantDeclaration {
  volatility: Volatility;
  /** Rows shown: 1 (the centre line alone) or 3. */
  rows: 1 | 3;
  /** The row each line crosses on each reel; every line is played on every spin. */
  lines: readonly (readonly number[])[];
  /** Reel strips, one per reel. */
  reels: readonly (readonly ClassicSlotSymbol[])[];
  /** Pays in line bets. */
  pays: {
    /** Three of the same symbol. */
    seven: number;
    'triple-bar': number;
    'double-bar': number;
    bar: number;
    /** Three bars of mixed kinds. */
    anyBar: number;
    /** By the number of cherries anywhere on the line (index 0–3). */
    cherries: readonly number[];
  };
}

export interface ClassicSlotBet {
  /** Minor units per spin, split evenly between the lines. */
  stake: number;
  lineBet: number;
}

export interface ClassicLineWin {
  /** 1-based. */
  line: number;
  /** What paid: a symbol for three of a kind, `any-bar` for mixed bars, `cherry` for cherries. */
  combination: 'seven' | 'triple-bar' | 'double-bar' | 'bar' | 'any-bar' | 'cherry';
  /** Reels (0-based) whose symbols make the win: all three, or where the cherries are. */
  reels: number[];
  amount: number;
}

export interface ClassicSlotView {
  variant: string;
  stake: number;
  lineBet: number;
  /** The stop drawn on each reel: the top row shows `strip[stop]`. */
  stops: number[];
  /** `grid[reel][row]`, rows from the top. */
  grid: ClassicSlotSymbol[][];
  lineWins: ClassicLineWin[];
  total: number;
}

/** The win of one line's three symbols, in line bets, or null. A line pays one win, the only one it can have. */
export function classicLineWin(
  pays: ClassicSlotVariant['pays'],
  symbols: readonly ClassicSlotSymbol[],
): { combination: ClassicLineWin['combination']; reels: number[]; multiple: number } | null {
  const cherryReels = symbols.flatMap((symbol, reel) => (symbol === 'cherry' ? [reel] : []));
  if (cherryReels.length > 0) {
    const multiple = pays.cherries[cherryReels.length] ?? 0;
    return multiple > 0 ? { combination: 'cherry', reels: cherryReels, multiple } : null;
  }
  const [first] = symbols;
  const all = [0, 1, 2];
  if (first !== undefined && first !== 'blank' && symbols.every((symbol) => symbol === first)) {
    const multiple = pays[first as Exclude<ClassicSlotSymbol, 'blank' | 'cherry'>];
    return multiple > 0
      ? { combination: first as ClassicLineWin['combination'], reels: all, multiple }
      : null;
  }
  if (symbols.every((symbol) => bars.includes(symbol)) && pays.anyBar > 0) {
    return { combination: 'any-bar', reels: all, multiple: pays.anyBar };
  }
  return null;
}

/** The outcome of the given stops; amounts in minor units. */
export function evaluateClassicSpin(
  variantKey: string,
  variant: ClassicSlotVariant,
  stops: readonly number[],
  bet: ClassicSlotBet,
): ClassicSlotView {
  const grid = variant.reels.map((strip, reel) => windowAt(strip, stops[reel] ?? 0, variant.rows));
  const lineWins: ClassicLineWin[] = [];
  variant.lines.forEach((rows, index) => {
    const win = classicLineWin(
      variant.pays,
      rows.map((row, reel) => grid[reel]?.[row] as ClassicSlotSymbol),
    );
    if (win) {
      lineWins.push({
        line: index + 1,
        combination: win.combination,
        reels: win.reels,
        amount: win.multiple * bet.lineBet,
      });
    }
  });
  return {
    variant: variantKey,
    stake: bet.stake,
    lineBet: bet.lineBet,
    stops: [...stops],
    grid,
    lineWins,
    total: lineWins.reduce((sum, win) => sum + win.amount, 0),
  };
}

/** Largest payout of a spin in stakes: the best pay on every line. */
export function classicMaxPayoutMultiple(variant: ClassicSlotVariant): number {
  const { cherries, ...threes } = variant.pays;
  return Math.max(...Object.values(threes), ...cherries);
}

/** Throws on a variant whose lines or strips do not fit its window. */
export function checkClassicSlotVariant(variant: ClassicSlotVariant): void {
  if (
    variant.reels.length !== classicSlotReels ||
    variant.reels.some((strip) => strip.length < variant.rows)
  ) {
    throw new Error('Classic slot variant: three strips, each at least as long as the window');
  }
  const fits = (rows: readonly number[]) =>
    rows.length === classicSlotReels &&
    rows.every((row) => Number.isInteger(row) && row >= 0 && row < variant.rows);
  if (variant.lines.length < 1 || !variant.lines.every(fits)) {
    throw new Error('Classic slot variant: every line crosses one shown row per reel');
  }
}

/** Draws `rng.int(strip length)` for the stop of reel 1, 2, then 3 (the top row shown). */
function spin(variantKey: string, variant: ClassicSlotVariant, bet: ClassicSlotBet, rng: Rng) {
  const stops = variant.reels.map((strip) => rng.int(strip.length));
  return evaluateClassicSpin(variantKey, variant, stops, bet);
}

/** Three-reel fruit machine: sevens, bars, mixed bars and cherries that pay anywhere on the line. */
export const classicSlot: Engine<ClassicSlotBet, ClassicSlotView, ClassicSlotView> = {
  id: 'classic-slot',
  variants: classicSlotVariants,

  parseBet(input, variantKey) {
    const variant = variantOf(classicSlotVariants, variantKey, 'classic slot');
    const stake = stakeField(betObject(input).stake, 'stake', maxStakeFor(classicMaxPayoutMultiple(variant)));
    const lines = variant.lines.length;
    if (stake % lines !== 0) {
      throw new BetError('stake', `The stake must divide evenly between the ${lines} lines.`);
    }
    return { stake, lineBet: stake / lines };
  },

  stakeOf: (bet) => bet.stake,

  start(bet, variantKey, rng) {
    const view = spin(variantKey, variantOf(classicSlotVariants, variantKey, 'classic slot'), bet, rng);
    return { state: view, finished: true, payout: view.total, view };
  },
};
