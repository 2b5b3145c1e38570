import { experimentOperatorApi } from '@chrysos/contract';
import { routeOf } from '@chrysos/contract/fastify';
import { schema } from '@chrysos/db';
import { asc, count, eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../platform/errors.ts';
import { presentExperiment, putExperiment } from './put-experiment.ts';

/**
 * A/B tests' part of the operator API (@chrysos/contract experimentOperatorApi). Registered under
 * platform/operator-api.ts's operatorScope, so every route needs the bearer OPERATOR_API_TOKEN and none
 * exists without it. A write bumps experiments_version, so every instance assigns by it on its next request.
 */
export const experimentOperatorRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.database;
  const e = schema.experiments;

  app.route({
    ...routeOf(experimentOperatorApi.list),
    handler: async () => (await db.select().from(e).orderBy(asc(e.id))).map(presentExperiment),
  });

  app.route({
    ...routeOf(experimentOperatorApi.put),
    handler: async (request, reply) => {
      const { experiment, created } = await db.transaction(async (tx) => {
        const saved = await putExperiment(tx, request.params.id, request.body, app.clock.now());
        await app.recordOperatorAction(tx, request, {
          action: 'experiment.saved',
          details: { experiment: request.params.id, created: saved.created, status: saved.experiment.status },
        });
        return saved;
      });
      return reply.code(created ? 201 : 200).send(presentExperiment(experiment));
    },
  });

  app.route({
    ...routeOf(experimentOperatorApi.get),
    handler: async (request) => {
      const [row] = await db.select().from(e).where(eq(e.id, request.params.id));
      if (!row) throw new AppError('experiments.not_found', { field: 'id' });
      const a = schema.experimentAssignments;
      const counts = await db
        .select({ variation: a.variation, subjects: count() })
        .from(a)
        .where(eq(a.experimentId, row.id))
        .groupBy(a.variation);
      const experiment = presentExperiment(row);
      const assigned = Object.fromEntries(
        experiment.variations.map((variation, index) => [
          variation.key,
          counts.find((entry) => entry.variation === index)?.subjects ?? 0,
        ]),
      );
      return { ...experiment, assigned };
    },
  });
};
