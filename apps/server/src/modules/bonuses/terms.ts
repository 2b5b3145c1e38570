import { z } from 'zod';

/** Minor units per currency code: `{ EUR: 2000, USD: 2000, … }` (at most 10^12: ten billion euros). */
const perCurrency = z.record(
  z.string().regex(/^[A-Z]{3,5}$/),
  z.number().int().nonnegative().max(1_000_000_000_000),
);

const wagering = z.object({
  /** Times the wagered base must be staked. */
  multiplier: z.number().nonnegative().max(1_000),
  /** What is multiplied: the bonus, or the bonus and the deposit it matched. */
  on: z.enum(['bonus', 'bonus_and_deposit']).default('bonus'),
  /** Days from activation to complete it. */
  days: z.number().int().positive().max(365),
});

/**
 * A bet's share of wagering, percent: per game (identifier) first, then the lowest of its listed
 * categories (a roulette is `table` and `roulette`), then `other` (applied in SQL by follow-play.ts).
 */
export const contributions = z.object({
  categories: z.record(z.string(), z.number().int().min(0).max(100)),
  games: z.record(z.string(), z.number().int().min(0).max(100)).default({}),
  other: z.number().int().min(0).max(100),
});
export type Contributions = z.infer<typeof contributions>;

const freespinsGrant = z.object({
  /** The game's lobby identifier (`chrysos-originals:golden-drachma`). */
  game: z.string(),
  /** Spins per batch, batches, and hours between batches (20 a day for five days: 20, 5, 24). */
  count: z.number().int().positive().max(1_000),
  batches: z.number().int().positive().max(100).default(1),
  everyHours: z
    .number()
    .int()
    .positive()
    .max(24 * 31)
    .default(24),
  /** Stake of each spin per currency. */
  value: perCurrency,
  /** Days a batch can be played once available; spins left then are lost. */
  playDays: z.number().int().positive().max(365),
  /** The bonus the winnings become. */
  wagering: wagering.omit({ on: true }),
  /** What winnings can convert to at most, per currency; none: no cap. */
  winCap: perCurrency.optional(),
});

const lootboxPrize = z.object({
  weight: z.number().int().positive().max(1_000_000),
  kind: z.enum(['bonus', 'freespins', 'real_money']),
  title: z.object({ en: z.string(), el: z.string() }),
  /** Bonus or real money per currency. */
  amount: perCurrency.optional(),
  /** Free spins: a grant like a campaign's. */
  freespins: freespinsGrant.optional(),
});

/**
 * A campaign's terms (bonus_campaigns.terms): who may have it, what it gives, and on what wagering.
 * Amounts are per currency: a player in a currency the terms do not list cannot have the campaign.
 * Counts and periods have bounds no real promotion reaches, so an operator's typo is refused rather
 * than a date past the calendar's end, a wagering beyond what the ledger counts, or a million batches.
 */
export const campaignTerms = z.object({
  eligibility: z
    .object({
      /** Which deposit qualifies: the player's nth (1 = first), or any after at least `afterDeposits`. */
      depositNumber: z.number().int().positive().optional(),
      afterDeposits: z.number().int().nonnegative().optional(),
      /** Days of the week it is open (ISO: 1 Monday … 7 Sunday) in `timeZone`. */
      weekdays: z.array(z.number().int().min(1).max(7)).optional(),
      timeZone: z.string().default('Europe/Athens'),
      /** Groups the player must be in (any of them), countries and licences it is open to. */
      groups: z.array(z.string()).optional(),
      countries: z.array(z.string()).optional(),
      licences: z.array(z.string()).optional(),
    })
    .default({ timeZone: 'Europe/Athens' }),
  /** A deposit match: percent of the deposit, up to `max`, for deposits of at least `minDeposit`. */
  match: z
    .object({ percent: z.number().int().positive().max(1_000), max: perCurrency, minDeposit: perCurrency })
    .optional(),
  /** A fixed bonus (no-deposit, coupon). */
  amount: perCurrency.optional(),
  wagering: wagering.optional(),
  /** Largest stake per round while the bonus runs. */
  maxBet: perCurrency.optional(),
  contributions: contributions.optional(),
  freespins: freespinsGrant.optional(),
  lootbox: z.object({ prizes: z.array(lootboxPrize).min(1).max(100) }).optional(),
  limits: z
    .object({
      /** Times one player may have it: ever, or per ISO week in the eligibility time zone. */
      perPlayer: z.number().int().positive().default(1),
      per: z.enum(['ever', 'week']).default('ever'),
      /** Redemptions of its code across all players. */
      total: z.number().int().positive().optional(),
    })
    .default({ perPlayer: 1, per: 'ever' }),
  /** Days an issued bonus waits for the player before it lapses. */
  claimDays: z.number().int().positive().max(365).default(30),
  /** The promotion page with the full terms. */
  termsUrl: z.string().default('/promotions'),
});
export type CampaignTerms = z.infer<typeof campaignTerms>;
export type FreespinsGrant = z.infer<typeof freespinsGrant>;
export type LootboxPrizeTerms = z.infer<typeof lootboxPrize>;
