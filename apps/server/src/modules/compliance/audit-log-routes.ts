import { auditOperatorApi } from '@chrysos/contract';
import { routeOf } from '@chrysos/contract/fastify';
import { schema } from '@chrysos/db';
import { and, desc, eq, like, lt, type SQL } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { verifyAuditLog } from './audit-log.ts';

/** The audit trail for compliance (the `AuditLog` ability): its rows, and its chain verified. */
export const auditLogOperatorRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.database;
  const a = schema.complianceAuditLog;

  app.route({
    ...routeOf(auditOperatorApi.rows),
    handler: async (request) => {
      const { player_id, actor, action, before, limit } = request.query;
      const where: SQL[] = [];
      if (player_id) where.push(eq(a.playerId, player_id));
      if (actor) where.push(eq(a.actor, actor));
      // `withdrawal.` is every withdrawal action; the pattern's own wildcards are escaped.
      if (action)
        where.push(
          action.endsWith('.') ? like(a.action, `${action.replaceAll('_', '\\_')}%`) : eq(a.action, action),
        );
      if (before) where.push(lt(a.id, before));
      const rows = await db
        .select()
        .from(a)
        .where(and(...where))
        .orderBy(desc(a.id))
        .limit(limit);
      return rows.map((row) => ({
        id: row.id,
        at: row.at.toISOString(),
        actor: row.actor,
        action: row.action,
        player_id: row.playerId,
        details: row.details,
        ip: row.ip,
        hash: row.hash,
      }));
    },
  });

  app.route({
    ...routeOf(auditOperatorApi.verify),
    handler: async () => {
      const result = await verifyAuditLog(db);
      return result.ok
        ? { ok: true as const, rows: result.rows, last_hash: result.lastHash }
        : { ok: false as const, rows: result.rows, broken_at: result.brokenAt };
    },
  });
};
