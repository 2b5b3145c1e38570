import { fastifyReactRouterDev } from '@mcansh/react-router-fastify/vite';
import { reactRouter } from '@react-router/dev/vite';
import { defineConfig } from 'vite';

export default defineConfig({
  plugins: [
    reactRouter(),
    // `npm run dev` serves through the real Fastify app; in the SSR build `#app-context` stays an
    // import, so the server and the route modules share one context token.
    fastifyReactRouterDev({ entry: '../server/src/dev.ts', externalizeServerEntryImports: ['#app-context'] }),
  ],
});
