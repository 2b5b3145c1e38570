import {
  checkVideoSlotVariant,
  lineWin,
  type VideoSlotStrips,
  type VideoSlotSymbol,
  type VideoSlotVariant,
  videoSlotRows,
} from './video-slot.ts';

export interface VideoSlotAnalysis {
  /** Base-game line wins per unit staked. */
  lineRtp: number;
  /** Base-game scatter wins per unit staked. */
  scatterRtp: number;
  /** Free-spin wins per unit staked (by the base spins that trigger them). */
  featureRtp: number;
  rtp: number;
  /** Probability that a base spin triggers the feature. */
  featureFrequency: number;
  /** Expected free spins of a triggered feature, retriggers and cap included. */
  spinsPerFeature: number;
  /** Expected win of one free spin, in stakes, its multiplier included. */
  freeSpinValue: number;
}

/** Each symbol's share of the stops of each strip. */
function symbolShares(strips: VideoSlotStrips): [VideoSlotSymbol, number][][] {
  return strips.map((strip) => {
    const counts = new Map<VideoSlotSymbol, number>();
    for (const symbol of strip) counts.set(symbol, (counts.get(symbol) ?? 0) + 1);
    return [...counts].map(([symbol, count]) => [symbol, count / strip.length]);
  });
}

/**
 * Expected pay of one payline, in line bets. Whatever the line's shape, the stop of each reel is
 * uniform and independent of the other reels, so the symbol a line crosses on a reel has that strip's
 * symbol shares: the expectation is the sum over every 5-tuple of symbols of its probability times its
 * pay, the same for every line.
 */
function lineExpectation(pays: VideoSlotVariant['pays'], strips: VideoSlotStrips): number {
  const shares = symbolShares(strips);
  const symbols: VideoSlotSymbol[] = [];
  const visit = (reel: number, probability: number): number => {
    const reelShares = shares[reel];
    if (reelShares === undefined) return probability * (lineWin(pays, symbols)?.multiple ?? 0);
    let sum = 0;
    for (const [symbol, share] of reelShares) {
      symbols[reel] = symbol;
      sum += visit(reel + 1, probability * share);
    }
    return sum;
  };
  return visit(0, 1);
}

/**
 * Distribution of the number of scatters on the screen (index 0–5). A reel shows at most one scatter
 * (checked spacing), with probability rows × scatter stops / strip length, independently of the others.
 */
function scatterDistribution(strips: VideoSlotStrips): number[] {
  let distribution = [1];
  for (const strip of strips) {
    const p = (videoSlotRows * strip.filter((symbol) => symbol === 'scatter').length) / strip.length;
    distribution = [...distribution, 0].map((mass, k) => mass * (1 - p) + (distribution[k - 1] ?? 0) * p);
  }
  return distribution;
}

/**
 * Expected free spins played in a feature that starts with `initial` spins, where every free spin
 * retriggers `awards[k]` more with probability `retrigger[k]`, the feature holding at most `cap` spins
 * in all. Exact dynamic programme over (spins left, spins awarded so far); every awarded spin is
 * played, so the spins played are the final award.
 */
export function expectedFeatureSpins(
  initial: number,
  retrigger: readonly number[],
  awards: readonly number[],
  cap: number,
): number {
  const start = Math.min(initial, cap);
  if (start === 0) return 0;
  // mass[left][awarded]
  let mass = Array.from({ length: cap + 1 }, () => new Array<number>(cap + 1).fill(0));
  (mass[start] as number[])[start] = 1;
  let expected = 0;
  for (let step = 0; step < cap; step++) {
    const next = Array.from({ length: cap + 1 }, () => new Array<number>(cap + 1).fill(0));
    for (let left = 1; left <= cap; left++) {
      for (let awarded = left; awarded <= cap; awarded++) {
        const p = mass[left]?.[awarded] ?? 0;
        if (p === 0) continue;
        retrigger.forEach((q, k) => {
          if (q === 0) return;
          const added = Math.min(awards[k] ?? 0, cap - awarded);
          const row = next[left - 1 + added] as number[];
          row[awarded + added] = (row[awarded + added] ?? 0) + p * q;
        });
      }
    }
    // Features with no spin left are over: they played all they were awarded.
    next[0]?.forEach((p, awarded) => {
      expected += p * awarded;
    });
    (next[0] as number[]).fill(0);
    mass = next;
  }
  return expected;
}

/**
 * The variant's RTP, exact up to floating-point rounding: the base game's line and scatter
 * expectations from the strips' symbol shares; the feature's by Wald's identity — whether a free spin
 * is played depends only on the spins before it, so the feature pays on average its expected spin
 * count times the expected win of one free spin.
 */
export function analyseVideoSlot(variant: VideoSlotVariant): VideoSlotAnalysis {
  checkVideoSlotVariant(variant);
  const { awards, multiplier, maxSpins } = variant.freeSpins;
  const scatterPay = (distribution: number[]) =>
    distribution.reduce((sum, p, k) => sum + p * (variant.scatterPays[k] ?? 0), 0);

  const base = scatterDistribution(variant.reels.base);
  const free = scatterDistribution(variant.reels.free);
  const lineRtp = lineExpectation(variant.pays, variant.reels.base);
  const scatterRtp = scatterPay(base);
  const freeSpinValue = multiplier * (lineExpectation(variant.pays, variant.reels.free) + scatterPay(free));

  let featureFrequency = 0;
  let featureSpins = 0;
  base.forEach((p, k) => {
    const initial = awards[k] ?? 0;
    if (initial === 0) return;
    featureFrequency += p;
    featureSpins += p * expectedFeatureSpins(initial, free, awards, maxSpins);
  });
  const featureRtp = featureSpins * freeSpinValue;

  return {
    lineRtp,
    scatterRtp,
    featureRtp,
    rtp: lineRtp + scatterRtp + featureRtp,
    featureFrequency,
    spinsPerFeature: featureFrequency > 0 ? featureSpins / featureFrequency : 0,
    freeSpinValue,
  };
}
