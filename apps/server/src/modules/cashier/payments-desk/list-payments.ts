import type { OperatorPayment } from '@chrysos/contract';
import { type Db, schema } from '@chrysos/db';
import { and, desc, eq, lt } from 'drizzle-orm';
import { playerNames } from '../../player/public.ts';

export interface PaymentQuery {
  kind?: 'deposit' | 'withdrawal' | undefined;
  status?: string | undefined;
  playerId?: string | undefined;
  before?: string | undefined;
  limit: number;
}

/** Payments newest first by kind, status and player, with each player's email for the desk. */
export async function listPayments(db: Db, query: PaymentQuery): Promise<OperatorPayment[]> {
  const p = schema.payments;
  const rows = await db
    .select()
    .from(p)
    .where(
      and(
        query.kind ? eq(p.kind, query.kind) : undefined,
        query.status ? eq(p.status, query.status) : undefined,
        query.playerId ? eq(p.playerId, query.playerId) : undefined,
        query.before ? lt(p.createdAt, new Date(query.before)) : undefined,
      ),
    )
    .orderBy(desc(p.createdAt))
    .limit(query.limit);
  const players = await playerNames(
    db,
    rows.map((row) => row.playerId),
  );
  return rows.map((row) => ({
    id: row.id,
    kind: row.kind as OperatorPayment['kind'],
    method: row.method,
    currency: row.currency,
    amount_cents: row.amount,
    status: row.status as OperatorPayment['status'],
    failure_reason: row.failureReason,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    player_id: row.playerId,
    player_email: players.get(row.playerId)?.email ?? '',
  }));
}
