import { fileURLToPath } from 'node:url';
import { type AppContext, appContext } from '@chrysos/web/app-context';
import { fastifyReactRouter } from '@mcansh/react-router-fastify';
import type { FastifyInstance } from 'fastify';
import { RouterContextProvider } from 'react-router';
import type { ViteDevServer } from 'vite';

export interface WebPluginOptions {
  /** The Vite dev server during `npm run dev`; absent when serving the production build. */
  devServer?: ViteDevServer | undefined;
}

const webRoot = fileURLToPath(new URL('../../../web/', import.meta.url));

/**
 * Mounts the React Router app for every path the API does not claim. Hashed assets under
 * build/client/assets are served with immutable cache headers by the adapter.
 */
export async function webPlugin(app: FastifyInstance, options: WebPluginOptions): Promise<void> {
  await app.register(fastifyReactRouter, {
    devServer: options.devServer,
    serverBuildPath: `${webRoot}build/server/index.js`,
    clientBuildDirectory: `${webRoot}build/client`,
    getLoadContext(request) {
      const context = new RouterContextProvider();
      const value: AppContext = {
        license: app.config.LICENSE,
        clientIp: request.ip,
      };
      context.set(appContext, value);
      return context;
    },
  });
}
