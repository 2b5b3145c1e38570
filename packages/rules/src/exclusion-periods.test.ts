import { describe, expect, it } from 'vitest';
import { exclusionPeriodNames } from './exclusion-periods.ts';
import { licenceRules } from './licences.ts';

describe('exclusion period names', () => {
  it('name every licence’s time-outs and self-exclusions as the API takes them', () => {
    const { exclusions } = licenceRules('malta');
    expect(exclusionPeriodNames(exclusions, 'timeout')).toEqual([
      '24h',
      '48h',
      '72h',
      '1w',
      '2w',
      '4w',
      '6w',
    ]);
    expect(exclusionPeriodNames(exclusions, 'self_exclusion')).toEqual(['6m', '1y', '5y', 'permanent']);
  });

  it('name hours that are not whole weeks in hours, and months that are not whole years in months', () => {
    const rules = { timeoutHours: [36, 336], selfExclusionMonths: [18, 24, null] };
    expect(exclusionPeriodNames(rules, 'timeout')).toEqual(['36h', '2w']);
    expect(exclusionPeriodNames(rules, 'self_exclusion')).toEqual(['18m', '2y', 'permanent']);
  });
});
