import type { Viewer } from '@chrysos/rules';
import type { FastifyInstance, FastifyRequest } from 'fastify';

/**
 * Who is looking, as the visibility rules need it. Until accounts exist every visitor is anonymous:
 * no groups, no A/B assignments.
 */
export function viewerOf(app: FastifyInstance, _request: FastifyRequest): Viewer {
  return { groups: [], abVariants: {}, now: new Date(), timeZone: app.config.TIME_ZONE };
}
