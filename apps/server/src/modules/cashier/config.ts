import { z } from 'zod';
import { type ConfigSection, commaList, requireWhenSeveral } from '../../platform/config.ts';

/** Amounts per currency in minor units, given as JSON; `example` shows one in the refusal. */
const minorUnitsByCurrency = (example: string) =>
  z
    .string()
    .transform((value, ctx) => {
      try {
        const parsed = JSON.parse(value) as unknown;
        if (typeof parsed !== 'number') return parsed;
      } catch {}
      ctx.addIssue({
        code: 'custom',
        message: `expected JSON of currency → minor units, such as ${example}`,
      });
      return z.NEVER;
    })
    .pipe(
      z.record(
        z.string().regex(/^[A-Z]{3,5}$/, 'expected currency codes such as EUR'),
        z.number().int('expected whole minor units').min(0),
      ),
    );

/** The cashier module's settings: withdrawals and the sandbox provider (the operator token is the platform's). */
export const cashierSettings = z.object({
  /**
   * Withdrawals below these amounts are approved without an operator, per currency in minor units, as
   * JSON: {"EUR":10000} approves EUR withdrawals under 100.00. A currency not listed always waits for an
   * operator; by default only EUR, USD and GBP are listed (no crypto currency).
   */
  WITHDRAWAL_AUTO_APPROVE_BELOW: minorUnitsByCurrency(
    '{"EUR":10000,"USD":10000} (EUR and USD 100.00)',
  ).default({
    EUR: 10_000,
    USD: 10_000,
    GBP: 10_000,
  }),
  /**
   * Four eyes: a withdrawal above these amounts (per currency in minor units, as JSON) is approved only
   * by two operators, the second not the first. A currency not listed needs one. Default: 5,000.00 in
   * EUR, USD and GBP.
   */
  WITHDRAWAL_FOUR_EYES_ABOVE: minorUnitsByCurrency('{"EUR":500000} (EUR 5,000.00)').default({
    EUR: 500_000,
    USD: 500_000,
    GBP: 500_000,
  }),
  /**
   * Four eyes for balance adjustments: one above these amounts (the size of a credit or a debit, per
   * currency in minor units, as JSON) is booked only once a second operator approves it. A currency not
   * listed needs one. Default: 500.00 in EUR, USD and GBP.
   */
  BALANCE_ADJUSTMENT_FOUR_EYES_ABOVE: minorUnitsByCurrency('{"EUR":50000} (EUR 500.00)').default({
    EUR: 50_000,
    USD: 50_000,
    GBP: 50_000,
  }),
  /**
   * The operator's promise to players, shown on each withdrawal's timeline as the time its next step is
   * expected by: hours from the request to an operator's decision, and from the approval to the payout
   * reaching the player's payment method (the payment methods' pages say "up to 24 hours").
   */
  WITHDRAWAL_APPROVAL_HOURS: z.coerce.number().int().min(1).max(720).default(24),
  WITHDRAWAL_PAYOUT_HOURS: z.coerce.number().int().min(1).max(720).default(24),
  /** Secret the sandbox PSP signs its webhooks with; random per process when unset. */
  SANDBOX_PSP_SECRET: z.string().min(32, 'use at least 32 characters').optional(),
  /**
   * Countries whose players use /profile/wallet/deposit instead of the cashier window (spec §2). A cashier
   * setting, which content's page context hands to the web app.
   */
  CASHIER_DISABLED_COUNTRIES: commaList(
    'upper',
    z.string().regex(/^[A-Z]{2}$/, 'expected comma-separated ISO country codes'),
  ).default([]),
});

export type CashierConfig = z.output<typeof cashierSettings>;

declare module '../../platform/config.ts' {
  interface Config extends CashierConfig {}
}

export const cashierConfig: ConfigSection<typeof cashierSettings> = {
  settings: cashierSettings,
  refine(config, ctx) {
    requireWhenSeveral(
      config,
      ctx,
      ['SANDBOX_PSP_SECRET'],
      'a payment one instance signs is confirmed to another',
    );
  },
  secrets: ['SANDBOX_PSP_SECRET'],
};
