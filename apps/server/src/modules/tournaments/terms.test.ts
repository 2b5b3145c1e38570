import { describe, expect, it } from 'vitest';
import { euroCents, mayEnter, paidPlaces, prizeOf, stateOf, type TournamentRow } from './terms.ts';

const tournament: TournamentRow = {
  id: 'test-cup',
  startAt: new Date('2026-12-01T00:00:00Z'),
  endAt: new Date('2026-12-08T00:00:00Z'),
  pointsRule: 'stake',
  games: ['golden-drachma'],
  minBet: { EUR: 10 },
  optIn: true,
  groups: null,
  countries: null,
  prizePool: { EUR: 10_000_00, USD: 11_000_00, ISK: 1_500_000 },
  prizeShares: [
    { from: 1, to: 1, percent: 30 },
    { from: 2, to: 2, percent: 15 },
    { from: 3, to: 3, percent: 10 },
    { from: 4, to: 50, percent: 45 },
  ],
  finishedAt: null,
  createdAt: new Date('2026-11-01T00:00:00Z'),
};

describe('tournament terms', () => {
  it('reads the state from the clock: upcoming before the start, active until the end, archived 30 days after', () => {
    expect(stateOf(tournament, new Date('2026-11-30T23:59:59Z'))).toBe('upcoming');
    expect(stateOf(tournament, new Date('2026-12-01T00:00:00Z'))).toBe('active');
    expect(stateOf(tournament, new Date('2026-12-07T23:59:59Z'))).toBe('active');
    expect(stateOf(tournament, new Date('2026-12-08T00:00:00Z'))).toBe('finished');
    expect(stateOf(tournament, new Date('2027-01-07T00:00:00Z'))).toBe('finished');
    expect(stateOf(tournament, new Date('2027-01-07T00:00:01Z'))).toBe('archived');
  });

  it('splits the pool by the prize table: a range shares its percentage equally, nothing past it', () => {
    expect(prizeOf(tournament, 1, 'EUR')).toBe(3_000_00);
    expect(prizeOf(tournament, 2, 'EUR')).toBe(1_500_00);
    expect(prizeOf(tournament, 3, 'EUR')).toBe(1_000_00);
    // 45 % of €10,000 over places 4 to 50 (47 places): €95.74 each, rounded down to the cent.
    expect(prizeOf(tournament, 4, 'EUR')).toBe(9_574);
    expect(prizeOf(tournament, 50, 'EUR')).toBe(9_574);
    expect(prizeOf(tournament, 51, 'EUR')).toBe(0);
    expect(prizeOf(tournament, 1, 'USD')).toBe(3_300_00);
    expect(prizeOf(tournament, 1, 'GBP')).toBe(0);
    expect(paidPlaces(tournament)).toBe(50);
  });

  it('counts a stake in euros at the ratio of the pools', () => {
    expect(euroCents(tournament, 250, 'EUR')).toBe(250);
    expect(euroCents(tournament, 110, 'USD')).toBe(100);
    expect(euroCents(tournament, 150, 'ISK')).toBe(100);
  });

  it('lets in the groups and countries named, in a currency the tournament has a pool in', () => {
    const anyone = { country: 'GR', groups: [], currency: 'EUR' };
    expect(mayEnter(tournament, anyone)).toBe(true);
    expect(mayEnter(tournament, { ...anyone, currency: 'GBP' })).toBe(false);
    const vip = { ...tournament, groups: ['vip'], countries: ['GR', 'CY'] };
    expect(mayEnter(vip, anyone)).toBe(false);
    expect(mayEnter(vip, { ...anyone, groups: ['vip'] })).toBe(true);
    expect(mayEnter(vip, { ...anyone, groups: ['vip'], country: 'DE' })).toBe(false);
    expect(mayEnter(vip, { ...anyone, groups: ['vip'], country: null })).toBe(false);
  });
});
