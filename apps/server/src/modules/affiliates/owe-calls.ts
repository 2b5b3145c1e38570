import { type Db, schema } from '@chrysos/db';

export type AffiliateCallKind = 'pixel' | 'registration' | 'first_deposit' | 'deposit' | 'net_revenue';

export interface OwedCall {
  idempotencyKey: string;
  kind: AffiliateCallKind;
  playerId: string;
  params: Record<string, string>;
}

/** Records calls owed to the affiliate service, each idempotency key once (a redelivered event owes nothing more). */
export async function oweCalls(db: Db, calls: readonly OwedCall[], now: Date): Promise<void> {
  if (calls.length === 0) return;
  await db
    .insert(schema.affiliateCalls)
    .values(calls.map((call) => ({ ...call, status: 'pending' as const, createdAt: now })))
    .onConflictDoNothing({ target: schema.affiliateCalls.idempotencyKey });
}
