import type { ClassicSlotView } from '../math/classic-slot.ts';
import type { Position, VideoSlotView } from '../math/video-slot.ts';

/**
 * A slot round as the player watches it: the round's view (every spin already decided) turned into
 * spins, and the spins into a timeline of events — a reel stops, a win lights up, the free spins
 * start. What the screen shows at any moment is `presentationAt(events, applied)`, so the animation
 * can be skipped to its end and always ends on exactly the round's result.
 */

export interface SlotWin {
  kind: 'line' | 'scatter';
  /** 1-based payline; null for the scatter. */
  line: number | null;
  /** The paying symbol (a combination such as `any-bar` on the classic slot). */
  symbol: string;
  count: number;
  positions: Position[];
  amount: number;
  /** Free spins the scatter awards with this win. */
  freeSpins: number;
}

export interface SlotSpin {
  kind: 'base' | 'free';
  /** `grid[reel][row]`. */
  grid: string[][];
  stops: number[];
  multiplier: number;
  wins: SlotWin[];
  win: number;
  /** For a free spin, its number (1-based); null for the base spin. */
  freeNumber: number | null;
  /** Free spins awarded so far, this spin's included. */
  freeAwarded: number;
  /** Free spins this spin added. */
  awardedNow: number;
}

export function videoSlotSpins(view: VideoSlotView): SlotSpin[] {
  let awarded = 0;
  let freeNumber = 0;
  return view.spins.map((spin) => {
    awarded += spin.freeSpinsAwarded;
    if (spin.kind === 'free') freeNumber++;
    const wins: SlotWin[] = spin.lineWins.map((win) => ({
      kind: 'line',
      line: win.line,
      symbol: win.symbol,
      count: win.count,
      positions: win.positions,
      amount: win.amount,
      freeSpins: 0,
    }));
    if (spin.scatter.amount > 0 || spin.freeSpinsAwarded > 0) {
      wins.push({
        kind: 'scatter',
        line: null,
        symbol: 'scatter',
        count: spin.scatter.count,
        positions: spin.scatter.positions,
        amount: spin.scatter.amount,
        freeSpins: spin.freeSpinsAwarded,
      });
    }
    return {
      kind: spin.kind,
      grid: spin.grid,
      stops: spin.stops,
      multiplier: spin.multiplier,
      wins,
      win: spin.win,
      freeNumber: spin.kind === 'free' ? freeNumber : null,
      freeAwarded: awarded,
      awardedNow: spin.freeSpinsAwarded,
    };
  });
}

/** The classic slot's one spin; `lines` are the rows each payline crosses (from the variant). */
export function classicSlotSpins(view: ClassicSlotView, lines: readonly (readonly number[])[]): SlotSpin[] {
  return [
    {
      kind: 'base',
      grid: view.grid,
      stops: view.stops,
      multiplier: 1,
      wins: view.lineWins.map((win) => ({
        kind: 'line',
        line: win.line,
        symbol: win.combination,
        count: win.reels.length,
        positions: win.reels.map((reel) => ({ reel, row: lines[win.line - 1]?.[reel] ?? 0 })),
        amount: win.amount,
        freeSpins: 0,
      })),
      win: view.total,
      freeNumber: null,
      freeAwarded: 0,
      awardedNow: 0,
    },
  ];
}

export type SlotEvent =
  | { at: number; type: 'spin-start'; spin: number }
  | { at: number; type: 'reel-stop'; spin: number; reel: number }
  | { at: number; type: 'win'; spin: number; win: number }
  | { at: number; type: 'feature-start'; spins: number }
  | { at: number; type: 'spin-end'; spin: number }
  | { at: number; type: 'round-end' };

export interface Pacing {
  /** How long the reels spin before the first stops (from the answer's arrival). */
  firstStop: number;
  /** Between two reels stopping. */
  betweenStops: number;
  /** Extra spin for the reels after two scatters have landed (the player waits for a third). */
  anticipation: number;
  /** How long each win is shown before the next. */
  perWin: number;
  /** The feature's announcement. */
  featureIntro: number;
  /** A free spin's reels, faster than the base game's. */
  freeFirstStop: number;
  freeBetweenStops: number;
  freePerWin: number;
  /** Pause after a spin with no win. */
  rest: number;
}

export const normalPacing: Pacing = {
  firstStop: 550,
  betweenStops: 230,
  anticipation: 700,
  perWin: 1100,
  featureIntro: 2000,
  freeFirstStop: 400,
  freeBetweenStops: 150,
  freePerWin: 750,
  rest: 350,
};

/** Reduced motion: the reels stop together and at once; wins still come one after another. */
export const reducedPacing: Pacing = {
  firstStop: 150,
  betweenStops: 0,
  anticipation: 0,
  perWin: 1100,
  featureIntro: 1600,
  freeFirstStop: 150,
  freeBetweenStops: 0,
  freePerWin: 750,
  rest: 350,
};

/** Quick spins: everything at roughly twice the speed. */
export const quickPacing = (pacing: Pacing): Pacing =>
  Object.fromEntries(
    Object.entries(pacing).map(([key, ms]) => [key, Math.round(ms / 2)]),
  ) as unknown as Pacing;

/** The timeline of a round, times in ms from the answer's arrival. */
export function slotTimeline(spins: readonly SlotSpin[], pacing: Pacing): SlotEvent[] {
  const events: SlotEvent[] = [];
  let at = 0;
  spins.forEach((spin, index) => {
    const free = spin.kind === 'free';
    if (index > 0) events.push({ at, type: 'spin-start', spin: index });
    at += free ? pacing.freeFirstStop : pacing.firstStop;
    let scatters = 0;
    spin.grid.forEach((column, reel) => {
      if (reel > 0) at += free ? pacing.freeBetweenStops : pacing.betweenStops;
      // Two scatters down and reels still to stop: let those spin a little longer.
      if (reel > 0 && scatters >= 2) at += pacing.anticipation;
      events.push({ at, type: 'reel-stop', spin: index, reel });
      scatters += column.filter((symbol) => symbol === 'scatter').length;
    });
    at += pacing.rest;
    spin.wins.forEach((_, win) => {
      events.push({ at, type: 'win', spin: index, win });
      at += free ? pacing.freePerWin : pacing.perWin;
    });
    events.push({ at, type: 'spin-end', spin: index });
    if (spin.kind === 'base' && spin.awardedNow > 0 && spins.length > 1) {
      events.push({ at, type: 'feature-start', spins: spin.awardedNow });
      at += pacing.featureIntro;
    }
  });
  events.push({ at, type: 'round-end' });
  return events;
}

/** What the screen shows after some events of the timeline. */
export interface SlotPresentation {
  /** The spin on the reels. */
  spin: number;
  /** Reels stopped on the current spin (the others are spinning). */
  stopped: number;
  /** The win highlighted, as an index into the spin's wins; null when none. */
  win: number | null;
  /** Whether the feature's banner is up. */
  featureIntro: boolean;
  /** Paid so far in the round (the win meter). */
  paid: number;
  /** Paid so far in the free spins. */
  featurePaid: number;
  /** The free spin on the reels (1-based) and how many the feature holds so far; null in the base game. */
  free: { number: number; of: number } | null;
  /** Every event applied: the round is over on screen. */
  done: boolean;
}

export function presentationAt(
  spins: readonly SlotSpin[],
  events: readonly SlotEvent[],
  applied: number,
): SlotPresentation {
  const state: SlotPresentation = {
    spin: 0,
    stopped: 0,
    win: null,
    featureIntro: false,
    paid: 0,
    featurePaid: 0,
    free: null,
    done: false,
  };
  for (const event of events.slice(0, applied)) {
    switch (event.type) {
      case 'spin-start': {
        const spin = spins[event.spin];
        state.spin = event.spin;
        state.stopped = 0;
        state.win = null;
        state.featureIntro = false;
        if (spin?.freeNumber != null) {
          const before = spins[event.spin - 1]?.freeAwarded ?? 0;
          state.free = { number: spin.freeNumber, of: before };
        }
        break;
      }
      case 'reel-stop':
        state.stopped = event.reel + 1;
        break;
      case 'win': {
        const spin = spins[event.spin];
        const win = spin?.wins[event.win];
        state.win = event.win;
        state.paid += win?.amount ?? 0;
        if (spin?.kind === 'free') state.featurePaid += win?.amount ?? 0;
        // A retrigger adds its spins to the counter as its scatter win shows.
        if (state.free && win?.freeSpins) state.free = { ...state.free, of: state.free.of + win.freeSpins };
        break;
      }
      case 'spin-end':
        state.win = null;
        break;
      case 'feature-start':
        state.featureIntro = true;
        break;
      case 'round-end':
        state.done = true;
        state.featureIntro = false;
        state.win = null;
        break;
    }
  }
  return state;
}
