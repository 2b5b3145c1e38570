/** The wheel's day is the casino's: Athens time, whatever the server's zone. */
export const wheelTimeZone = 'Europe/Athens';

/** The calendar day of `at` in Athens, `2026-11-24`. */
export function athensDay(at: Date): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone: wheelTimeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(at);
}

/** Milliseconds Athens is ahead of UTC at `at` (two hours in winter, three in summer). */
function athensOffset(at: Date): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone: wheelTimeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).formatToParts(at);
  const part = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  const wall = Date.UTC(
    part('year'),
    part('month') - 1,
    part('day'),
    part('hour'),
    part('minute'),
    part('second'),
  );
  return wall - Math.floor(at.getTime() / 1000) * 1000;
}

/** The moment the Athens day after `at`'s starts (midnight there). */
export function nextAthensMidnight(at: Date): Date {
  const [year, month, day] = athensDay(at).split('-').map(Number) as [number, number, number];
  const midnightAsUtc = Date.UTC(year, month - 1, day + 1);
  // The offset just before that midnight; a daylight-saving change happens at 03:00/04:00, never at 00:00.
  return new Date(midnightAsUtc - athensOffset(new Date(midnightAsUtc - 6 * 60 * 60 * 1000)));
}
