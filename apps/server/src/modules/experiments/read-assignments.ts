import { type Db, preparedPerDatabase, schema } from '@chrysos/db';
import { and, eq, sql } from 'drizzle-orm';

/**
 * A subject's stored assignments of the experiments `ids`, and experiments_version read in the same
 * query: a returning subject's answer costs this one round trip, and still learns whether the running
 * experiments it was answered from have changed since (RunningExperiments.at).
 */
export async function readStoredAssignments(
  db: Db,
  subject: string,
  ids: readonly string[],
): Promise<{ version: number; stored: Map<string, number> }> {
  const rows = await storedAssignments(db).execute({ subject, ids: ids.join(',') });
  const stored = new Map<string, number>();
  for (const row of rows)
    if (row.experimentId !== null && row.variation !== null) stored.set(row.experimentId, row.variation);
  return { version: Number(rows[0]?.version ?? 0), stored };
}

/** Built once per database: every /v2/ab request and every page of a subject reads it. */
const storedAssignments = preparedPerDatabase((db: Db) => {
  const v = schema.experimentsVersion;
  const a = schema.experimentAssignments;
  return db
    .select({ version: v.version, experimentId: a.experimentId, variation: a.variation })
    .from(v)
    .leftJoin(
      a,
      and(
        eq(a.subject, sql.placeholder('subject')),
        // Experiment ids are slugs (no commas): one text parameter whatever their number.
        sql`${a.experimentId} = any(string_to_array(${sql.placeholder('ids')}, ','))`,
      ),
    )
    .prepare('experiment_assignments_of_subject');
});
