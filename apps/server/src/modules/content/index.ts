import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { apiScope } from '../../platform/api-conventions.ts';
import { ContentStore } from './content-store.ts';
import { contentRoutes } from './routes.ts';
import { seoRoutes } from './sitemap.ts';

/**
 * Serves the content the database holds: the deploy step seeds the files (deploy/deploy-steps.ts), an
 * operator adds to them; this process keeps an in-memory snapshot, reloaded when the content changes.
 */
async function contentPlugin(app: FastifyInstance): Promise<void> {
  const store = new ContentStore(app.database.db);
  await store.reload();
  app.decorate('content', store);
  await app.register(apiScope(contentRoutes));
  await app.register(seoRoutes);
}

export default fp(contentPlugin, {
  name: 'content',
  dependencies: ['database', 'api-conventions', 'config', 'clock', 'games', 'experiments'],
});
