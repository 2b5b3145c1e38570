import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { apiScope } from '../../platform/api-conventions.ts';
import { supportRoutes } from './routes.ts';

/** The contact form (spec §7 send_contact_message). */
async function support(app: FastifyInstance): Promise<void> {
  await app.register(apiScope(supportRoutes));
}

export default fp(support, { name: 'support', dependencies: ['database', 'api-conventions'] });
