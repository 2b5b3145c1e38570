/**
 * The lottery's week (content/{en,el}/lottery): tickets count from Monday 00:00 to the draw on Sunday
 * at 20:00, Athens time. A deposit on Sunday after the draw counts for the next week's draw (the rules
 * copy says so), so consecutive weeks meet at the draw: a week opens when the previous one is drawn.
 * Times are computed in the Europe/Athens zone, so the draw stays at 20:00 local across the summer
 * time changes (EEST UTC+3, EET UTC+2).
 */
export const lotteryTimeZone = 'Europe/Athens';
const drawHour = 20;

export interface LotteryWeek {
  /** The week's Monday, `YYYY-MM-DD` in Athens. */
  id: string;
  /** The previous week's draw time. */
  opensAt: Date;
  /** Sunday 20:00 in Athens. */
  drawAt: Date;
}

const parts = new Intl.DateTimeFormat('en-GB', {
  timeZone: lotteryTimeZone,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});

/** The wall clock in Athens at `instant`, as if it were UTC (for day arithmetic). */
function athensWall(instant: Date): Date {
  const p = Object.fromEntries(parts.formatToParts(instant).map((part) => [part.type, part.value]));
  return new Date(
    Date.UTC(
      Number(p.year),
      Number(p.month) - 1,
      Number(p.day),
      Number(p.hour),
      Number(p.minute),
      Number(p.second),
    ),
  );
}

/** The instant at which Athens' wall clock reads `wall` (given as UTC fields). */
function fromAthensWall(wall: Date): Date {
  // The offset at a guess near the answer, then once more at the answer (a day with a time change).
  let instant = new Date(wall.getTime() - (athensWall(wall).getTime() - wall.getTime()));
  instant = new Date(wall.getTime() - (athensWall(instant).getTime() - instant.getTime()));
  return instant;
}

const day = 24 * 60 * 60 * 1000;

/** The week whose Monday (Athens) is `monday` (UTC fields at midnight). */
function weekFromMonday(monday: Date): LotteryWeek {
  const sunday = new Date(monday.getTime() + 6 * day + drawHour * 60 * 60 * 1000);
  const previousSunday = new Date(sunday.getTime() - 7 * day);
  return {
    id: monday.toISOString().slice(0, 10),
    opensAt: fromAthensWall(previousSunday),
    drawAt: fromAthensWall(sunday),
  };
}

/** The week a ticket earned at `instant` belongs to: the first draw after it. */
export function weekOf(instant: Date): LotteryWeek {
  const wall = athensWall(instant);
  const weekday = (wall.getUTCDay() + 6) % 7; // Monday 0 … Sunday 6
  const monday = new Date(
    Date.UTC(wall.getUTCFullYear(), wall.getUTCMonth(), wall.getUTCDate()) - weekday * day,
  );
  const week = weekFromMonday(monday);
  return instant.getTime() < week.drawAt.getTime()
    ? week
    : weekFromMonday(new Date(monday.getTime() + 7 * day));
}

/** The week after `week`. */
export function nextWeek(week: LotteryWeek): LotteryWeek {
  return weekFromMonday(new Date(Date.parse(`${week.id}T00:00:00Z`) + 7 * day));
}

/** The week with this id (a Monday), or null for any other text. */
export function weekById(id: string): LotteryWeek | null {
  const monday = new Date(`${id}T00:00:00Z`);
  if (Number.isNaN(monday.getTime()) || monday.getUTCDay() !== 1 || monday.toISOString().slice(0, 10) !== id)
    return null;
  return weekFromMonday(monday);
}
