/** The date (YYYY-MM-DD) and hour of a moment in a time zone, for the small-hours rule. */
export function localClock(timeZone: string): (at: Date) => { date: string; hour: number } {
  const format = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    hourCycle: 'h23',
  });
  return (at) => {
    const parts = Object.fromEntries(format.formatToParts(at).map((part) => [part.type, part.value]));
    return { date: `${parts.year}-${parts.month}-${parts.day}`, hour: Number(parts.hour) };
  };
}
