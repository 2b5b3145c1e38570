import type { RiskCaseCategory } from '@chrysos/contract';

/*
 * What the watch looks for (issue 38). The AML due-diligence amount is configured (config.ts); the
 * other markers follow the industry's usual early-warning signs, each a case for a person to judge,
 * never a decision.
 */

/** Deposit velocity: this many succeeded deposits within the window. */
export const velocity = { deposits: 5, hours: 24 } as const;

/** Many payment methods: this many distinct methods within the window. */
export const paymentMethods = { methods: 3, days: 30 } as const;

/**
 * A deposit spike: a deposit of at least `times` the average of the player's deposits of the window
 * before it (at least `history` of them, so a newcomer's second deposit is no spike), and at least
 * `minimumEuroCents`.
 */
export const depositSpike = { times: 5, days: 90, history: 3, minimumEuroCents: 50_000 } as const;

/** A long session: play with no break of `breakMinutes` or more for `hours`. */
export const longSession = { hours: 3, breakMinutes: 30 } as const;

/** Night play: bets from 00:00 to 05:59 on `nights` different nights within `days`. */
export const nightPlay = { fromHour: 0, toHour: 6, nights: 3, days: 7 } as const;

/** How long an operator has to work a case of each category. */
export const dueDays: Record<RiskCaseCategory, number> = {
  // Enhanced due diligence is asked of the player at once; a week covers their answer and the review.
  aml: 7,
  safer_gambling: 3,
  // A flagged win waits for its review before any withdrawal of it is approved.
  payments: 1,
};
