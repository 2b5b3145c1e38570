import { createHash, createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { drawCycle, dropPoint, seedHash } from './draw.ts';

describe('a jackpot cycle’s drop point', () => {
  it('is what anyone recomputes from the revealed seed, and the seed matches the published hash', () => {
    const cycle = drawCycle(5_000, 20_000);
    expect(cycle.seedHash).toBe(createHash('sha256').update(cycle.serverSeed).digest('hex'));
    expect(seedHash(cycle.serverSeed)).toBe(cycle.seedHash);
    const digest = createHmac('sha256', cycle.serverSeed).update('drop').digest('hex');
    expect(cycle.dropCents).toBe(5_000 + 1 + Number(BigInt(`0x${digest}`) % 15_000n));
    expect(dropPoint(cycle.serverSeed, 5_000, 20_000)).toBe(cycle.dropCents);
  });

  it('lies above the seed and at most the must-drop amount, spread over the whole range', () => {
    const points = Array.from({ length: 2_000 }, () => drawCycle(5_000, 20_000).dropCents);
    expect(Math.min(...points)).toBeGreaterThan(5_000);
    expect(Math.max(...points)).toBeLessThanOrEqual(20_000);
    // Uniform: each third of the range holds about a third of 2,000 draws (far outside 500–830 is broken).
    const third = (point: number) => Math.min(2, Math.floor(((point - 5_001) / 15_000) * 3));
    const thirds = [0, 1, 2].map((at) => points.filter((point) => third(point) === at).length);
    for (const count of thirds) expect(count).toBeGreaterThan(500);
    for (const count of thirds) expect(count).toBeLessThan(830);
  });
});
