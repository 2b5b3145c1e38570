import { describe, expect, it } from 'vitest';
import { roundRng } from '../fair/round-rng.ts';
import { classicSlot } from '../math/classic-slot.ts';
import { classicFiveLines } from '../math/classic-slot-variants.ts';
import { type VideoSlotView, videoSlot } from '../math/video-slot.ts';
import {
  classicSlotSpins,
  normalPacing,
  presentationAt,
  reducedPacing,
  type SlotEvent,
  slotTimeline,
  videoSlotSpins,
} from './slot-timeline.ts';

const serverSeed = 'a'.repeat(64);

/** The first round from nonce 0 up that `wanted` accepts, played by the real engine. */
function findRound(wanted: (view: VideoSlotView) => boolean): VideoSlotView {
  const bet = videoSlot.parseBet({ stake: 200 }, 'lines20-medium');
  for (let nonce = 0; nonce < 20_000; nonce++) {
    const { view } = videoSlot.start(bet, 'lines20-medium', roundRng(serverSeed, 'timeline', nonce));
    if (wanted(view)) return view;
  }
  throw new Error('no such round in 20,000 spins');
}

const finalState = (view: VideoSlotView, events: SlotEvent[]) =>
  presentationAt(videoSlotSpins(view), events, events.length);

describe('video slot timeline', () => {
  it('stops the reels left to right, then shows each win once, and ends on the round’s total', () => {
    const view = findRound((v) => v.feature === null && (v.spins[0]?.lineWins.length ?? 0) >= 2);
    const spins = videoSlotSpins(view);
    const events = slotTimeline(spins, normalPacing);
    const stops = events.filter((event) => event.type === 'reel-stop');
    expect(stops.map((event) => event.type === 'reel-stop' && event.reel)).toEqual([0, 1, 2, 3, 4]);
    const wins = events.filter((event) => event.type === 'win');
    expect(wins).toHaveLength(spins[0]?.wins.length ?? -1);
    expect(events.findIndex((event) => event.type === 'win')).toBeGreaterThan(
      events.findLastIndex((event) => event.type === 'reel-stop'),
    );
    expect(events.map((event) => event.at)).toEqual(
      [...events.map((event) => event.at)].sort((a, b) => a - b),
    );
    const end = finalState(view, events);
    expect(end.done).toBe(true);
    expect(end.paid).toBe(view.total);
  });

  it('plays the free spins one after another with a counter and the feature’s total', () => {
    const view = findRound((v) => v.feature !== null && v.feature.win > 0);
    const spins = videoSlotSpins(view);
    const events = slotTimeline(spins, normalPacing);
    const feature = view.feature;
    if (!feature) throw new Error('expected a feature');
    expect(events.filter((event) => event.type === 'spin-start')).toHaveLength(feature.spinsPlayed);
    const intro = events.findIndex((event) => event.type === 'feature-start');
    const firstFree = events.findIndex((event) => event.type === 'spin-start');
    expect(intro).toBeGreaterThan(-1);
    expect(intro).toBeLessThan(firstFree);

    const atFirstFree = presentationAt(spins, events, firstFree + 1);
    expect(atFirstFree.free).toEqual({ number: 1, of: view.spins[0]?.freeSpinsAwarded });

    const end = presentationAt(spins, events, events.length);
    expect(end.free?.number).toBe(feature.spinsPlayed);
    expect(end.free?.of).toBe(feature.spinsAwarded);
    expect(end.featurePaid).toBe(feature.win);
    expect(end.paid).toBe(view.total);
  });

  it('shows the scatter that opens the feature as a win of its own', () => {
    const view = findRound((v) => v.feature !== null);
    const base = videoSlotSpins(view)[0];
    const scatter = base?.wins.find((win) => win.kind === 'scatter');
    expect(scatter?.freeSpins).toBe(view.spins[0]?.freeSpinsAwarded);
    expect(scatter?.positions).toHaveLength(view.spins[0]?.scatter.count ?? -1);
  });

  it('stops every reel together when motion is reduced', () => {
    const view = findRound((v) => v.feature === null);
    const events = slotTimeline(videoSlotSpins(view), reducedPacing);
    const stopTimes = new Set(events.filter((event) => event.type === 'reel-stop').map((event) => event.at));
    expect(stopTimes.size).toBe(1);
  });

  it('presents nothing won before the first win event', () => {
    const view = findRound((v) => v.total > 0 && v.feature === null);
    const spins = videoSlotSpins(view);
    const events = slotTimeline(spins, normalPacing);
    const firstWin = events.findIndex((event) => event.type === 'win');
    expect(presentationAt(spins, events, firstWin).paid).toBe(0);
    expect(presentationAt(spins, events, firstWin + 1).win).toBe(0);
  });
});

describe('classic slot timeline', () => {
  it('marks the paying symbols on the line that paid', () => {
    const bet = classicSlot.parseBet({ stake: 50 }, 'five-lines-medium');
    for (let nonce = 0; nonce < 5000; nonce++) {
      const { view } = classicSlot.start(bet, 'five-lines-medium', roundRng(serverSeed, 'classic', nonce));
      const win = view.lineWins.find(
        (candidate) => candidate.line === 4 && candidate.combination !== 'cherry',
      );
      if (!win) continue;
      const [spin] = classicSlotSpins(view, classicFiveLines);
      const shown = spin?.wins.find((candidate) => candidate.line === 4);
      // Line 4 runs from the top left to the bottom right.
      expect(shown?.positions).toEqual([
        { reel: 0, row: 0 },
        { reel: 1, row: 1 },
        { reel: 2, row: 2 },
      ]);
      const events = slotTimeline(classicSlotSpins(view, classicFiveLines), normalPacing);
      expect(presentationAt(classicSlotSpins(view, classicFiveLines), events, events.length).paid).toBe(
        view.total,
      );
      return;
    }
    throw new Error('no diagonal win found');
  });
});
