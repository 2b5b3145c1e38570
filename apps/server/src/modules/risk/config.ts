import { z } from 'zod';
import type { ConfigSection } from '../../platform/config.ts';

/** The risk module's settings (composed into the one configuration by modules/config.ts). */
export const riskSettings = z.object({
  /**
   * The big-win check: a game win of this many euro cents or more (its equivalent in another
   * currency), or of BIG_WIN_REVIEW_MULTIPLIER times its stake or more, raises a case for review
   * before it is paid out. Default €40,000.
   */
  BIG_WIN_REVIEW_EURO_CENTS: z.coerce.number().int().min(1).default(4_000_000),
  BIG_WIN_REVIEW_MULTIPLIER: z.coerce.number().min(2).default(350),
  /**
   * The AML due-diligence point: deposits adding up to this many euro cents within this many days
   * raise a case (each further multiple another), whatever the licence's verification gate. Default
   * €2,000 in 180 days, the EU directive's customer due-diligence amount for casinos.
   */
  AML_DUE_DILIGENCE_EURO_CENTS: z.coerce.number().int().min(1).default(200_000),
  AML_DUE_DILIGENCE_DAYS: z.coerce.number().int().min(1).max(3650).default(180),
  /** The time zone whose small hours (00:00–05:59) count as night play. Default: the licence's, Malta. */
  RISK_TIME_ZONE: z
    .string()
    .refine((zone) => {
      try {
        new Intl.DateTimeFormat('en', { timeZone: zone });
        return true;
      } catch {
        return false;
      }
    }, 'expected an IANA time zone')
    .default('Europe/Malta'),
});

export type RiskConfig = z.output<typeof riskSettings>;

declare module '../../platform/config.ts' {
  interface Config extends RiskConfig {}
}

export const riskConfig: ConfigSection<typeof riskSettings> = { settings: riskSettings };
