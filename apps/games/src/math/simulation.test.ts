import { describe, expect, it } from 'vitest';
import { rtpAccumulator } from './simulation.ts';

describe('RTP estimate', () => {
  it('reports total paid over total staked with the standard error of a known distribution', () => {
    // A fair coin paying 2 or 0 per 1 staked: RTP 1, standard deviation 1 per round.
    const coin = rtpAccumulator(1);
    for (let round = 0; round < 10_000; round++) coin.add(1, round % 2 === 0 ? 2 : 0);
    const estimate = coin.estimate();
    expect(estimate.rtp).toBe(1);
    expect(estimate.standardDeviation).toBeCloseTo(1, 12);
    expect(estimate.standardError).toBeCloseTo(1 / 100, 4);
  });

  it('weights rounds by what they staked when stakes vary', () => {
    const rounds = rtpAccumulator(10);
    rounds.add(10, 0);
    rounds.add(30, 60);
    const estimate = rounds.estimate();
    expect(estimate.rtp).toBe(60 / 40);
    // Residuals y − R·x: 0 − 1.5 = −1.5 and 6 − 4.5 = 1.5 (in units of 10); variance 4.5 over n − 1.
    expect(estimate.standardError).toBeCloseTo(Math.sqrt(4.5 / 2) / 2, 12);
  });
});
