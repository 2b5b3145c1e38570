import { describe, expect, it } from 'vitest';
import { roundRng } from '../fair/round-rng.ts';
import { BetError } from './engine.ts';
import { scriptedRng } from './scripted-rng.ts';
import { simulateRtp } from './simulation.ts';
import {
  checkVideoSlotVariant,
  evaluateSpin,
  paylines,
  playVideoSlotRound,
  type VideoSlotStrips,
  type VideoSlotSymbol,
  type VideoSlotVariant,
  videoSlot,
} from './video-slot.ts';
import { analyseVideoSlot, expectedFeatureSpins } from './video-slot-rtp.ts';
import { videoSlotVariants } from './video-slot-variants.ts';

/** A three-line variant whose strips are three stops long: at stop 0 each strip is its column of the screen. */
function screenVariant(base: VideoSlotStrips, free: VideoSlotStrips, maxSpins = 50): VideoSlotVariant {
  return {
    rtp: 0,
    rtpMethod: 'test',
    volatility: 'medium',
    lines: 3,
    reels: { base, free },
    pays: {
      wild: [0, 0, 0, 50, 200, 1000],
      high1: [0, 0, 5, 20, 100, 500],
      low1: [0, 0, 0, 5, 10, 40],
    },
    scatterPays: [0, 0, 0, 3, 10, 50],
    freeSpins: { awards: [0, 0, 0, 10, 15, 20], multiplier: 2, maxSpins },
  };
}

const column = (top: VideoSlotSymbol, middle: VideoSlotSymbol, bottom: VideoSlotSymbol) => [
  top,
  middle,
  bottom,
];
const allLow = Array.from({ length: 5 }, () => column('low1', 'low1', 'low1'));
const zeros = (count: number) => Array<number>(count).fill(0);

describe('video slot rules', () => {
  // Middle line: high1 wild high1 high1 low1. Top: low1 wild scatter… Bottom starts with a scatter.
  const base = [
    column('low1', 'high1', 'scatter'),
    column('wild', 'wild', 'low1'),
    column('scatter', 'high1', 'low1'),
    column('low1', 'high1', 'wild'),
    column('scatter', 'low1', 'low1'),
  ];
  const bet = { stake: 3, lineBet: 1 };

  it('pays left to right with the wild standing in, and scatters anywhere times the stake', () => {
    const spin = evaluateSpin(screenVariant(base, allLow), base, zeros(5), bet, 'base');
    expect(spin.grid).toEqual(base);
    expect(spin.lineWins).toEqual([
      {
        line: 1,
        symbol: 'high1',
        count: 4,
        positions: [0, 1, 2, 3].map((reel) => ({ reel, row: 1 })),
        amount: 100,
      },
    ]);
    expect(spin.scatter).toEqual({
      count: 3,
      positions: [
        { reel: 0, row: 2 },
        { reel: 2, row: 0 },
        { reel: 4, row: 0 },
      ],
      amount: 9,
    });
    expect(spin.freeSpinsAwarded).toBe(10);
    expect(spin.win).toBe(109);
  });

  it('pays a run of wilds as wilds when that pays more, and never lets a wild stand in for a scatter', () => {
    const wilds = [
      column('wild', 'wild', 'wild'),
      column('low1', 'wild', 'scatter'),
      column('low1', 'wild', 'low1'),
      column('high1', 'low1', 'low1'),
      column('high1', 'low1', 'low1'),
    ];
    const spin = evaluateSpin(screenVariant(wilds, allLow), wilds, zeros(5), bet, 'base');
    expect(spin.lineWins.map(({ line, symbol, count, amount }) => ({ line, symbol, count, amount }))).toEqual(
      [
        // wild ×3 pays 50, more than low1 ×5 (40).
        { line: 1, symbol: 'wild', count: 3, amount: 50 },
        // wild low1 low1 high1 high1: low1 ×3.
        { line: 2, symbol: 'low1', count: 3, amount: 5 },
      ],
    );
    // Bottom line: wild then a scatter — the lone wild pays nothing and the scatter breaks the line.
    expect(spin.scatter.count).toBe(1);
  });

  it('plays the free spins inside the round, multiplying their wins', () => {
    const variant = screenVariant(base, allLow);
    const rng = scriptedRng(zeros(5 * 11));
    const round = playVideoSlotRound('test', variant, bet, rng);
    expect(rng.remaining()).toBe(0);
    expect(round.spins).toHaveLength(11);
    expect(round.spins.slice(1).every((spin) => spin.kind === 'free' && spin.multiplier === 2)).toBe(true);
    // Every free spin: three lines of low1 ×5 (40 line bets each), doubled.
    expect(round.spins[1]?.win).toBe(240);
    expect(round.feature).toEqual({
      spinsAwarded: 10,
      spinsPlayed: 10,
      multiplier: 2,
      capped: false,
      win: 2400,
    });
    expect(round.total).toBe(109 + 2400);
  });

  it('adds retriggered spins up to the cap', () => {
    // Three scatters on every free screen: each free spin retriggers 10, but the feature holds 12.
    const free = [
      column('scatter', 'low1', 'low1'),
      column('low1', 'scatter', 'low1'),
      column('low1', 'low1', 'scatter'),
      column('high1', 'low1', 'low1'),
      column('high1', 'low1', 'low1'),
    ];
    const round = playVideoSlotRound('test', screenVariant(base, free, 12), bet, scriptedRng(zeros(5 * 13)));
    expect(round.feature).toMatchObject({ spinsAwarded: 12, spinsPlayed: 12, capped: true });
    expect(round.spins.map((spin) => spin.freeSpinsAwarded)).toEqual([10, 2, ...zeros(11)]);
  });

  it('takes a stake that splits evenly between the lines', () => {
    expect(videoSlot.parseBet({ stake: 200 }, 'lines20-medium')).toEqual({ stake: 200, lineBet: 10 });
    for (const stake of [210, 0, -20, 20.5, '200', Number.MAX_SAFE_INTEGER]) {
      expect(() => videoSlot.parseBet({ stake }, 'lines20-medium')).toThrow(BetError);
    }
    expect(() => videoSlot.parseBet(null, 'lines20-medium')).toThrow(BetError);
    expect(() => videoSlot.parseBet({ stake: 200 }, 'no-such-variant')).toThrow(/no variant/);
    // A stored bet goes back through parseBet unchanged (the verification page replays it).
    const bet = videoSlot.parseBet({ stake: 250 }, 'lines25-high');
    expect(videoSlot.parseBet(bet, 'lines25-high')).toEqual(bet);
  });

  it('draws one stop per reel, reel 1 to 5, and shows the strip from that stop down', () => {
    const variant = videoSlotVariants['lines10-low'] as VideoSlotVariant;
    const first = variant.reels.base[0] ?? [];
    const last = variant.reels.base[4] ?? [];
    const stops = [3, 0, 7, 12, last.length - 1];
    const step = videoSlot.start({ stake: 10, lineBet: 1 }, 'lines10-low', scriptedRng(stops));
    const spin = step.view.spins[0];
    expect(spin?.stops).toEqual(stops);
    expect(spin?.grid[0]).toEqual(first.slice(3, 6));
    // The last reel wraps round its strip.
    expect(spin?.grid[4]).toEqual([last[last.length - 1], last[0], last[1]]);
    expect(step.finished).toBe(true);
    expect(step.payout).toBe(step.view.total);
  });
});

describe('video slot maths', () => {
  it('publishes 25 distinct paylines and variants that hold the analysis’ assumptions', () => {
    expect(new Set(paylines.map((line) => line.join())).size).toBe(25);
    for (const variant of Object.values(videoSlotVariants))
      expect(() => checkVideoSlotVariant(variant)).not.toThrow();
  });

  it('declares the RTP its analysis computes', () => {
    for (const [key, variant] of Object.entries(videoSlotVariants)) {
      expect(analyseVideoSlot(variant).rtp, key).toBeCloseTo(variant.rtp, 12);
      expect(variant.rtp, key).toBeGreaterThan(0.94);
      expect(variant.rtp, key).toBeLessThan(0.975);
    }
  });

  it('computes the base game exactly: the analysis matches every stop combination of small strips', () => {
    const strips: VideoSlotSymbol[][] = [
      ['high1', 'low1', 'wild', 'scatter'],
      ['wild', 'low1', 'high1', 'scatter', 'low1'],
      ['low1', 'scatter', 'high1', 'wild'],
      ['high1', 'low1', 'low1', 'scatter', 'wild'],
      ['low1', 'high1', 'scatter', 'low1', 'wild', 'high1'],
    ];
    const variant = { ...screenVariant(strips, strips), lines: 25 };
    const bet = { stake: 25, lineBet: 1 };
    let paid = 0;
    let triggers = 0;
    let combinations = 0;
    const visit = (stops: number[]) => {
      if (stops.length === 5) {
        const spin = evaluateSpin(variant, strips, stops, bet, 'base');
        paid += spin.win;
        if (spin.freeSpinsAwarded > 0) triggers++;
        combinations++;
        return;
      }
      for (let stop = 0; stop < (strips[stops.length]?.length ?? 0); stop++) visit([...stops, stop]);
    };
    visit([]);
    const analysis = analyseVideoSlot(variant);
    expect(combinations).toBe(4 * 5 * 4 * 5 * 6);
    expect(analysis.lineRtp + analysis.scatterRtp).toBeCloseTo(paid / combinations / bet.stake, 12);
    expect(analysis.featureFrequency).toBeCloseTo(triggers / combinations, 12);
  });

  it('counts a feature’s spins exactly, retriggers and cap included', () => {
    // No retrigger: the award. Always retriggering past the cap: the cap.
    expect(expectedFeatureSpins(10, [1, 0, 0, 0, 0, 0], [0, 0, 0, 10, 15, 20], 50)).toBe(10);
    expect(expectedFeatureSpins(10, [0, 0, 0, 1, 0, 0], [0, 0, 0, 10, 15, 20], 12)).toBe(12);
    // A cap far away: the branching process' mean a / (1 − p·A), less the sliver the cap cuts off.
    const p = 0.05;
    const capped = expectedFeatureSpins(10, [1 - p, 0, 0, p, 0, 0], [0, 0, 0, 5, 0, 0], 150);
    expect(capped).toBeCloseTo(10 / (1 - 5 * p), 8);
    expect(capped).toBeLessThan(10 / (1 - 5 * p));
  });
});

describe('video slot simulation', () => {
  // 5 standard errors: a correct RTP fails about once in 1.7 million runs; the seeds are fixed anyway.
  it.each(Object.entries(videoSlotVariants))(
    '%s returns its declared RTP over 100,000 rounds',
    (key, variant) => {
      const estimate = simulateRtp({
        engine: videoSlot,
        variant: key,
        bet: { stake: variant.lines * 10 },
        rounds: 100_000,
        rngOf: (round) => roundRng('0f'.repeat(32), `video-${key}`, round),
      });
      expect(Math.abs(estimate.rtp - variant.rtp)).toBeLessThan(5 * estimate.standardError);
    },
  );
});
