import { type LicenceName, licences } from '@chrysos/rules';

/**
 * Minutes between reality checks for a signed-in player, or null when none runs: the licence's rule
 * (packages/rules licences) unless REALITY_CHECK_MINUTES sets an interval, which turns it on anywhere.
 */
export function realityCheckMinutes(licence: LicenceName, configured: number | undefined): number | null {
  if (configured !== undefined) return configured;
  const rule = licences[licence].realityCheck;
  return rule.enabled ? rule.intervalMinutes : null;
}
