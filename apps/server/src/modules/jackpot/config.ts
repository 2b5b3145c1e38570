import { z } from 'zod';
import type { ConfigSection } from '../../platform/config.ts';

/** The progressive jackpot's settings (issue 18, docs/decisions/0028). */
export const jackpotSettings = z.object({
  /**
   * The currencies that have a jackpot, comma-separated: each gets the three tiers, seeded from the
   * operator's jackpot seed pool at the euro seeds' equivalents. Slot bets in any other currency
   * contribute nothing and cannot win one.
   */
  JACKPOT_CURRENCIES: z
    .string()
    .default('EUR')
    .transform((value) => [
      ...new Set(
        value
          .split(',')
          .map((code) => code.trim().toUpperCase())
          .filter(Boolean),
      ),
    ])
    .pipe(z.array(z.string().regex(/^[A-Z]{3,5}$/, 'expected currency codes such as EUR,USD'))),
  /**
   * Test configuration only: `on` adds the operator route that makes a tier drop on its next
   * contribution (POST /api/operator/jackpots/:currency/:tier/drop), for the browser tests of a drop.
   * Such a drop is marked `forced` in the public cycle history. Never on in real operation.
   */
  JACKPOT_TEST_DROP: z.enum(['on', 'off']).default('off'),
});

export type JackpotConfig = z.output<typeof jackpotSettings>;

declare module '../../platform/config.ts' {
  interface Config extends JackpotConfig {}
}

export const jackpotConfig: ConfigSection<typeof jackpotSettings> = { settings: jackpotSettings };
