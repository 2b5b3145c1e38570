import { describe, expect, it } from 'vitest';
import { pickReferralParams, referralQuery, referralTagNames } from './referral.ts';

describe('referral tags', () => {
  it('lists every tag of spec §9', () => {
    expect(referralTagNames).toHaveLength(12 + 8 + 10 + 3);
    expect(referralTagNames).toContain('key4sid');
    expect(referralTagNames).toContain('sub_id_10');
  });

  it('keeps known tags and drops others and unsafe values', () => {
    const params = new URLSearchParams('stag=aff_12&utm_source=news&foo=1&btag=<script>&link_id=');
    expect(pickReferralParams(params)).toEqual({ stag: 'aff_12', utm_source: 'news' });
  });

  it('builds the query string sent with sign-up', () => {
    expect(referralQuery({ stag: 'a b', x: 'y' })).toBe('?stag=a+b');
    expect(referralQuery({})).toBe('');
  });
});
