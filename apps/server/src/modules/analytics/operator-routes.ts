import { type AnalyticsEventType, analyticsOperatorApi } from '@chrysos/contract';
import { routeOf } from '@chrysos/contract/fastify';
import { schema } from '@chrysos/db';
import { desc, eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/**
 * The analytics part of the operator API (platform/operator-api.ts): one visitor's or player's latest
 * events, for support following a journey. Read by the indexed column it names.
 */
export const analyticsOperatorRoutes: FastifyPluginAsyncZod = async (app) => {
  const events = schema.analyticsEvents;
  app.route({
    ...routeOf(analyticsOperatorApi.events),
    handler: async (request) => {
      const { anonymous_id, user_id, limit } = request.query;
      const rows = await app.database.db
        .select()
        .from(events)
        .where(user_id ? eq(events.userId, user_id) : eq(events.anonymousId, anonymous_id ?? ''))
        .orderBy(desc(events.occurredAt), desc(events.messageId))
        .limit(limit);
      return rows.map((row) => ({
        message_id: row.messageId,
        source: row.source as 'web' | 'server' | 'platform',
        type: row.type as AnalyticsEventType,
        name: row.name,
        user_id: row.userId,
        anonymous_id: row.anonymousId,
        properties: row.properties as Record<string, unknown>,
        occurred_at: row.occurredAt.toISOString(),
        received_at: row.receivedAt.toISOString(),
      }));
    },
  });
};
