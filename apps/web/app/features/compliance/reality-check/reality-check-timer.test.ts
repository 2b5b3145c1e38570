import { describe, expect, it } from 'vitest';
import {
  acknowledge,
  count,
  hoursAndMinutes,
  isDue,
  realityCheckKey,
  sessionOf,
} from './reality-check-timer';

const minute = 60_000;
const hour = 60 * minute;

describe('the reality check timer', () => {
  it('keeps one session per licence name', () => {
    expect(realityCheckKey('estonia')).toBe('chrysos.realityCheck.estonia');
    expect(realityCheckKey('malta')).not.toBe(realityCheckKey('estonia'));
  });

  it("starts a new session when none is stored, it is another player's or it is not readable", () => {
    const fresh = { player: 'p1', startedAt: 5_000, elapsedMs: 0, countedUntil: 5_000, nextCheckMs: hour };
    expect(sessionOf(null, 'p1', 5_000, hour)).toEqual(fresh);
    expect(sessionOf({ ...fresh, player: 'p2', elapsedMs: 10 }, 'p1', 5_000, hour)).toEqual(fresh);
    expect(sessionOf({ player: 'p1', elapsedMs: 'x' }, 'p1', 5_000, hour)).toEqual(fresh);
  });

  it('goes on with a stored session, a shorter interval applying from the time counted', () => {
    const stored = { player: 'p1', startedAt: 0, elapsedMs: 50 * minute, countedUntil: 1, nextCheckMs: hour };
    expect(sessionOf(stored, 'p1', 9_999_999, hour)).toEqual(stored);
    expect(sessionOf(stored, 'p1', 9_999_999, 5 * minute).nextCheckMs).toBe(55 * minute);
  });

  it('counts visible time only, and a moment once however many tabs count it', () => {
    let state = sessionOf(null, 'p1', 0, hour);
    state = count(state, 0, 10 * minute);
    expect(state.elapsedMs).toBe(10 * minute);
    // Hidden from 10 to 40 minutes: visible again at 40, counted at 45.
    state = count(state, 40 * minute, 45 * minute);
    expect(state.elapsedMs).toBe(15 * minute);
    // A second tab visible since 30 minutes counts only what the first has not: 45 to 50.
    state = count(state, 30 * minute, 50 * minute);
    expect(state.elapsedMs).toBe(20 * minute);
    expect(count(state, 0, 50 * minute)).toBe(state);
  });

  it('falls due at the interval, and a full interval after each answer', () => {
    let state = sessionOf(null, 'p1', 0, hour);
    state = count(state, 0, hour - 1);
    expect(isDue(state)).toBe(false);
    state = count(state, 0, hour);
    expect(isDue(state)).toBe(true);
    state = acknowledge(count(state, 0, hour + 5 * minute), hour);
    expect(isDue(state)).toBe(false);
    expect(state.nextCheckMs).toBe(2 * hour + 5 * minute);
  });

  it('says a counted time in hours and minutes', () => {
    expect(hoursAndMinutes(hour + 5 * minute + 59_000)).toEqual({ hours: 1, minutes: 5 });
    expect(hoursAndMinutes(59_000)).toEqual({ hours: 0, minutes: 0 });
  });
});
