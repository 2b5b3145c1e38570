import { existsSync } from 'node:fs';
import { Transform } from 'node:stream';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { createClient, type Transport, type TransportRequest } from '@chrysos/contract/client';
import { localeFromPath, routeRuleRedirect, withoutStrippedPrefix } from '@chrysos/rules';
import { type AppContext, appContext } from '@chrysos/web/app-context';
import { fastifyReactRouter } from '@mcansh/react-router-fastify';
import { errorCodes, type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { RouterContextProvider, type ServerBuild } from 'react-router';
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

  const serverBuildPath = `${webRoot}build/server/index.js`;
  await app.register(fastifyReactRouter, {
    devServer: options.devServer,
    serverBuildPath,
    // The production build as a module, not a function that imports it: given a function, React Router
    // derives its route tree and static handler again on every request (5.5 % of a signed-in page's CPU
    // in the profile of decision 42); given the build, once.
    // (An API-only process without a web build keeps the adapter's import on first request.)
    ...(options.devServer || !existsSync(serverBuildPath)
      ? {}
      : { build: (await import(pathToFileURL(serverBuildPath).href)) as ServerBuild }),
    clientBuildDirectory: `${webRoot}build/client`,
    // Serve the .br/.gz files written at build time (apps/web/scripts/precompress.ts).
    staticOptions: { preCompressed: true },
    async getLoadContext(request, reply) {
      const context = new RouterContextProvider();
      const page = await options.pageContext(request, reply, pageApi(app, request));
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

/** Page requests that made an in-process call other than a read: their later calls look the session up. */
const changedSession = new WeakSet<FastifyRequest>();

/**
 * The reads a page request made, by URL: the root's loader and the page's often read the same (the
 * wallet's accounts, the currencies), and they run at once. A call other than a read forgets them, as
 * what it changed may be in them.
 */
const pageReads = new WeakMap<FastifyRequest, Map<string, Promise<{ status: number; text: string }>>>();

/** The API as a page's loaders and actions call it, for the page's request. */
export function pageApi(app: FastifyInstance, request: FastifyRequest): AppContext['api'] {
  return createClient((call) => callApiAs(app, request, call));
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
  const read = call.method === 'GET' && call.body === undefined;
  if (!read) pageReads.delete(request);
  const reads = pageReads.get(request) ?? new Map<string, Promise<{ status: number; text: string }>>();
  pageReads.set(request, reads);
  const key = read ? `${call.url}\u0000${JSON.stringify(call.headers ?? {})}` : undefined;
  const answer = (key && reads.get(key)) || injectAs(app, request, call);
  if (key) reads.set(key, answer);
  const { status, text } = await answer;
  let body: unknown = null;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    body = null;
  }
  return { status, body };
}

/** One in-process call as the page's visitor. */
async function injectAs(
  app: FastifyInstance,
  request: FastifyRequest,
  call: TransportRequest,
): Promise<{ status: number; text: string }> {
  const forwarded = ['cookie', 'user-agent', app.config.GEOIP_COUNTRY_HEADER];
  // Reads before the page changed anything reuse its session lookup; once a call of the page may have
  // changed the session (a break taken ends it), every later call reads it again.
  if (call.method !== 'GET') changedSession.add(request);
  const vouched = changedSession.has(request) ? {} : await app.pageSessionHeader(request);
  const headers: Record<string, string> = {
    ...call.headers,
    ...vouched,
    'accept-language': pageLanguage(request.url),
  };
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
  return { status: response.statusCode, text: response.body };
}
