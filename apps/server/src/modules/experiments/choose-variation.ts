import type { ExperimentVariation } from '@chrysos/contract';
import { GrowthBookClient } from '@growthbook/growthbook';

/** What assigning a new subject needs of an experiment. */
export interface Hashable {
  id: string;
  seed: string;
  coverage: number;
  variations: readonly ExperimentVariation[];
}

// One client for every subject: it holds no features and no per-user state (the subject is given with
// each call), so the process needs no more.
const growthBook = new GrowthBookClient();

/**
 * The variation GrowthBook's deterministic hashing gives a new subject (docs/decisions/0043): the
 * subject's id hashed with the experiment's seed (hash version 2, FNV-1a, 10,000 buckets) into the
 * ranges its weights and coverage make. The same subject, seed, weights and coverage give the same index
 * on every instance; null for a subject outside the coverage, who sees the control and is not recorded.
 */
export function chooseVariation(experiment: Hashable, subject: string): number | null {
  const result = growthBook.runInlineExperiment(
    {
      key: experiment.id,
      // Indices, not values: the answer is the position the assignment stores.
      variations: experiment.variations.map((_, index) => index) as [number, number, ...number[]],
      weights: experiment.variations.map((variation) => variation.weight),
      coverage: experiment.coverage,
      seed: experiment.seed,
      hashAttribute: 'id',
      hashVersion: 2,
    },
    { attributes: { id: subject } },
  );
  return result.inExperiment ? result.variationId : null;
}

/**
 * Sticky assignment: a subject's stored variation stands, whatever the experiment's weights or coverage
 * have become; only a subject without one is hashed (null: outside the coverage).
 */
export function stickyVariation(
  stored: number | undefined,
  experiment: Hashable,
  subject: string,
): number | null {
  return stored ?? chooseVariation(experiment, subject);
}
