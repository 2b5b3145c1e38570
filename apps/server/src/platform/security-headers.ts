import { randomBytes } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet from 'helmet';
import type { Config } from './config.ts';
import { ingestOriginOf } from './error-reporting/config.ts';

declare module 'fastify' {
  interface FastifyReply {
    /**
     * This answer's Content-Security-Policy nonce: the only inline scripts a page may run are those
     * carrying it (React Router's hydration and streaming scripts, the /exit_iframe script).
     */
    scriptNonce: string;
  }
}

/** Each answer's nonce, where the policy's `script-src` (built from the raw response) finds it. */
const nonces = new WeakMap<ServerResponse, string>();

/** A Host header fit to name the dev server's own websocket (dev only; anything odd is left out). */
const plainHost = /^(?:[a-z0-9.-]+|\[[0-9a-f:.]+\])(?::\d{1,5})?$/i;

type PolicyConfig = Pick<Config, 'NODE_ENV' | 'PUBLIC_URL' | 'SENTRY_DSN'>;

/** What the modules add to the policy, handed in by app.ts: platform/ reads no module's settings. */
export interface PolicySources {
  /** Origins scripts may be loaded from besides our own (the operator's games proxy script). */
  script?: string[];
  /**
   * Origins the page may connect to besides our own: that proxy, and realtime push (spec §7), whose
   * origin is named outright as not every browser counts ws: and wss: as 'self'.
   */
  connect?: string[];
}

/** Whether the site is reached over https: HSTS and upgrade-insecure-requests only then. */
export const servedOverHttps = (config: Pick<Config, 'PUBLIC_URL'>) => config.PUBLIC_URL.startsWith('https:');

/**
 * The Content-Security-Policy of every answer. Scripts: our own files and inline scripts with the
 * answer's nonce, nothing else (no 'unsafe-inline', no eval, no inline event handlers). Styles allow
 * 'unsafe-inline': React renders `style` attributes on the server (progress bars, reel strips,
 * roulette chips) and the sandbox payment page, the demo mailbox and the offline page carry their own
 * `<style>`; style injection cannot run code. Frames: the game iframe and the mailbox's email preview
 * are our own origin, and only our own pages may frame any of ours (the game page frames
 * /studio/play).
 */
export function contentSecurityPolicy(config: PolicyConfig, sources: PolicySources = {}) {
  const development = config.NODE_ENV === 'development';
  return {
    'default-src': ["'self'"],
    'base-uri': ["'self'"],
    'script-src': [
      "'self'",
      (_request: unknown, response: ServerResponse) => `'nonce-${nonces.get(response) ?? ''}'`,
      ...(sources.script ?? []),
    ],
    'script-src-attr': ["'none'"],
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:', 'blob:'],
    'font-src': ["'self'", 'data:'],
    'connect-src': [
      "'self'",
      ...(sources.connect ?? []),
      // The browser's error reports go to Sentry's ingest, only when SENTRY_DSN is set.
      ...ingestOriginOf(config.SENTRY_DSN),
      // `npm run dev`: Vite's hot-reload websocket on the page's own host (older browsers do not
      // count ws: as 'self').
      ...(development
        ? [
            (request: { headers: { host?: string } }) => {
              const host = request.headers.host ?? '';
              return plainHost.test(host) ? `ws://${host} wss://${host}` : "'self'";
            },
          ]
        : []),
    ],
    'frame-src': ["'self'"],
    'frame-ancestors': ["'self'"],
    'form-action': ["'self'"],
    'object-src': ["'none'"],
    ...(servedOverHttps(config) ? { 'upgrade-insecure-requests': [] } : {}),
  };
}

/**
 * Security headers on every answer (pages, API, files), through helmet: the policy above,
 * `X-Frame-Options: SAMEORIGIN` for browsers without frame-ancestors, `nosniff`,
 * `Referrer-Policy: strict-origin-when-cross-origin`, and HSTS when PUBLIC_URL is https. On JSON
 * answers (the API, the studios' wallet protocol) they cost a few bytes and stop a browser from
 * treating the answer as a page. A route's own header (the game client's `no-referrer`) wins.
 * helmet's middleware is built once, here: @fastify/helmet built it again on every request, which was
 * a seventh of what a wallet call allocated (bench/wallet.ts) and so of the collector's pauses.
 */
async function securityHeaders(app: FastifyInstance, sources: PolicySources): Promise<void> {
  const { config } = app;
  const setHeaders = helmet({
    contentSecurityPolicy: { useDefaults: false, directives: contentSecurityPolicy(config, sources) },
    strictTransportSecurity: servedOverHttps(config)
      ? // Subdomains are the operator's to decide: they may serve plain http.
        { maxAge: 365 * 24 * 60 * 60, includeSubDomains: false }
      : false,
    xFrameOptions: { action: 'sameorigin' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    // Images and files may be shown by the operator's other sites (a blog on a subdomain).
    crossOriginResourcePolicy: { policy: 'same-site' },
  });
  app.decorateReply('scriptNonce', '');
  app.addHook('onRequest', (request, reply, done) => {
    // The nonce first: the policy's script-src reads it from the raw response.
    reply.scriptNonce = randomBytes(18).toString('base64');
    nonces.set(reply.raw, reply.scriptNonce);
    setHeaders(request.raw, reply.raw, (error) => done(error as Error | undefined));
  });
}

export default fp(securityHeaders, { name: 'security-headers', dependencies: ['config'] });
