import { licences } from '@chrysos/rules';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { apiScope } from '../../platform/api-conventions.ts';
import { ContentStore } from './content-store.ts';
import { readContentFiles } from './read-content-files.ts';
import { contentRoutes } from './routes.ts';
import { seoRoutes } from './sitemap.ts';

export interface ContentOptions {
  /** The database already holds CONTENT_DIR's files (a test's copy of a template): they are not read again. */
  synced?: boolean;
}

/** Loads the content files into the database at start-up; invalid files stop the start with every problem listed. */
async function contentPlugin(app: FastifyInstance, options: ContentOptions): Promise<void> {
  const store = new ContentStore(app.database.db);
  if (options.synced) {
    await store.reload();
  } else {
    const files = await readContentFiles(app.config.CONTENT_DIR, licences[app.config.LICENSE]);
    const { written, removed } = await store.sync(files);
    app.log.info({ items: files.length, written, removed }, 'content loaded');
  }
  app.decorate('content', store);
  await app.register(apiScope(contentRoutes));
  await app.register(seoRoutes);
}

export default fp(contentPlugin, {
  name: 'content',
  dependencies: ['database', 'api-conventions', 'config', 'clock', 'games'],
});
