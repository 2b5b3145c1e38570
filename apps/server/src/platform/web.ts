import { Transform } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { createClient, type Transport, type TransportRequest } from '@chrysos/contract/client';
import { localeFromPath, routeRuleRedirect, withoutStrippedPrefix } from '@chrysos/rules';
import { type AppContext, appContext } from '@chrysos/web/app-context';
import { fastifyReactRouter } from '@mcansh/react-router-fastify';
import { errorCodes, type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { RouterContextProvider } from 'react-router';
import type { ViteDevServer } from 'vite';
import { type RenderCacheOptions, renderCache } from './render-cache.ts';

export interface WebPluginOptions {
  /** The Vite dev server during `npm run dev`; absent when serving the production build. */
  devServer?: ViteDevServer | undefined;
}

/** What the pages know of the request they render for; the modules assemble it (content's public.ts). */
export type PageContextOf = (
  request: FastifyRequest,
  reply: FastifyReply,
  api: AppContext['api'],
) => Promise<Omit<AppContext, 'reportFault'>>;

/** What React Router caught while rendering a page for the request (entry.server.tsx's handleError). */
const pageFaults = new WeakMap<FastifyRequest, unknown[]>();

const webRoot = fileURLToPath(new URL('../../../web/', import.meta.url));

/** Requests for files (assets, icons, the manifest) are not pages. */
const isFileRequest = (path: string) => path.startsWith('/assets/') || /\.[a-z0-9]+$/i.test(path);

/**
 * Mounts the React Router app for every path the API does not claim. Hashed assets under
 * build/client/assets are served with immutable cache headers by the adapter.
 */
export async function webPlugin(
  app: FastifyInstance,
  options: WebPluginOptions & { pageContext: PageContextOf; pageVariant: RenderCacheOptions['variantOf'] },
): Promise<void> {
  // Before the app renders: foreign locale prefixes and configured route rules redirect on the server.
  app.addHook('onRequest', async (request, reply) => {
    const [path = '/', query] = request.url.split(/\?(.*)/s);
    if (isFileRequest(path)) return;
    const stripped = withoutStrippedPrefix(path);
    if (stripped !== null) return reply.redirect(`${stripped}${query ? `?${query}` : ''}`, 301);
    const target = routeRuleRedirect(app.config.ROUTE_RULES, path);
    if (target !== null) return reply.redirect(target, 302);
  });

  // Anonymous pages from the shared render cache; never under `npm run dev`, where pages change as you type.
  if (!options.devServer && app.config.RENDER_CACHE_SECONDS > 0) {
    renderCache(app, { variantOf: options.pageVariant, ttlMs: app.config.RENDER_CACHE_SECONDS * 1000 });
  }

  // The adapter hands React Router the raw body stream, past Fastify's body limit: count it here.
  const bodyLimit = app.initialConfig.bodyLimit ?? 1024 * 1024;
  app.addHook('preParsing', async (request, _reply, payload) => {
    if (Number(request.headers['content-length'] ?? 0) > bodyLimit)
      throw new errorCodes.FST_ERR_CTP_BODY_TOO_LARGE();
    let received = 0;
    return payload.pipe(
      new Transform({
        transform(chunk: Buffer, _encoding, next) {
          received += chunk.length;
          next(received > bodyLimit ? new errorCodes.FST_ERR_CTP_BODY_TOO_LARGE() : null, chunk);
        },
      }),
    );
  });

  await app.register(fastifyReactRouter, {
    devServer: options.devServer,
    serverBuildPath: `${webRoot}build/server/index.js`,
    clientBuildDirectory: `${webRoot}build/client`,
    // Serve the .br/.gz files written at build time (apps/web/scripts/precompress.ts).
    staticOptions: { preCompressed: true },
    async getLoadContext(request, reply) {
      const context = new RouterContextProvider();
      const page = await options.pageContext(
        request,
        reply,
        createClient((call) => callApiAs(app, request, call)),
      );
      context.set(appContext, {
        ...page,
        reportFault(error) {
          const faults = pageFaults.get(request) ?? [];
          faults.push(error);
          pageFaults.set(request, faults);
        },
      });
      return context;
    },
  });

  // React Router answers a page's fault itself (its error page, a 500), so Fastify's error handler never
  // sees it: reported here once the status is known. A 4xx (a URL no route matches, a refused action)
  // is the caller's, as for the API.
  app.addHook('onResponse', async (request, reply) => {
    const faults = pageFaults.get(request);
    if (!faults || reply.statusCode < 500) return;
    for (const fault of faults) app.errorReports.report(fault, request);
  });
}

/**
 * The language a page's API calls are made in: the page's own, from its path (a client navigation
 * reads `/el/….data`, the Greek home `/el.data`), as the browser's calls send `<html lang>`. The
 * browser's Accept-Language is the visitor's, not the page's: a Greek page read by an English browser
 * must still get Greek messages.
 */
export function pageLanguage(url: string): string {
  const pathname = new URL(url, 'http://page.invalid').pathname.replace(/\.data$/, '');
  return localeFromPath(pathname);
}

/**
 * The transport of a loader's API calls: answered in-process by the same routes the browser calls, as
 * the visitor of the page: their session cookie, user agent and address (so GeoIP and the country header
 * decide games and restrictions the same way), in the page's language.
 */
async function callApiAs(
  app: FastifyInstance,
  request: FastifyRequest,
  call: TransportRequest,
): ReturnType<Transport> {
  const forwarded = ['cookie', 'user-agent', app.config.GEOIP_COUNTRY_HEADER];
  const headers: Record<string, string> = { ...call.headers, 'accept-language': pageLanguage(request.url) };
  for (const name of forwarded) {
    const value = name ? request.headers[name.toLowerCase()] : undefined;
    if (name && typeof value === 'string') headers[name.toLowerCase()] = value;
  }
  const response = await app.inject({
    method: call.method,
    url: call.url,
    headers,
    remoteAddress: request.ip,
    ...(call.body === undefined ? {} : { payload: call.body }),
  });
  let body: unknown = null;
  try {
    body = response.body ? JSON.parse(response.body) : null;
  } catch {
    body = null;
  }
  return { status: response.statusCode, body };
}
