import type { ExperimentVariation, UtmParameters } from '@chrysos/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { apiScope } from '../../platform/api-conventions.ts';
import { operatorScope } from '../../platform/operator-api.ts';
import { assignSubject } from './assign-subject.ts';
import { utmOf } from './exposure.ts';
import { experimentOperatorRoutes } from './operator-routes.ts';
import type { Experiments } from './public.ts';
import { readStoredAssignments } from './read-assignments.ts';
import { experimentRoutes } from './routes.ts';
import { type RunningExperiment, RunningExperiments } from './running-experiments.ts';
import { subjectOf } from './subject-of.ts';

/**
 * A/B tests (spec §7 `GET /v2/ab/{testId}`, the content's `ab` visibility rule; issue 37): experiments an
 * operator defines, GrowthBook's deterministic hashing for a subject's first assignment, the assignment
 * stored so it never changes, and its exposure recorded once as an analytics event.
 */
async function experimentsPlugin(app: FastifyInstance): Promise<void> {
  const running = new RunningExperiments(app.database.db);

  type Pick = (running: ReadonlyMap<string, RunningExperiment>) => RunningExperiment[];
  /**
   * The variation of each experiment `pick` chooses of the running ones, for the request's subject; the
   * control for a request without one. A subject's stored assignments and the experiments' version are
   * one query; only when the version is newer than the list held is the list read again.
   */
  const assign = async (request: FastifyRequest, pick: Pick, utm: UtmParameters) => {
    const subject = await subjectOf(request);
    let experiments: RunningExperiment[];
    let assigned = new Map<string, number>();
    if (!subject) {
      experiments = pick(await running.current());
    } else {
      const held = running.snapshot();
      experiments = pick(held.running);
      const ids = (list: RunningExperiment[]) => list.map((experiment) => experiment.id);
      const first = await readStoredAssignments(app.database.db, subject.id, ids(experiments));
      let stored = first.stored;
      if (first.version > held.version) {
        const current = pick(await running.at(first.version));
        const read = new Set(ids(experiments));
        const unread = current.filter((experiment) => !read.has(experiment.id));
        if (unread.length > 0) {
          const more = await readStoredAssignments(app.database.db, subject.id, ids(unread));
          stored = new Map([...stored, ...more.stored]);
        }
        experiments = current;
      }
      if (experiments.length > 0) {
        const deps = { db: app.database.db, track: app.analytics.track, now: app.clock.now() };
        assigned = await assignSubject(deps, subject, experiments, stored, utm);
      }
    }
    return experiments.map((experiment) => ({
      experiment,
      variation: variationAt(experiment, assigned.get(experiment.id) ?? 0),
    }));
  };

  const variants = new WeakMap<FastifyRequest, Promise<Readonly<Record<string, string>>>>();
  const experiments: Experiments = {
    async answerFor(request, testId, utm) {
      const pick: Pick = (current) => {
        const experiment = current.get(testId);
        return experiment ? [experiment] : [];
      };
      const [answer] = await assign(request, pick, utm);
      return answer ? { path: answer.variation.path, group: answer.variation.key } : null;
    },
    variantsOf(request) {
      let found = variants.get(request);
      if (!found) {
        found = assign(request, (current) => [...current.values()], utmOf(request.url)).then((answers) =>
          Object.fromEntries(answers.map(({ experiment, variation }) => [experiment.id, variation.path])),
        );
        variants.set(request, found);
      }
      return found;
    },
  };
  app.decorate('experiments', experiments);

  await app.register(apiScope(experimentRoutes(app)));
  await app.register(operatorScope(experimentOperatorRoutes));
}

/** The variation at an assignment's index; the control should the index be past the list. */
function variationAt(experiment: RunningExperiment, index: number): ExperimentVariation {
  const variation = experiment.variations[index] ?? experiment.variations[0];
  if (!variation) throw new Error(`experiment ${experiment.id} has no variations`);
  return variation;
}

export default fp(experimentsPlugin, {
  name: 'experiments',
  dependencies: [
    'config',
    'database',
    'api-conventions',
    'clock',
    'session',
    'analytics',
    'operator-actions',
  ],
});
