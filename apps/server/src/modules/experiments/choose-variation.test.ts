import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { chooseVariation, type Hashable, stickyVariation } from './choose-variation.ts';

/** UUID-shaped ids as analytics-next and the player table make them, the same on every run. */
const subjects = (count: number, salt: string) =>
  Array.from({ length: count }, (_, n) => {
    const hex = createHash('sha256').update(`${salt}:${n}`).digest('hex');
    return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-8${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
  });

const experiment = (weights: [number, number], coverage = 1): Hashable => ({
  id: 'home-welcome-banner',
  seed: 'home-welcome-banner',
  coverage,
  variations: [
    { key: 'control', path: '/', weight: weights[0] },
    { key: 'variant', path: '/b', weight: weights[1] },
  ],
});

/** Pearson's χ² of observed counts against the shares expected. */
const chiSquared = (observed: number[], shares: number[]) => {
  const total = observed.reduce((sum, count) => sum + count, 0);
  return observed.reduce((sum, count, index) => {
    const expected = total * (shares[index] ?? 0);
    return sum + (count - expected) ** 2 / expected;
  }, 0);
};
/** χ² with 1 degree of freedom exceeds this with probability 0.001. */
const critical = 10.83;

describe("an experiment's assignment (GrowthBook's hashing)", () => {
  const ids = subjects(100_000, 'split');

  it.each([
    [0.5, 0.5],
    [0.1, 0.9],
  ] as const)('splits 100,000 subjects at %s/%s as the weights say (χ² < 10.83)', (control, variant) => {
    const counts = [0, 0];
    for (const id of ids) {
      const variation = chooseVariation(experiment([control, variant]), id);
      if (variation === null) throw new Error(`${id} left out at full coverage`);
      counts[variation] = (counts[variation] ?? 0) + 1;
    }
    const statistic = chiSquared(counts, [control, variant]);
    expect(statistic, `counts ${counts.join('/')}, χ² ${statistic.toFixed(2)}`).toBeLessThan(critical);
  });

  it('gives a subject the same variation every time, and leaves out those past the coverage', () => {
    const half = experiment([0.5, 0.5], 0.5);
    const answers = ids.slice(0, 10_000).map((id) => chooseVariation(half, id));
    expect(ids.slice(0, 10_000).map((id) => chooseVariation(half, id))).toEqual(answers);
    const left = answers.filter((answer) => answer === null).length;
    expect(chiSquared([left, answers.length - left], [0.5, 0.5])).toBeLessThan(critical);
  });

  it('moves no stored subject when the weights move from 50/50 to 80/20', () => {
    const before = experiment([0.5, 0.5]);
    const after = experiment([0.8, 0.2]);
    const store = new Map<string, number>();
    for (const id of subjects(10_000, 'sticky')) {
      const variation = stickyVariation(store.get(id), before, id);
      if (variation !== null) store.set(id, variation);
    }
    let moved = 0;
    let movedWithoutStore = 0;
    for (const [id, variation] of store) {
      if (stickyVariation(store.get(id), after, id) !== variation) moved++;
      if (chooseVariation(after, id) !== variation) movedWithoutStore++;
    }
    expect(moved).toBe(0);
    // What the store prevents: hashing alone would move the variant's subjects in [0.5, 0.8) (30 %).
    expect(movedWithoutStore / store.size).toBeGreaterThan(0.25);
  });
});
