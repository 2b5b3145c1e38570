import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { apiScope } from '../../platform/api-conventions.ts';
import { ReferenceData } from './reference-data.ts';
import { infoRoutes } from './routes.ts';

async function referenceDataPlugin(app: FastifyInstance): Promise<void> {
  app.decorate('referenceData', new ReferenceData(app.database.db));
  await app.register(apiScope(infoRoutes));
}

export default fp(referenceDataPlugin, {
  name: 'info',
  dependencies: ['database', 'api-conventions', 'config'],
});
