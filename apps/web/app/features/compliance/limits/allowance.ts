import type { PlayerLimits } from '@chrysos/contract';

/** What the player's deposit limits allow in a currency now. */
export interface Allowance {
  /** The least any deposit limit of the currency leaves (0: reached); null without one. */
  remaining: number | null;
  /** No deposit limit yet, and the licence wants limits offered before the first deposit (Malta). */
  offer: boolean;
}

/** The allowance in `currency` the player's limits give; none when they could not be read. */
export function allowanceOf(limits: PlayerLimits | null, currency: string | null): Allowance {
  const left = (limits?.limits ?? [])
    .filter((limit) => limit.kind === 'deposit' && limit.currency === currency)
    .map((limit) => limit.remaining);
  return {
    remaining: left.length > 0 ? Math.min(...left) : null,
    offer: left.length === 0 && limits?.offered_before_first_deposit === true,
  };
}
