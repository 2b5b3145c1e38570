import { describe, expect, it } from 'vitest';
import { nextWeek, weekById, weekOf } from './week.ts';

describe('the lottery week (Monday to the Sunday 20:00 draw, Athens time)', () => {
  it('draws at 20:00 Athens on the Sunday, in winter (UTC+2) and in summer (UTC+3)', () => {
    // Tuesday 24 November 2026, winter time.
    expect(weekOf(new Date('2026-11-24T10:00:00Z'))).toEqual({
      id: '2026-11-23',
      opensAt: new Date('2026-11-22T18:00:00Z'),
      drawAt: new Date('2026-11-29T18:00:00Z'),
    });
    // Wednesday 15 July 2026, summer time.
    expect(weekOf(new Date('2026-07-15T12:00:00Z')).drawAt).toEqual(new Date('2026-07-19T17:00:00Z'));
  });

  it('counts Sunday up to 19:59:59 for that draw and Sunday after 20:00 for the next one', () => {
    expect(weekOf(new Date('2026-11-29T17:59:59Z')).id).toBe('2026-11-23');
    expect(weekOf(new Date('2026-11-29T18:00:00Z')).id).toBe('2026-11-30');
    // Monday 00:30 in Athens is still Sunday 22:30 UTC: the new week.
    expect(weekOf(new Date('2026-11-29T22:30:00Z')).id).toBe('2026-11-30');
  });

  it('keeps the draw at 20:00 local across the clock changes', () => {
    // Summer time starts on Sunday 29 March 2026 at 03:00: that evening's draw is at 17:00 UTC.
    const spring = weekOf(new Date('2026-03-29T00:30:00Z'));
    expect(spring).toMatchObject({ id: '2026-03-23', drawAt: new Date('2026-03-29T17:00:00Z') });
    // It opened at the previous Sunday's draw, still in winter time.
    expect(spring.opensAt).toEqual(new Date('2026-03-22T18:00:00Z'));
    // Winter time returns on Sunday 25 October 2026 at 04:00: that draw is at 18:00 UTC.
    const autumn = weekOf(new Date('2026-10-25T17:30:00Z'));
    expect(autumn).toMatchObject({ id: '2026-10-19', drawAt: new Date('2026-10-25T18:00:00Z') });
    expect(autumn.opensAt).toEqual(new Date('2026-10-18T17:00:00Z'));
    // 17:30 UTC on that Sunday is 19:30 in Athens (before the draw); on 29 March it was 20:30 (after).
    expect(weekOf(new Date('2026-03-29T17:30:00Z')).id).toBe('2026-03-30');
  });

  it('reads a week by its Monday and finds the next one', () => {
    expect(weekById('2026-11-23')).toEqual(weekOf(new Date('2026-11-25T00:00:00Z')));
    expect(weekById('2026-11-24')).toBeNull();
    expect(weekById('2026-02-30')).toBeNull();
    expect(nextWeek(weekOf(new Date('2026-12-29T00:00:00Z'))).id).toBe('2027-01-04');
  });
});
