import { groupsApi, groupsOperatorApi } from '@chrysos/contract';
import { routeOf } from '@chrysos/contract/fastify';
import { type Db, schema } from '@chrysos/db';
import { and, eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../platform/errors.ts';
import { requirePlayer } from '../../platform/http-session.ts';
import { changeGroups, replaceGroups } from './groups.ts';
import { playerGroups } from './present-player.ts';
import { selfAssignableGroups } from './routes.ts';

/** Spec §9: a new player's groups are synced within 5 minutes of registration. */
export const groupSyncWindowMs = 5 * 60_000;

const asItems = (groups: string[]) => groups.map((id) => ({ id }));

/** Spec §6: a player's groups checked by id, and a new player's self-assignable groups synced (§9). */
export const groupsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.database;

  app.route({
    ...routeOf(groupsApi.check),
    handler: async (request) => {
      const playerId = await requirePlayer(request);
      const [row] = await db
        .select({ group: schema.playerGroups.group })
        .from(schema.playerGroups)
        .where(
          and(eq(schema.playerGroups.playerId, playerId), eq(schema.playerGroups.group, request.params.id)),
        );
      return { id: request.params.id, member: row !== undefined };
    },
  });

  app.route({
    ...routeOf(groupsApi.sync),
    handler: async (request) => {
      const playerId = await requirePlayer(request);
      const wanted = request.body.groups;
      const refused = wanted.filter((group) => !(selfAssignableGroups as readonly string[]).includes(group));
      if (refused.length > 0) {
        throw new AppError('player.group_not_allowed', {
          field: 'groups',
          params: { groups: refused.join(', ') },
        });
      }
      await db.transaction(async (tx) => {
        const [player] = await tx
          .select({ createdAt: schema.players.createdAt })
          .from(schema.players)
          .where(eq(schema.players.id, playerId));
        if (!player || app.clock.now().getTime() - player.createdAt.getTime() > groupSyncWindowMs) {
          throw new AppError('player.groups_sync_closed', { field: 'groups' });
        }
        await changeGroups(tx, app.events, playerId, {
          add: wanted,
          remove: selfAssignableGroups.filter((group) => !wanted.includes(group)),
        });
      });
      return asItems(await playerGroups(db, playerId));
    },
  });
};

async function requireKnownPlayer(db: Db, playerId: string): Promise<void> {
  const [row] = await db
    .select({ id: schema.players.id })
    .from(schema.players)
    .where(eq(schema.players.id, playerId));
  if (!row) throw new AppError('player.not_found');
}

/** Spec §6 for operators: a player's groups read, extended or replaced (each change pushed on groups_updates). */
export const groupsOperatorRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.database;

  app.route({
    ...routeOf(groupsOperatorApi.list),
    handler: async (request) => {
      await requireKnownPlayer(db, request.params.id);
      return asItems(await playerGroups(db, request.params.id));
    },
  });

  app.route({
    ...routeOf(groupsOperatorApi.change),
    handler: async (request) => {
      await requireKnownPlayer(db, request.params.id);
      await db.transaction(async (tx) => {
        const change = { add: request.body.add ?? [], remove: request.body.remove ?? [] };
        await changeGroups(tx, app.events, request.params.id, change);
        await app.recordOperatorAction(tx, request, {
          action: 'player_groups.changed',
          playerId: request.params.id,
          details: { ...change, ...(request.body.reason ? { reason: request.body.reason } : {}) },
        });
      });
      return asItems(await playerGroups(db, request.params.id));
    },
  });

  app.route({
    ...routeOf(groupsOperatorApi.replace),
    handler: async (request) => {
      await requireKnownPlayer(db, request.params.id);
      await db.transaction(async (tx) => {
        await replaceGroups(tx, app.events, request.params.id, request.body.groups);
        await app.recordOperatorAction(tx, request, {
          action: 'player_groups.replaced',
          playerId: request.params.id,
          details: { groups: request.body.groups },
        });
      });
      return asItems(await playerGroups(db, request.params.id));
    },
  });
};
