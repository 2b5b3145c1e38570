import type { ExclusionKind, ExclusionPeriod } from '@chrysos/contract';
import { exclusionPeriods } from '@chrysos/contract';
import { licenceRules } from '@chrysos/rules';

const hourMs = 60 * 60 * 1000;

/** The name a period has in the API: `24h`, `1w`, `6m`, `1y`, `permanent`. */
function timeoutName(hours: number): string {
  return hours % (24 * 7) === 0 ? `${hours / (24 * 7)}w` : `${hours}h`;
}
function selfExclusionName(months: number | null): string {
  if (months === null) return 'permanent';
  return months % 12 === 0 ? `${months / 12}y` : `${months}m`;
}

/** The periods of a kind the licence offers (@chrysos/rules licences: its exclusion rules). */
export function periodsOffered(licence: string, kind: ExclusionKind): ExclusionPeriod[] {
  const { exclusions } = licenceRules(licence);
  const names =
    kind === 'timeout'
      ? exclusions.timeoutHours.map(timeoutName)
      : exclusions.selfExclusionMonths.map(selfExclusionName);
  return names.filter((name): name is ExclusionPeriod =>
    (exclusionPeriods as readonly string[]).includes(name),
  );
}

/** Between asking to lift an ended exclusion and confirming it (the licence's cooling-off). */
export function coolingOffMs(licence: string): number {
  return licenceRules(licence).exclusions.liftCoolingOffHours * hourMs;
}

/**
 * When an exclusion of this period taken at `from` ends; null for a permanent one. Hours and weeks are
 * exact; months and years are calendar ones (six months from 24 May end on 24 November, same time).
 */
export function endOf(period: ExclusionPeriod, from: Date): Date | null {
  const match = /^(\d+)([hwmy])$/.exec(period);
  if (!match) return null;
  const count = Number(match[1]);
  const unit = match[2];
  if (unit === 'h') return new Date(from.getTime() + count * hourMs);
  if (unit === 'w') return new Date(from.getTime() + count * 7 * 24 * hourMs);
  const end = new Date(from);
  end.setUTCMonth(end.getUTCMonth() + (unit === 'y' ? 12 * count : count));
  return end;
}
