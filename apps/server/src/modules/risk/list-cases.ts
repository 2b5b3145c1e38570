import { type Db, schema } from '@chrysos/db';
import { and, asc, desc, eq, ne } from 'drizzle-orm';
import type { CaseRow } from './present.ts';

export interface CaseQuery {
  status: 'open' | 'investigating' | 'resolved' | 'unresolved';
  category?: 'aml' | 'safer_gambling' | 'payments' | undefined;
  playerId?: string | undefined;
  limit: number;
}

/** Cases in a status: unresolved ones soonest due first, resolved ones latest resolved first. */
export async function listCases(db: Db, query: CaseQuery): Promise<CaseRow[]> {
  const c = schema.riskCases;
  return db
    .select()
    .from(c)
    .where(
      and(
        query.status === 'unresolved' ? ne(c.status, 'resolved') : eq(c.status, query.status),
        query.category ? eq(c.category, query.category) : undefined,
        query.playerId ? eq(c.playerId, query.playerId) : undefined,
      ),
    )
    .orderBy(...(query.status === 'resolved' ? [desc(c.resolvedAt)] : [asc(c.dueAt), asc(c.openedAt)]))
    .limit(query.limit);
}

/** One case, locked until `tx` ends when asked (an operator's step on it). */
export async function caseById(db: Db, id: string, lock = false): Promise<CaseRow | undefined> {
  const c = schema.riskCases;
  const query = db.select().from(c).where(eq(c.id, id));
  const [row] = lock ? await query.for('update') : await query;
  return row;
}
