import { adult } from '@chrysos/rules';
import { describe, expect, it } from 'vitest';
import { needsCompletion } from './completion';
import { displayDate, tidyDate } from './profile-values';

describe('birth dates on the profile form', () => {
  it('shows a stored ISO date the way the form reads it', () => {
    expect(displayDate('1990-03-24')).toBe('24.03.1990');
    expect(displayDate('24.03.1990')).toBe('24.03.1990');
    expect(displayDate(null)).toBe('');
  });

  it('tidies what people type into dd.MM.yyyy, and leaves anything else for the rule to judge', () => {
    expect(tidyDate('24031990')).toBe('24.03.1990');
    expect(tidyDate(' 24/3/1990 ')).toBe('24.03.1990');
    expect(tidyDate('4-11-1985')).toBe('04.11.1985');
    expect(tidyDate('1990-03-24')).toBe('1990-03-24');
    expect(adult(tidyDate('1990-03-24'), 18)).toEqual({ key: 'date' });
    expect(adult(tidyDate('24/3/1990'), 18, new Date('2026-01-01'))).toBeNull();
  });
});

describe('CompleteRegistration (spec §4)', () => {
  it('is needed while the country is missing or a social sign-in left fields out', () => {
    expect(needsCompletion({ country: null, auth_fields_missed: [] })).toBe(true);
    expect(needsCompletion({ country: 'GR', auth_fields_missed: ['email'] })).toBe(true);
    expect(needsCompletion({ country: 'GR', auth_fields_missed: [] })).toBe(false);
  });
});
