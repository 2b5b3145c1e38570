import { describe, expect, it } from 'vitest';
import { isValidStake, nearestStake, stakeBounds, stakeLadder, stepStake } from './stakes.ts';

describe('stakeLadder', () => {
  it('offers only stakes a 25-line slot accepts, within its limits', () => {
    const rules = { min: 25, max: 10_000, multipleOf: 25 };
    const ladder = stakeLadder(rules);
    expect(ladder[0]).toBe(25);
    expect(ladder.at(-1)).toBe(10_000);
    expect(ladder).toEqual([25, 50, 75, 100, 125, 200, 250, 500, 1000, 2000, 2500, 5000, 10_000]);
    for (const stake of ladder) expect(isValidStake(stake, rules)).toBe(true);
  });

  it('rounds a minimum that does not divide between the lines up to one that does', () => {
    const ladder = stakeLadder({ min: 10, max: 5000, multipleOf: 20 });
    expect(ladder[0]).toBe(20);
    expect(ladder.every((stake) => stake % 20 === 0)).toBe(true);
  });

  it('steps a table game with a high minimum in round amounts', () => {
    expect(stakeLadder({ min: 500, max: 1_000_000, multipleOf: 1 }).slice(0, 8)).toEqual([
      500, 1000, 1500, 2000, 2500, 5000, 10_000, 20_000,
    ]);
  });

  it('is empty when no stake fits', () => {
    expect(stakeLadder({ min: 30, max: 40, multipleOf: 25 })).toEqual([]);
    expect(stakeBounds({ min: 30, max: 40, multipleOf: 25 })).toBeNull();
  });
});

describe('stepStake', () => {
  const ladder = [10, 20, 50, 100];
  it('moves to the next offered stake and stops at the ends', () => {
    expect(stepStake(20, 1, ladder)).toBe(50);
    expect(stepStake(20, -1, ladder)).toBe(10);
    expect(stepStake(100, 1, ladder)).toBe(100);
    expect(stepStake(10, -1, ladder)).toBe(10);
  });
  it('moves from a stake between rungs to the neighbouring rung', () => {
    expect(stepStake(30, 1, ladder)).toBe(50);
    expect(stepStake(30, -1, ladder)).toBe(20);
  });
  it('finds the nearest offered stake', () => {
    expect(nearestStake(45, ladder)).toBe(50);
    expect(nearestStake(1, ladder)).toBe(10);
    expect(nearestStake(5, [])).toBeNull();
  });
});

describe('isValidStake', () => {
  it('refuses stakes outside the limits or not divisible by the lines', () => {
    const rules = { min: 20, max: 10_000, multipleOf: 20 };
    expect(isValidStake(20, rules)).toBe(true);
    expect(isValidStake(30, rules)).toBe(false);
    expect(isValidStake(10_020, rules)).toBe(false);
    expect(isValidStake(0, rules)).toBe(false);
    expect(isValidStake(20.5, rules)).toBe(false);
  });
});
