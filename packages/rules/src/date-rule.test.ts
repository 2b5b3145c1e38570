import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { dateRuleMatches, wallClock } from './date-rule.ts';

// Wednesday 15 July 2026, 14:30:15 UTC.
const wednesday = new Date('2026-07-15T14:30:15Z');

describe('date rule (spec §5)', () => {
  it.each([
    // weekday names in the plural
    ['wednesdays', true],
    ['WEDNESDAYS', true],
    ['tuesdays', false],
    ['mondays, wednesdays', true],
    ['sundays,saturdays', false],
    ['wednesday', false], // singular is not the syntax: unparsable, no match
    // a single date covers the whole day
    ['15.07.2026', true],
    ['14.07.2026', false],
    // a single date-time is that second
    ['15.07.2026/14:30:15', true],
    ['15.07.2026/14:30:14', false],
    // ranges of dates include both whole end days
    ['01.07.2026-15.07.2026', true],
    ['15.07.2026-31.07.2026', true],
    ['01.07.2026-14.07.2026', false],
    ['16.07.2026-31.07.2026', false],
    // ranges with times
    ['15.07.2026/14:00:00-15.07.2026/15:00:00', true],
    ['15.07.2026/14:30:16-15.07.2026/23:00:00', false],
    ['10.07.2026/00:00:00-15.07.2026/14:30:15', true],
    // mixed: a date start and a date-time end
    ['14.07.2026-15.07.2026/14:30:00', false],
    ['14.07.2026-15.07.2026/14:31:00', true],
    // a range whose end is before its start is swapped
    ['31.07.2026-01.07.2026', true],
    ['15.07.2026/15:00:00-15.07.2026/14:00:00', true],
    ['14.07.2026-01.07.2026', false],
    // unparsable entries match nothing
    ['someday', false],
    ['31.02.2026', false],
    ['15.07.26', false],
    ['15.07.2026/25:00:00', false],
    ['01.07.2026-02.07.2026-03.07.2026', false],
    ['2026-07-15', false],
    // an empty entry matches
    ['', true],
    ['tuesdays,', true],
    [' , tuesdays', true],
    // an unparsable entry does not spoil a matching one
    ['garbage, wednesdays', true],
  ])('%j → %s', (rule, expected) => {
    expect(dateRuleMatches(rule, wednesday)).toBe(expected);
  });

  it('reads dates as wall-clock time in the given time zone', () => {
    // 23:30 UTC on Wednesday is already Thursday 02:30 in Athens (UTC+3 in summer).
    const lateWednesday = new Date('2026-07-15T23:30:00Z');
    expect(dateRuleMatches('wednesdays', lateWednesday, 'UTC')).toBe(true);
    expect(dateRuleMatches('thursdays', lateWednesday, 'Europe/Athens')).toBe(true);
    expect(dateRuleMatches('16.07.2026', lateWednesday, 'Europe/Athens')).toBe(true);
    expect(dateRuleMatches('16.07.2026/02:30:00', lateWednesday, 'Europe/Athens')).toBe(true);
  });
});

const pad = (n: number, width = 2) => String(n).padStart(width, '0');
const formatDate = (date: Date) =>
  `${pad(date.getUTCDate())}.${pad(date.getUTCMonth() + 1)}.${date.getUTCFullYear()}`;
const formatDateTime = (date: Date) =>
  `${formatDate(date)}/${pad(date.getUTCHours())}:${pad(date.getUTCMinutes())}:${pad(date.getUTCSeconds())}`;
const instants = fc.date({
  min: new Date('2000-01-01T00:00:00Z'),
  max: new Date('2099-12-31T23:59:59Z'),
  noInvalidDate: true,
});

describe('date rule properties', () => {
  it('a range matches exactly the instants between its ends, whichever end is written first', () => {
    fc.assert(
      fc.property(instants, instants, instants, (a, b, now) => {
        const [low, high] = a <= b ? [a, b] : [b, a];
        const inside =
          Math.floor(now.getTime() / 1000) >= Math.floor(low.getTime() / 1000) &&
          Math.floor(now.getTime() / 1000) <= Math.floor(high.getTime() / 1000);
        const forwards = dateRuleMatches(`${formatDateTime(a)}-${formatDateTime(b)}`, now);
        const backwards = dateRuleMatches(`${formatDateTime(b)}-${formatDateTime(a)}`, now);
        return forwards === inside && backwards === inside;
      }),
    );
  });

  it('a single date matches every second of that day and no other', () => {
    fc.assert(
      fc.property(instants, instants, (day, now) => {
        const sameDay = formatDate(day) === formatDate(now);
        return dateRuleMatches(formatDate(day), now) === sameDay;
      }),
    );
  });

  it('a list matches when any of its entries matches', () => {
    const entries = fc.oneof(
      fc.constantFrom(
        'mondays',
        'tuesdays',
        'wednesdays',
        'thursdays',
        'fridays',
        'saturdays',
        'sundays',
        'junk',
      ),
      instants.map(formatDate),
      fc.tuple(instants, instants).map(([a, b]) => `${formatDateTime(a)}-${formatDateTime(b)}`),
    );
    fc.assert(
      fc.property(fc.array(entries, { minLength: 1, maxLength: 5 }), instants, (list, now) => {
        const any = list.some((entry) => dateRuleMatches(entry, now));
        return dateRuleMatches(list.join(','), now) === any;
      }),
    );
  });

  it('every instant falls on exactly one weekday', () => {
    const names = ['sundays', 'mondays', 'tuesdays', 'wednesdays', 'thursdays', 'fridays', 'saturdays'];
    fc.assert(
      fc.property(
        instants,
        fc.constantFrom('UTC', 'Europe/Athens', 'America/New_York', 'Asia/Tokyo'),
        (now, zone) => {
          const matching = names.filter((name) => dateRuleMatches(name, now, zone));
          return matching.length === 1 && matching[0] === names[wallClock(now, zone).weekday];
        },
      ),
    );
  });
});
