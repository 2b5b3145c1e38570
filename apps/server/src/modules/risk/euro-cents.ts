import type { Db } from '@chrysos/db';
import { euroEquivalentIn } from '../info/public.ts';

const reference = 100_000;

/**
 * `amount` minor units of `currency` as euro cents, by the casino's equivalents (the rate the
 * verification gates use); null for a currency without a rate (crypto), which the euro rules pass over.
 */
export async function euroCentsOf(db: Db, currency: string, amount: number): Promise<number | null> {
  const perThousandEuros = await euroEquivalentIn(db, reference, currency);
  if (!perThousandEuros) return null;
  return Math.round((amount * reference) / perThousandEuros);
}
