/** What other modules (and app.ts) may use of content: the only file they import from it. */
import type { ContentStore } from './content-store.ts';

export { pageContextOf } from './page-context.ts';
export { pageVariantOf } from './page-variant.ts';
export { seedContent } from './seed-content.ts';

// The services this module decorates the app with, as the modules that list it among their dependencies see them.
declare module 'fastify' {
  interface FastifyInstance {
    content: ContentStore;
  }
}
