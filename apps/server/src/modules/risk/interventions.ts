import { type Db, schema } from '@chrysos/db';
import { desc, eq } from 'drizzle-orm';
import type { InterventionRow } from './present.ts';

/** What was done about the player, newest first. */
export async function interventionsOf(db: Db, playerId: string): Promise<InterventionRow[]> {
  const i = schema.riskInterventions;
  return db.select().from(i).where(eq(i.playerId, playerId)).orderBy(desc(i.id)).limit(100);
}

/** The interventions recorded on a case, oldest first: the case's story. */
export async function interventionsOnCase(db: Db, caseId: string): Promise<InterventionRow[]> {
  const i = schema.riskInterventions;
  return db.select().from(i).where(eq(i.caseId, caseId)).orderBy(i.id);
}

/** Records one in `tx`; never edited. */
export async function recordIntervention(
  tx: Db,
  intervention: Omit<typeof schema.riskInterventions.$inferInsert, 'id'>,
): Promise<InterventionRow> {
  const [row] = await tx.insert(schema.riskInterventions).values(intervention).returning();
  if (!row) throw new Error('intervention not stored');
  return row;
}
