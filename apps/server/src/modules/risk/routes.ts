import { riskCaseOperatorApi } from '@chrysos/contract';
import { routeOf } from '@chrysos/contract/fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../platform/errors.ts';
import { operatorActor, operatorOf } from '../../platform/operator-api.ts';
import { playerExists } from '../player/public.ts';
import { assignCase } from './assign-case.ts';
import { intervene } from './intervene.ts';
import { interventionsOf, interventionsOnCase } from './interventions.ts';
import { caseById, listCases } from './list-cases.ts';
import { presentCase, presentCases, presentInterventions } from './present.ts';
import { resolveCase } from './resolve-case.ts';

/**
 * The cases and interventions for operators (issue 38): every step on the audit trail under who took
 * it, in the transaction that took it.
 */
export const riskOperatorRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.database;

  app.route({
    ...routeOf(riskCaseOperatorApi.list),
    handler: async (request) => {
      const { status, category, player_id: playerId, limit } = request.query;
      return presentCases(app, db, await listCases(db, { status, category, playerId, limit }));
    },
  });

  app.route({
    ...routeOf(riskCaseOperatorApi.show),
    handler: async (request) => {
      const found = await caseById(db, request.params.id);
      if (!found) throw new AppError('risk.case_not_found');
      return {
        ...(await presentCase(app, db, found)),
        interventions: await presentInterventions(app, await interventionsOnCase(db, found.id)),
      };
    },
  });

  app.route({
    ...routeOf(riskCaseOperatorApi.assign),
    handler: async (request) => {
      const owner = await app.operators.byId(request.body.owner_id);
      const assigned = await db.transaction(async (tx) => {
        const { before, after } = await assignCase(tx, request.params.id, owner);
        await app.recordOperatorAction(tx, request, {
          action: 'risk.case_assigned',
          playerId: after.playerId,
          details: { case: after.id, kind: after.kind, owner: after.ownerId, previous_owner: before.ownerId },
        });
        return after;
      });
      return presentCase(app, db, assigned);
    },
  });

  app.route({
    ...routeOf(riskCaseOperatorApi.resolve),
    handler: async (request) => {
      const resolved = await db.transaction(async (tx) => {
        const row = await resolveCase(tx, request.params.id, {
          ...request.body,
          by: operatorActor(operatorOf(request)),
          at: app.clock.now(),
        });
        await app.recordOperatorAction(tx, request, {
          action: 'risk.case_resolved',
          playerId: row.playerId,
          details: { case: row.id, kind: row.kind, outcome: row.outcome, note: row.resolutionNote },
        });
        return row;
      });
      return presentCase(app, db, resolved);
    },
  });

  app.route({
    ...routeOf(riskCaseOperatorApi.interventions),
    handler: async (request) => {
      if (!(await playerExists(db, request.params.id))) throw new AppError('player.not_found');
      return presentInterventions(app, await interventionsOf(db, request.params.id));
    },
  });

  app.route({
    ...routeOf(riskCaseOperatorApi.intervene),
    handler: async (request, reply) => {
      const playerId = request.params.id;
      if (!(await playerExists(db, playerId))) throw new AppError('player.not_found');
      const recorded = await db.transaction(async (tx) => {
        const row = await intervene(tx, {
          playerId,
          caseId: request.body.case_id,
          kind: request.body.kind,
          note: request.body.note,
          by: operatorActor(operatorOf(request)),
          at: app.clock.now(),
        });
        await app.recordOperatorAction(tx, request, {
          action: 'risk.intervention_recorded',
          playerId,
          details: { intervention: row.id, kind: row.kind, case: row.caseId, note: row.note },
        });
        return row;
      });
      const [presented] = await presentInterventions(app, [recorded]);
      if (!presented) throw new Error('intervention not presented');
      return reply.code(201).send(presented);
    },
  });
};
