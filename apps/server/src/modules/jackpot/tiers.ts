import type { JackpotTierId } from '@chrysos/contract';

export interface TierTerms {
  id: JackpotTierId;
  position: number;
  /** Of every real-money slot stake, in hundredths of a percent: 1 % in all, half / 30 % / 20 % of it. */
  shareBp: number;
  /** In euro cents (content/*\/jackpotPage: Mini €50, Major €2,500, Grand €50,000). */
  seedEuroCents: number;
  /** The most a cycle can reach before it must drop, in euro cents. */
  mustDropEuroCents: number;
}

/**
 * The jackpot page's three tiers (content jackpotPage). The must-drop amounts are the operator's:
 * the Mini drops by €200 (with 0.5 % of stakes that is at most €30,000 staked on slots after a win,
 * "several times a day"), the Major by €10,000, the Grand by €150,000.
 */
export const tierTerms: readonly TierTerms[] = [
  { id: 'mini', position: 1, shareBp: 50, seedEuroCents: 5_000, mustDropEuroCents: 20_000 },
  { id: 'major', position: 2, shareBp: 30, seedEuroCents: 250_000, mustDropEuroCents: 1_000_000 },
  { id: 'grand', position: 3, shareBp: 20, seedEuroCents: 5_000_000, mustDropEuroCents: 15_000_000 },
];

/** The ledger's system account of a tier (a kind of its own per currency). */
export const tierAccountKind = (tier: JackpotTierId) => `jackpot_${tier}` as const;
