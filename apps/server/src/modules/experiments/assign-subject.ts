import type { UtmParameters } from '@chrysos/contract';
import { type Db, schema } from '@chrysos/db';
import { and, eq, inArray } from 'drizzle-orm';
import type { PlatformEvent } from '../analytics/public.ts';
import { stickyVariation } from './choose-variation.ts';
import { exposureEvent } from './exposure.ts';
import type { RunningExperiment } from './running-experiments.ts';
import type { Subject } from './subject-of.ts';

export interface AssignDeps {
  db: Db;
  /** app.analytics.track: records the exposure in the assignment's transaction. */
  track(db: Db, events: readonly PlatformEvent[], options: { inTransaction: boolean }): Promise<void>;
  now: Date;
}

/**
 * The subject's variation (its index) in each of the experiments, sticky: a stored assignment is
 * answered as it is, whatever the weights have become since; a subject new to an experiment is hashed
 * (chooseVariation) and, when inside its coverage, stored, the insert and its exposure event in one
 * transaction, so the exposure is recorded exactly when the assignment is. A subject outside the
 * coverage gets the control (0) and nothing is stored, so they are hashed again next time: the same
 * answer while the coverage stands, and a chance to join when it is raised.
 *
 * `stored`: the subject's assignments of these experiments as read (readStoredAssignments), so a subject
 * assigned everywhere costs no query here. Two instances assigning the same subject at once store one
 * row (the primary key), and the one whose insert lost reads the winner's.
 */
export async function assignSubject(
  deps: AssignDeps,
  subject: Subject,
  experiments: readonly RunningExperiment[],
  stored: ReadonlyMap<string, number>,
  utm: UtmParameters,
): Promise<Map<string, number>> {
  const assigned = new Map<string, number>();

  const fresh: { experiment: RunningExperiment; variation: number }[] = [];
  for (const experiment of experiments) {
    const variation = stickyVariation(stored.get(experiment.id), experiment, subject.id);
    if (variation === null) assigned.set(experiment.id, 0);
    else if (stored.has(experiment.id)) assigned.set(experiment.id, variation);
    else fresh.push({ experiment, variation });
  }
  if (fresh.length === 0) return assigned;

  const a = schema.experimentAssignments;
  const inserted = await deps.db.transaction(async (tx) => {
    const rows = await tx
      .insert(a)
      .values(
        fresh.map(({ experiment, variation }) => ({
          experimentId: experiment.id,
          subject: subject.id,
          variation,
          assignedAt: deps.now,
        })),
      )
      .onConflictDoNothing()
      .returning({ experimentId: a.experimentId, variation: a.variation });
    const exposures = rows.flatMap((row) => {
      const experiment = fresh.find((entry) => entry.experiment.id === row.experimentId)?.experiment;
      const variation = experiment?.variations[row.variation];
      return experiment && variation ? [exposureEvent(experiment.id, subject, variation, utm, deps.now)] : [];
    });
    await deps.track(tx, exposures, { inTransaction: true });
    return rows;
  });
  for (const row of inserted) assigned.set(row.experimentId, row.variation);

  // Another request (on any instance) stored this subject's assignment first: theirs stands.
  const lost = fresh.filter(({ experiment }) => !assigned.has(experiment.id));
  if (lost.length > 0) {
    const rows = await deps.db
      .select({ experimentId: a.experimentId, variation: a.variation })
      .from(a)
      .where(
        and(
          eq(a.subject, subject.id),
          inArray(
            a.experimentId,
            lost.map(({ experiment }) => experiment.id),
          ),
        ),
      );
    for (const row of rows) assigned.set(row.experimentId, row.variation);
  }
  return assigned;
}
