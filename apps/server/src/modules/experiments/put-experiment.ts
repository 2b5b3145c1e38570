import type { Experiment, ExperimentStatus, ExperimentVariation } from '@chrysos/contract';
import { type Db, schema } from '@chrysos/db';
import { eq } from 'drizzle-orm';
import { AppError } from '../../platform/errors.ts';

/** What the operator sends: already checked by the contract (2–10 variations, unique keys, weights summing to 1). */
export interface ExperimentInput {
  name: string;
  status: ExperimentStatus;
  variations: ExperimentVariation[];
  coverage: number;
  seed?: string | undefined;
}

type ExperimentRow = typeof schema.experiments.$inferSelect;

export const presentExperiment = (row: ExperimentRow): Experiment => ({
  id: row.id,
  name: row.name,
  status: row.status,
  variations: row.variations as ExperimentVariation[],
  coverage: row.coverage,
  seed: row.seed,
  created_at: row.createdAt.toISOString(),
  updated_at: row.updatedAt.toISOString(),
});

/**
 * PUT /operator/experiments/:id: creates the experiment or replaces it whole. Assignments are stored by
 * the variation's position, so once any subject is assigned the variations keep their keys in their
 * order: weights, paths, coverage, the seed, the name and the status may change (subjects already
 * assigned keep their variation; new ones are hashed by the new weights), but a test of other arms is
 * another experiment. The seed is the id unless given.
 */
export async function putExperiment(
  db: Db,
  id: string,
  input: ExperimentInput,
  now: Date,
): Promise<{ experiment: ExperimentRow; created: boolean }> {
  const e = schema.experiments;
  const a = schema.experimentAssignments;
  return db.transaction(async (tx) => {
    // Locked: an assignment's insert (its foreign key) waits for the replacement to commit.
    const [existing] = await tx.select().from(e).where(eq(e.id, id)).for('update');
    if (existing) {
      const keys = (existing.variations as ExperimentVariation[]).map((variation) => variation.key);
      const sameKeys =
        keys.length === input.variations.length &&
        keys.every((key, index) => input.variations[index]?.key === key);
      if (!sameKeys) {
        const [assigned] = await tx
          .select({ id: a.experimentId })
          .from(a)
          .where(eq(a.experimentId, id))
          .limit(1);
        if (assigned) throw new AppError('validation.invalid', { field: 'variations' });
      }
    }
    const values = {
      name: input.name,
      status: input.status,
      variations: input.variations,
      coverage: input.coverage,
      seed: input.seed ?? id,
      updatedAt: now,
    };
    const [experiment] = await tx
      .insert(e)
      .values({ id, ...values, createdAt: now })
      .onConflictDoUpdate({ target: e.id, set: values })
      .returning();
    if (!experiment) throw new Error(`experiment ${id} was neither inserted nor updated`);
    return { experiment, created: !existing };
  });
}
