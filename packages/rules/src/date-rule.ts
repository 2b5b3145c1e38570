/**
 * The date rule of visibility settings (spec §5): comma-separated entries, any of which may match.
 *   sundays … saturdays                         that weekday
 *   dd.MM.yyyy                                   that whole day
 *   dd.MM.yyyy/HH:mm:ss                          that second
 *   <date or date-time>-<date or date-time>      the range, both ends included (a date end lasts to 23:59:59)
 * A range whose end is before its start is swapped. An unparsable entry matches nothing; an empty entry
 * matches always. Dates are wall-clock times in the operator's time zone.
 */

const weekdays = [
  'sundays',
  'mondays',
  'tuesdays',
  'wednesdays',
  'thursdays',
  'fridays',
  'saturdays',
] as const;

/** Wall-clock time as a comparable number: yyyyMMddHHmmss. */
type WallClock = number;

interface WallClockNow {
  stamp: WallClock;
  weekday: number;
}

const formatters = new Map<string, Intl.DateTimeFormat>();

/** The wall-clock reading of an instant in a time zone, without any time-zone library. */
export function wallClock(instant: Date, timeZone: string): WallClockNow {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      weekday: 'short',
    });
    formatters.set(timeZone, formatter);
  }
  const parts = Object.fromEntries(formatter.formatToParts(instant).map((part) => [part.type, part.value]));
  const stamp = Number(`${parts.year}${parts.month}${parts.day}${parts.hour}${parts.minute}${parts.second}`);
  const weekday = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'].indexOf(parts.weekday ?? '');
  return { stamp, weekday };
}

const datePattern = /^(\d{2})\.(\d{2})\.(\d{4})(?:\/(\d{2}):(\d{2}):(\d{2}))?$/;

/** `dd.MM.yyyy[/HH:mm:ss]` → the first and last second it covers, or null when it is not a real date. */
function parsePoint(text: string): { from: WallClock; to: WallClock } | null {
  const match = datePattern.exec(text.trim());
  if (!match) return null;
  const [, dd, mm, yyyy, hh, mi, ss] = match;
  const day = Number(dd);
  const month = Number(mm);
  const year = Number(yyyy);
  const probe = new Date(Date.UTC(year, month - 1, day));
  if (probe.getUTCFullYear() !== year || probe.getUTCMonth() !== month - 1 || probe.getUTCDate() !== day)
    return null;
  const date = `${yyyy}${mm}${dd}`;
  if (hh === undefined) return { from: Number(`${date}000000`), to: Number(`${date}235959`) };
  if (Number(hh) > 23 || Number(mi) > 59 || Number(ss) > 59) return null;
  const stamp = Number(`${date}${hh}${mi}${ss}`);
  return { from: stamp, to: stamp };
}

function entryMatches(entry: string, now: WallClockNow): boolean {
  const text = entry.trim().toLowerCase();
  if (text === '') return true;
  const weekday = weekdays.indexOf(text as (typeof weekdays)[number]);
  if (weekday >= 0) return now.weekday === weekday;

  const ends = text.split('-');
  if (ends.length === 1) {
    const point = parsePoint(text);
    return point !== null && now.stamp >= point.from && now.stamp <= point.to;
  }
  if (ends.length !== 2) return false;
  const start = parsePoint(ends[0] ?? '');
  const end = parsePoint(ends[1] ?? '');
  if (!start || !end) return false;
  const [first, last] = start.from <= end.from ? [start, end] : [end, start];
  return now.stamp >= first.from && now.stamp <= last.to;
}

/** Whether a date rule matches at an instant, read as wall-clock time in `timeZone`. */
export function dateRuleMatches(rule: string, instant: Date, timeZone = 'UTC'): boolean {
  const now = wallClock(instant, timeZone);
  return rule.split(',').some((entry) => entryMatches(entry, now));
}
