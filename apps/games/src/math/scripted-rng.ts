import type { Rng } from './engine.ts';

/**
 * A test Rng that returns the given integers in order (each must fit the range asked for) and then
 * fails: a test states exactly what the round draws.
 */
export function scriptedRng(ints: readonly number[]): Rng & { remaining: () => number } {
  const queue = [...ints];
  return {
    int(maxExclusive) {
      const next = queue.shift();
      if (next === undefined) throw new Error('scripted rng: no numbers left');
      if (!Number.isInteger(next) || next < 0 || next >= maxExclusive) {
        throw new Error(`scripted rng: ${next} is not in [0, ${maxExclusive})`);
      }
      return next;
    },
    float() {
      throw new Error('scripted rng: no floats scripted');
    },
    remaining: () => queue.length,
  };
}
