/** An amount in minor units as an operator reads it: "€1,234.50", in the console's English. */
export function money(cents: number, currency: string): string {
  try {
    return new Intl.NumberFormat('en-GB', { style: 'currency', currency }).format(cents / 100);
  } catch {
    // A currency Intl does not know (a crypto code): the figure and the code.
    return `${(cents / 100).toFixed(2)} ${currency}`;
  }
}

/** How long ago, in the largest whole unit: "3 d", "5 h", "12 min", "now". */
export function age(fromIso: string, now: number): string {
  const minutes = Math.floor((now - Date.parse(fromIso)) / 60_000);
  if (minutes < 1) return 'now';
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  return hours < 48 ? `${hours} h` : `${Math.floor(hours / 24)} d`;
}

/** A time as the console shows it: ISO date and minutes, UTC (operators in many zones read one). */
export const when = (iso: string) => `${iso.slice(0, 10)} ${iso.slice(11, 16)} UTC`;
