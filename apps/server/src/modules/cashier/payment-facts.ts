import { type Db, schema } from '@chrysos/db';
import { and, count, eq, gte, inArray, lt, sql } from 'drizzle-orm';

const p = schema.payments;

/**
 * What other modules ask of the cashier's payments, answered by the cashier (`app.paymentFacts`): the
 * bonus engine counts deposits, verification sums them, the wallet names a movement's method. `db` may
 * be the caller's transaction.
 */
export const paymentFacts = {
  /** The player's succeeded deposits, all of them or those made before the payment `before`. */
  async depositsBefore(db: Db, playerId: string, before?: string): Promise<number> {
    const [row] = await db
      .select({ n: count() })
      .from(p)
      .where(
        and(
          eq(p.playerId, playerId),
          eq(p.kind, 'deposit'),
          eq(p.status, 'succeeded'),
          before
            ? lt(p.createdAt, sql`(select ${p.createdAt} from ${p} where ${p.id} = ${before})`)
            : undefined,
        ),
      );
    return row?.n ?? 0;
  },

  /** The player's deposits since `since`, succeeded or still under way, summed per currency. */
  async depositsSince(db: Db, playerId: string, since: Date): Promise<{ currency: string; total: number }[]> {
    return db
      .select({ currency: p.currency, total: sql<string>`sum(${p.amount})`.mapWith(Number) })
      .from(p)
      .where(
        and(
          eq(p.playerId, playerId),
          eq(p.kind, 'deposit'),
          inArray(p.status, ['pending', 'succeeded']),
          gte(p.createdAt, since),
        ),
      )
      .groupBy(p.currency);
  },

  /** The method (`card`…) of each of these payments of the player, by payment id. */
  async methodsOf(db: Db, playerId: string, paymentIds: string[]): Promise<Map<string, string>> {
    if (paymentIds.length === 0) return new Map();
    const found = await db
      .select({ id: p.id, method: p.method })
      .from(p)
      .where(and(eq(p.playerId, playerId), inArray(p.id, paymentIds)));
    return new Map(found.map((payment) => [payment.id, payment.method]));
  },

  /** Whether the player has made any payment in `currency`, under way or done. */
  async anyIn(db: Db, playerId: string, currency: string): Promise<boolean> {
    const [paid] = await db
      .select({ id: p.id })
      .from(p)
      .where(and(eq(p.playerId, playerId), eq(p.currency, currency)))
      .limit(1);
    return paid !== undefined;
  },
};

export type PaymentFacts = typeof paymentFacts;
