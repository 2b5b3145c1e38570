import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { loadingProgress } from './loading-progress';

describe('loading bar progress', () => {
  it('starts at 0 and is well under way by the end of the duration', () => {
    expect(loadingProgress(0)).toBe(0);
    expect(loadingProgress(3000)).toBeGreaterThan(80);
  });

  it('always grows and never reaches 100 on its own', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 600_000 }), fc.integer({ min: 1, max: 10_000 }), (t, step) => {
        const now = loadingProgress(t);
        return now < loadingProgress(t + step) || now >= 89.999 ? now < 100 : false;
      }),
    );
  });
});
