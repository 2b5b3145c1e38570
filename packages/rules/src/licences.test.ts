import { describe, expect, it } from 'vitest';
import {
  gameplayRules,
  isOfferedLimit,
  licenceNames,
  licenceRules,
  licences,
  limitOptions,
} from './licences.ts';
import { minimumAgeFor } from './validation.ts';

describe('licence rules', () => {
  it('has one table per licence, each rule with its source', () => {
    expect(Object.keys(licences).sort()).toEqual([...licenceNames].sort());
    for (const rules of Object.values(licences)) {
      for (const rule of [
        rules.minimumAge,
        rules.realityCheck,
        rules.limits,
        rules.exclusions,
        rules.verification,
        rules.gameplay,
      ]) {
        expect(rule.source.length).toBeGreaterThan(10);
      }
    }
  });

  it('sets the minimum age: 21 in Estonia, 18 elsewhere (also through minimumAgeFor)', () => {
    expect(licenceRules('estonia').minimumAge.years).toBe(21);
    expect(minimumAgeFor('estonia')).toBe(21);
    expect(minimumAgeFor('malta')).toBe(18);
    expect(minimumAgeFor('curacao')).toBe(18);
  });

  it('runs the reality check every 60 minutes under the Estonian licence only', () => {
    expect(licenceRules('estonia').realityCheck).toMatchObject({ enabled: true, intervalMinutes: 60 });
    expect(licenceRules('malta').realityCheck.enabled).toBe(false);
    expect(licenceRules('curacao').realityCheck.enabled).toBe(false);
  });

  it('offers limits before the first deposit in Malta', () => {
    expect(licenceRules('malta').limits.offeredBeforeFirstDeposit).toBe(true);
    expect(licenceRules('curacao').limits.offeredBeforeFirstDeposit).toBe(false);
  });

  it('offers money limits per day, week and month and the session limit per session', () => {
    expect(limitOptions('malta')).toEqual([
      { kind: 'deposit', periods: ['day', 'week', 'month'] },
      { kind: 'loss', periods: ['day', 'week', 'month'] },
      { kind: 'wager', periods: ['day', 'week', 'month'] },
      { kind: 'session', periods: ['session'] },
    ]);
    expect(isOfferedLimit('curacao', 'deposit', 'week')).toBe(true);
    expect(isOfferedLimit('curacao', 'session', 'week')).toBe(false);
    expect(isOfferedLimit('curacao', 'deposit', 'session')).toBe(false);
    expect(isOfferedLimit('curacao', 'bets', 'day')).toBe(false);
  });

  it('offers time-outs from 24 hours to six weeks and self-exclusions from six months to permanent', () => {
    for (const name of licenceNames) {
      const { exclusions } = licenceRules(name);
      expect(Math.min(...exclusions.timeoutHours)).toBe(24);
      expect(Math.max(...exclusions.timeoutHours)).toBe(6 * 7 * 24);
      expect(exclusions.selfExclusionMonths).toEqual([6, 12, 60, null]);
      expect(exclusions.liftCoolingOffHours).toBe(24);
    }
  });

  it('needs documents once deposits reach €2,000 within 180 days in Malta', () => {
    expect(licenceRules('malta').verification).toMatchObject({
      cumulativeDepositCents: 200_000,
      cumulativeDepositDays: 180,
    });
  });

  it('bans autoplay and keeps 2.5 s between rounds under the UK licence only (RTS 14)', () => {
    expect(licenceRules('ukgc')).toMatchObject({
      regulator: 'Gambling Commission',
      minimumAge: { years: 18 },
    });
    expect(licenceRules('ukgc').gameplay).toMatchObject({ autoplay: false, minimumCycleMs: 2_500 });
    for (const name of ['curacao', 'malta', 'estonia']) {
      expect(licenceRules(name).gameplay, name).toMatchObject({ autoplay: true, minimumCycleMs: 0 });
    }
  });

  it("lets the operator's settings override the licence's gameplay defaults", () => {
    expect(gameplayRules('ukgc')).toEqual({ autoplay: false, minimumCycleMs: 2_500, quickPlay: false });
    expect(gameplayRules('curacao')).toEqual({ autoplay: true, minimumCycleMs: 0, quickPlay: true });
    expect(gameplayRules('curacao', { autoplay: false })).toEqual({
      autoplay: false,
      minimumCycleMs: 0,
      quickPlay: true,
    });
    expect(gameplayRules('malta', { minimumCycleMs: 3_000 })).toEqual({
      autoplay: true,
      minimumCycleMs: 3_000,
      quickPlay: true,
    });
    expect(gameplayRules('ukgc', { minimumCycleMs: 4_000 })).toEqual({
      autoplay: false,
      minimumCycleMs: 4_000,
      quickPlay: false,
    });
  });

  it('falls back to the default licence for an unknown name', () => {
    expect(licenceRules('atlantis').name).toBe('curacao');
  });
});
