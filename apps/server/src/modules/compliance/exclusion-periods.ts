import { type ExclusionKind, type ExclusionPeriod, offeredExclusionPeriods } from '@chrysos/contract';
import { licenceRules } from '@chrysos/rules';

const hourMs = 60 * 60 * 1000;

/** The periods of a kind the licence offers (@chrysos/rules licences: its exclusion rules). */
export function periodsOffered(licence: string, kind: ExclusionKind): ExclusionPeriod[] {
  return offeredExclusionPeriods(licenceRules(licence).exclusions, kind);
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
