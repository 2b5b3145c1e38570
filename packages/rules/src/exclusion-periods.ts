/*
 * The names time-outs and self-exclusions have in the API and the profile (issue 17), from a licence's
 * exclusion rules (licences.ts): a time-out of hours is `24h`, `48h`, `72h`, or whole weeks `1w` … `6w`; a
 * self-exclusion of months is `6m`, or whole years `1y`, `5y`, and `permanent` when it has no end.
 */

/** The name of a time-out of `hours`. */
export const timeoutPeriodName = (hours: number) => (hours % 168 === 0 ? `${hours / 168}w` : `${hours}h`);

/** The name of a self-exclusion of `months` (null: permanent). */
export const selfExclusionPeriodName = (months: number | null) =>
  months === null ? 'permanent' : months % 12 === 0 ? `${months / 12}y` : `${months}m`;

/** The periods of a kind a licence's exclusion rules offer, by name, in the table's order (shortest first). */
export function exclusionPeriodNames(
  rules: { timeoutHours: readonly number[]; selfExclusionMonths: readonly (number | null)[] },
  kind: 'timeout' | 'self_exclusion',
): string[] {
  return kind === 'timeout'
    ? rules.timeoutHours.map(timeoutPeriodName)
    : rules.selfExclusionMonths.map(selfExclusionPeriodName);
}
