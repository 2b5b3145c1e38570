/**
 * What each gaming licence the product runs under requires of it (issue 17): one table, read by the server
 * (what it enforces) and the web app (what it offers and says). Each rule notes the regulation it comes
 * from; where a licence leaves a choice to the operator, the value is the operator's policy and says so.
 */

export const licenceNames = ['curacao', 'malta', 'estonia', 'ukgc'] as const;
export type LicenceName = (typeof licenceNames)[number];

/** Kinds of player limit: money deposited, money lost (stakes less winnings), money staked, session time. */
export const limitKinds = ['deposit', 'loss', 'wager', 'session'] as const;
export type LimitKind = (typeof limitKinds)[number];

/** Money limits count over a rolling day, week or month; a session limit holds per sign-in session. */
export const limitPeriods = ['day', 'week', 'month', 'session'] as const;
export type LimitPeriod = (typeof limitPeriods)[number];

/** The rolling window of each money period, in hours (decision 22: rolling, not calendar, periods). */
export const limitWindowHours: Record<Exclude<LimitPeriod, 'session'>, number> = {
  day: 24,
  week: 24 * 7,
  month: 24 * 30,
};

/** A raised or removed limit applies only after this many hours; a lowered or new one at once. */
export const limitCoolingOffHours = 24;

export type Sourced<T> = T & { source: string };

export interface LicenceRules {
  name: LicenceName;
  /** The regulator, as players read it on the licence seal. */
  regulator: string;
  /** The regulator's name in Greek, for the Greek site's copy (content's `{{regulator}}`). */
  regulatorInGreek: string;
  minimumAge: Sourced<{ years: number }>;
  /** The reality check: a reminder of session length at the interval, while signed in. */
  realityCheck: Sourced<{ enabled: boolean; intervalMinutes: number }>;
  /** Which limits the player is offered, and whether they must be offered before the first deposit. */
  limits: Sourced<{
    kinds: readonly LimitKind[];
    periods: readonly Exclude<LimitPeriod, 'session'>[];
    /** Session-time limit choices, in minutes. */
    sessionMinutes: readonly number[];
    offeredBeforeFirstDeposit: boolean;
  }>;
  /** Breaks the player may take: a time-out of hours, a self-exclusion of months (null: permanent). */
  exclusions: Sourced<{
    timeoutHours: readonly number[];
    selfExclusionMonths: readonly (number | null)[];
    /** Hours between asking to lift an ended exclusion and it being lifted. */
    liftCoolingOffHours: number;
  }>;
  /** When identity documents are needed before money moves further, in euro cents. */
  verification: Sourced<{
    /** A single withdrawal at or above this needs approved documents. */
    withdrawalCents: number;
    /** Deposits adding up to this within the window need approved documents (AML). */
    cumulativeDepositCents: number;
    cumulativeDepositDays: number;
  }>;
  /**
   * How games may be played (issue 35): whether the player may start rounds automatically, the
   * shortest time between the starts of two consecutive rounds of a player in a game (0: none), and
   * whether a slot may shorten its round on screen (quick spins, a second press that stops the reels).
   */
  gameplay: Sourced<{ autoplay: boolean; minimumCycleMs: number; quickPlay: boolean }>;
}

/** Today's play everywhere a licence asks for nothing more: autoplay offered, rounds as fast as played. */
const unrestrictedPlay = { autoplay: true, minimumCycleMs: 0, quickPlay: true } as const;

/** 24 hours, 48 hours, 72 hours, 1 week, 2 weeks, 4 weeks, 6 weeks. */
const timeoutHours = [24, 48, 72, 24 * 7, 24 * 14, 24 * 28, 24 * 42] as const;
/** Six months, one year, five years, permanent. */
const selfExclusionMonths = [6, 12, 60, null] as const;
const sessionMinutes = [30, 60, 120, 180, 240, 360] as const;

export const licences: Record<LicenceName, LicenceRules> = {
  curacao: {
    name: 'curacao',
    regulator: 'Curaçao Gaming Authority',
    regulatorInGreek: 'Αρχή Παιγνίων του Κουρασάο',
    minimumAge: { years: 18, source: 'National Ordinance on Games of Chance (LOK): no players under 18' },
    realityCheck: {
      enabled: false,
      intervalMinutes: 60,
      source: 'Not required by the LOK; operator policy: off unless configured',
    },
    limits: {
      kinds: limitKinds,
      periods: ['day', 'week', 'month'],
      sessionMinutes,
      offeredBeforeFirstDeposit: false,
      source: 'LOK player-protection requirements: responsible-gaming tools offered in the account',
    },
    exclusions: {
      timeoutHours,
      selfExclusionMonths,
      liftCoolingOffHours: 24,
      source: 'LOK player-protection requirements: time-out and self-exclusion on request',
    },
    verification: {
      withdrawalCents: 200_000,
      cumulativeDepositCents: 500_000,
      cumulativeDepositDays: 180,
      source:
        'Curaçao AML/CFT rules for games of chance (due diligence from €2,000 per transaction); cumulative threshold: operator policy',
    },
    gameplay: {
      ...unrestrictedPlay,
      source:
        'Not required by the LOK; operator policy: autoplay offered and no minimum game cycle unless configured',
    },
  },
  malta: {
    name: 'malta',
    regulator: 'Malta Gaming Authority',
    regulatorInGreek: 'Αρχή Παιγνίων της Μάλτας',
    minimumAge: {
      years: 18,
      source: 'Gaming Act (Cap. 583) and Player Protection Directive (Directive 2 of 2018): no minors',
    },
    realityCheck: {
      enabled: false,
      intervalMinutes: 60,
      source:
        'Player Protection Directive (Directive 2 of 2018): reality checks among the tools; off unless configured',
    },
    limits: {
      kinds: limitKinds,
      periods: ['day', 'week', 'month'],
      sessionMinutes,
      offeredBeforeFirstDeposit: true,
      source:
        'Player Protection Directive (Directive 2 of 2018): limits offered before the first deposit; a reduction applies at once, an increase after at least 24 hours',
    },
    exclusions: {
      timeoutHours,
      selfExclusionMonths,
      liftCoolingOffHours: 24,
      source:
        'Player Protection Directive (Directive 2 of 2018): self-exclusion of at least six months, not revoked before its end; time-outs on request',
    },
    verification: {
      withdrawalCents: 200_000,
      cumulativeDepositCents: 200_000,
      cumulativeDepositDays: 180,
      source:
        'FIAU Implementing Procedures Part II (remote gaming sector): due diligence once deposits reach €2,000 within 180 days',
    },
    gameplay: {
      ...unrestrictedPlay,
      source:
        'Not required by the Player Protection Directive; operator policy: autoplay offered and no minimum game cycle unless configured',
    },
  },
  estonia: {
    name: 'estonia',
    regulator: 'Estonian Tax and Customs Board (EMTA)',
    regulatorInGreek: 'Εσθονική Υπηρεσία Φόρων και Τελωνείων (EMTA)',
    minimumAge: {
      years: 21,
      source: 'Gambling Act (Hasartmänguseadus): casino games only for players aged 21 or over',
    },
    realityCheck: {
      enabled: true,
      intervalMinutes: 60,
      source:
        'Gambling Act (Hasartmänguseadus) remote-gambling requirements: a session-length reminder every 60 minutes',
    },
    limits: {
      kinds: limitKinds,
      periods: ['day', 'week', 'month'],
      sessionMinutes,
      offeredBeforeFirstDeposit: false,
      source:
        'Gambling Act (Hasartmänguseadus): the player may limit their gambling; operator policy as Malta for when changes apply',
    },
    exclusions: {
      timeoutHours,
      selfExclusionMonths,
      liftCoolingOffHours: 24,
      source: 'Gambling Act (Hasartmänguseadus): restriction of participation at the player’s request',
    },
    verification: {
      withdrawalCents: 200_000,
      cumulativeDepositCents: 200_000,
      cumulativeDepositDays: 180,
      source:
        'Money Laundering and Terrorist Financing Prevention Act: due diligence in gambling from €2,000; 180-day window: operator policy',
    },
    gameplay: {
      ...unrestrictedPlay,
      source:
        'Not required by the Gambling Act (Hasartmänguseadus); operator policy: autoplay offered and no minimum game cycle unless configured',
    },
  },
  ukgc: {
    name: 'ukgc',
    regulator: 'Gambling Commission',
    regulatorInGreek: 'Επιτροπή Τυχερών Παιγνίων του Ηνωμένου Βασιλείου (Gambling Commission)',
    minimumAge: {
      years: 18,
      source:
        'Gambling Act 2005 ss. 45-46 and LCCP social responsibility code 3.2.11: no gambling by anyone under 18, age verified before play',
    },
    realityCheck: {
      enabled: true,
      intervalMinutes: 60,
      source:
        'Remote gambling and software technical standards (RTS) 13: the customer can set a reality check; operator policy: every 60 minutes by default',
    },
    limits: {
      kinds: limitKinds,
      periods: ['day', 'week', 'month'],
      sessionMinutes,
      offeredBeforeFirstDeposit: true,
      source:
        'LCCP social responsibility code 3.3.3 and RTS 12: financial and time limits offered from registration; a reduction applies at once, an increase after 24 hours',
    },
    exclusions: {
      timeoutHours,
      selfExclusionMonths,
      liftCoolingOffHours: 24,
      source:
        'LCCP social responsibility codes 3.5.1 (time-outs from 24 hours to six weeks) and 3.5.3 (self-exclusion of at least six months, a one-day cooling-off and a positive request to return)',
    },
    verification: {
      withdrawalCents: 200_000,
      cumulativeDepositCents: 200_000,
      cumulativeDepositDays: 180,
      source:
        'Money Laundering Regulations 2017: due diligence thresholds as Malta (operator policy); LCCP 3.2.11 asks for age and identity to be verified before any play, which these thresholds do not model',
    },
    gameplay: {
      autoplay: false,
      minimumCycleMs: 2_500,
      quickPlay: false,
      source:
        'RTS 14 (in force 31 October 2021) for online slots: no autoplay, a game cycle of at least 2.5 seconds, and no quick spin or slam stop that makes a round shorter; operator policy: the cycle for every game of the studio',
    },
  },
};

/** The rules of a licence; an unknown name falls back to Curaçao's, the default licence. */
export function licenceRules(name: string): LicenceRules {
  return (licences as Record<string, LicenceRules | undefined>)[name] ?? licences.curacao;
}

/** The kinds of limit and the periods each takes under a licence (a session limit: per session). */
export function limitOptions(name: string): { kind: LimitKind; periods: readonly LimitPeriod[] }[] {
  const { limits } = licenceRules(name);
  return limits.kinds.map((kind) => ({ kind, periods: kind === 'session' ? ['session'] : limits.periods }));
}

/** Whether a kind and period make a limit the licence offers. */
export function isOfferedLimit(name: string, kind: string, period: string): boolean {
  return limitOptions(name).some(
    (option) => option.kind === kind && option.periods.includes(period as LimitPeriod),
  );
}

/**
 * How games are played under a licence and the operator's settings (issue 35): a setting the operator
 * gives overrides the licence's default, so a deployment may ask for more than its licence does.
 */
export function gameplayRules(
  name: string,
  configured: { autoplay?: boolean | undefined; minimumCycleMs?: number | undefined } = {},
): { autoplay: boolean; minimumCycleMs: number; quickPlay: boolean } {
  const { gameplay } = licenceRules(name);
  return {
    autoplay: configured.autoplay ?? gameplay.autoplay,
    minimumCycleMs: configured.minimumCycleMs ?? gameplay.minimumCycleMs,
    quickPlay: gameplay.quickPlay,
  };
}

/**
 * Content and chrome copy that follows the licence (issue 31 item 19): `{{minimumAge}}` and
 * `{{regulator}}` in content are the configured licence's minimum age and regulator, in the page's language.
 */
export function licenceCopy(
  rules: LicenceRules,
  locale: 'en' | 'el',
): { minimumAge: string; regulator: string } {
  return {
    minimumAge: String(rules.minimumAge.years),
    regulator: locale === 'el' ? rules.regulatorInGreek : rules.regulator,
  };
}
