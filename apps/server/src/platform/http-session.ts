import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { Db } from '@chrysos/db';
import cookie from '@fastify/cookie';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from './errors.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in player's id, or null; looked up once per request. */
    playerId(): Promise<string | null>;
    /** What a visitor is told when a route needs a player (see `requirePlayer`). */
    signInRequired(): Promise<AppError>;
    /** When the request's sign-in session started, or null without one. */
    sessionStartedAt(): Promise<Date | null>;
  }
  interface FastifyInstance {
    /**
     * The header a page's in-process API call carries so that it reuses the page request's own
     * session lookup instead of reading the session again (web.ts, decision 42).
     */
    pageSessionHeader(page: FastifyRequest): Promise<Record<string, string>>;
    /**
     * Ends every live session of a player (in the caller's transaction `db`), but the one of `keep`:
     * a time-out signs them out everywhere, a new password everywhere else.
     */
    endPlayerSessions(db: Db, playerId: string, now: Date, keep?: string): Promise<void>;
  }
  interface FastifyReply {
    startSession(token: string): FastifyReply;
    endSession(): FastifyReply;
  }
}

export const sessionCookieName = 'chrysos_session';
/**
 * An operator's session (modules/operators), never a player's: a state-changing request carrying it
 * must come from this site's own pages too.
 */
export const operatorSessionCookieName = 'chrysos_operator';
export const sessionLifetimeMs = 30 * 24 * 60 * 60 * 1000;

export interface HttpSessionOptions {
  /** The player a session token belongs to, or null (the auth module knows how sessions are stored). */
  playerOfSession(token: string): Promise<string | null>;
  /**
   * Why the session of a token that no longer signs anyone in was ended for the player, when that is
   * something to tell them (a session-time limit ran out); null when it simply is not live.
   */
  endedFor(token: string): Promise<AppError | null>;
  /** When the session of a token started, or null. */
  startedAt(token: string): Promise<Date | null>;
  endPlayerSessions(db: Db, playerId: string, now: Date, keep?: string): Promise<void>;
}

const unsafeMethods = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * A page's in-process API calls (app.inject) carry the page's session cookie, so each read the session
 * again: a query per call, 4 to 6 of a signed-in page's 12. The page has looked it up once already; its
 * calls carry the result, vouched for by a secret only this process knows, so no client can claim a
 * player with it.
 */
const pageSessionHeaderName = 'x-chrysos-page-session';
const processSecret = randomBytes(32).toString('base64url');

/** The player id a page's in-process call was vouched for with (null: none), or undefined when not vouched. */
function vouchedPlayer(request: FastifyRequest): string | null | undefined {
  const value = request.headers[pageSessionHeaderName];
  if (typeof value !== 'string') return undefined;
  const separator = value.indexOf('.');
  const secret = Buffer.from(separator < 0 ? value : value.slice(0, separator));
  const expected = Buffer.from(processSecret);
  if (secret.length !== expected.length || !timingSafeEqual(secret, expected)) return undefined;
  return value.slice(separator + 1) || null;
}

/** The host of an origin, or null when the header is not a URL at all (such as the literal `null`). */
function hostOf(origin: string): string | null {
  return URL.canParse(origin) ? new URL(origin).host : null;
}

/** The profile pages (spec §2), English and Greek: the player's own details, even before sign-in. */
const profilePage = /^\/(?:el\/)?profile(?:[/?]|$)/;
/** Sign-up, sign-in, sign-out, password, confirmation and unlock answers. */
const accountApi = /^\/api\/users(?:[/?]|$)/;

/**
 * Whether an answer is personal, so no browser or shared cache may keep it (`private, no-store`):
 * it sets a cookie (sign-in, sign-out, the language cookie); it was built after reading a session the
 * request carried (every page and API answer for a signed-in player); it is an API answer that read
 * the session or an account answer (/api/users/*), signed in or not; or it is a profile page. A page
 * for a visitor without a session reads "no session" and stays as it is, so public pages keep their
 * caching (and the back/forward cache).
 */
function isPersonal(request: FastifyRequest, reply: FastifyReply, sessionRead: boolean): boolean {
  if (reply.hasHeader('set-cookie')) return true;
  const path = request.url;
  if (profilePage.test(path) || accountApi.test(path)) return true;
  if (!sessionRead) return false;
  return request.cookies[sessionCookieName] !== undefined || path.startsWith('/api/');
}

/**
 * Cookie sessions: an opaque token in an HttpOnly, SameSite=Lax cookie (Secure under https). A
 * state-changing request that carries the cookie, or an operator's, must come from this site's own
 * pages (CSRF).
 */
async function sessionPlugin(app: FastifyInstance, options: HttpSessionOptions): Promise<void> {
  await app.register(cookie);
  const lookups = new WeakMap<FastifyRequest, Promise<string | null>>();

  app.decorateRequest('playerId', function (this: FastifyRequest) {
    let lookup = lookups.get(this);
    if (!lookup) {
      const token = this.cookies[sessionCookieName];
      const vouched = vouchedPlayer(this);
      lookup =
        vouched !== undefined
          ? Promise.resolve(vouched)
          : token
            ? options.playerOfSession(token)
            : Promise.resolve(null);
      lookups.set(this, lookup);
    }
    return lookup;
  });

  app.decorateRequest('signInRequired', async function (this: FastifyRequest) {
    const token = this.cookies[sessionCookieName];
    return (token ? await options.endedFor(token) : null) ?? new AppError('auth.sign_in_required');
  });

  app.decorateRequest('sessionStartedAt', async function (this: FastifyRequest) {
    const token = this.cookies[sessionCookieName];
    return token ? options.startedAt(token) : null;
  });

  app.decorate('endPlayerSessions', options.endPlayerSessions);
  app.decorate('pageSessionHeader', async (page: FastifyRequest) => ({
    [pageSessionHeaderName]: `${processSecret}.${(await page.playerId()) ?? ''}`,
  }));

  app.decorateReply('startSession', function (this: FastifyReply, token: string) {
    return this.setCookie(sessionCookieName, token, {
      path: '/',
      httpOnly: true,
      sameSite: 'lax',
      secure: this.request.protocol === 'https',
      maxAge: sessionLifetimeMs / 1000,
    });
  });
  app.decorateReply('endSession', function (this: FastifyReply) {
    return this.clearCookie(sessionCookieName, { path: '/' });
  });

  // After @fastify/cookie's own onSend hook, which writes the Set-Cookie header.
  app.addHook('onSend', async (request, reply) => {
    if (isPersonal(request, reply, lookups.has(request))) reply.header('cache-control', 'private, no-store');
  });

  app.addHook('onRequest', async (request) => {
    if (!unsafeMethods.has(request.method)) return;
    if (!request.cookies[sessionCookieName] && !request.cookies[operatorSessionCookieName]) return;
    const origin = request.headers.origin;
    const fetchSite = request.headers['sec-fetch-site'];
    // `Origin: null` (a sandboxed frame, a redirect chain) or an unreadable origin is never this site.
    const sameOrigin = origin ? hostOf(origin) === request.host : fetchSite !== 'cross-site';
    if (!sameOrigin) throw new AppError('request.cross_site');
  });
}

/**
 * The signed-in player's id; 401 for a visitor: auth.sign_in_required, or why the session the request
 * carries was ended for the player (`HttpSessionOptions.endedFor`), so the site can say so.
 */
export async function requirePlayer(request: FastifyRequest): Promise<string> {
  const playerId = await request.playerId();
  if (playerId) return playerId;
  throw await request.signInRequired();
}

export default fp(sessionPlugin, { name: 'session', dependencies: ['database'] });
