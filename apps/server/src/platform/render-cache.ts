import { createHash, randomBytes } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { localeCookieName } from '@chrysos/rules';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { LRUCache } from 'lru-cache';
import { sessionCookieName } from './http-session.ts';

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

export interface RenderCacheOptions {
  /**
   * What an anonymous page depends on besides its URL and language inputs: the visitor's country and
   * whether they are a bot, the versions of the content and the games catalogue, the day of the date
   * rules. The modules give it (content's `pageVariantOf`); the platform knows none of them.
   */
  variantOf(request: FastifyRequest): Promise<string>;
  /** How long a page is served before it is rendered again, whatever changed. Default 30 s. */
  ttlMs?: number;
  /** Bytes of pages kept (HTML and its compressed forms). Default 64 MiB. */
  maxBytes?: number;
}

/** A rendered anonymous page as it is sent again. */
interface CachedPage {
  html: Buffer;
  /** Filled on first ask: compressing once per page rather than once per answer. */
  encoded: Partial<Record<'br' | 'gzip', Buffer>>;
  etag: string;
  contentType: string;
  /** The language cookie the page's loader set (the key holds the cookie it was set against). */
  setCookie: string[];
  /** The page's Content-Security-Policy, its inline scripts allowed by hash (see `withScriptHashes`). */
  policy: string;
}

/**
 * Profile pages are personal even before sign-in (http-session.ts), the back office is an operator's
 * (their own cookie, not a player's); files are not pages.
 */
const notCacheable =
  /^\/(?:el\/)?profile(?:[/?]|$)|^\/backoffice(?:[/?.]|$)|^\/assets\/|\.[a-z0-9]+(?:\?|$)/i;
/** Longer URLs are rendered every time: nobody links to them, and they would only fill the cache. */
const maxUrlLength = 512;

/**
 * The shared render cache of anonymous pages (issue: performance). A page for a visitor without a
 * session is the same for every visitor of one URL, language inputs, country and day, as long as the
 * content and the catalogue have not changed: the first such request renders it (through the same
 * pipeline, in process), the rest are a lookup. Signed-in visitors (any session cookie) and profile
 * pages never touch it. Concurrent misses of one key render once.
 *
 * Pages carry a per-answer CSP nonce; a page sent many times cannot, so the cached copy allows its own
 * inline scripts by hash instead (the nonce it was rendered with is dropped). A CDN can keep it too:
 * `Cache-Control: public, s-maxage` and an ETag, for the answers that set no cookie.
 */
export function renderCache(app: FastifyInstance, options: RenderCacheOptions): void {
  const ttl = options.ttlMs ?? 30_000;
  const pages = new LRUCache<string, CachedPage>({
    maxSize: options.maxBytes ?? 64 * 1024 * 1024,
    sizeCalculation: (page) =>
      page.html.length + (page.encoded.br?.length ?? 0) + (page.encoded.gzip?.length ?? 0) + 512,
    ttl,
  });
  const rendering = new Map<string, Promise<CachedPage | null>>();
  // The in-process render of a miss carries it, so it is rendered rather than looked up again.
  const fillToken = randomBytes(16).toString('hex');
  const sMaxAge = Math.max(1, Math.floor(ttl / 1000));

  async function keyOf(request: FastifyRequest): Promise<string | null> {
    if (request.method !== 'GET' && request.method !== 'HEAD') return null;
    if (request.headers['x-render-fill'] === fillToken) return null;
    if (request.url.length > maxUrlLength || notCacheable.test(request.url)) return null;
    if (request.cookies[sessionCookieName] !== undefined) return null;
    // The language inputs of locale.tsx: the remembered language decides its cookie, and on / the
    // browser's first language decides the redirect to /el.
    const remembered = request.cookies[localeCookieName] ?? '-';
    const path = request.url.split('?')[0];
    const language =
      path === '/' ? (request.headers['accept-language'] ?? '').split(',')[0]?.trim().toLowerCase() : '';
    return `${request.url}\n${remembered}\n${language}\n${await options.variantOf(request)}`;
  }

  async function render(request: FastifyRequest): Promise<CachedPage | null> {
    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries(request.headers)) {
      if (typeof value === 'string' && name !== 'if-none-match' && name !== 'accept-encoding')
        headers[name] = value;
    }
    const response = await app.inject({
      method: 'GET',
      url: request.url,
      headers: { ...headers, 'accept-encoding': 'identity', 'x-render-fill': fillToken },
      remoteAddress: request.ip,
    });
    const contentType = String(response.headers['content-type'] ?? '');
    const policy = String(response.headers['content-security-policy'] ?? '');
    const nonce = /'nonce-([^']+)'/.exec(policy)?.[1];
    if (response.statusCode !== 200 || !contentType.startsWith('text/html') || !nonce) return null;
    const { html, hashes } = withoutNonce(response.body, nonce);
    const cookie = response.headers['set-cookie'];
    return {
      html: Buffer.from(html),
      encoded: {},
      etag: `"${createHash('sha256').update(html).digest('base64url').slice(0, 27)}"`,
      contentType,
      setCookie: cookie === undefined ? [] : Array.isArray(cookie) ? cookie : [cookie],
      policy: policy.replace(`'nonce-${nonce}'`, hashes.map((hash) => `'sha256-${hash}'`).join(' ')),
    };
  }

  async function lookup(key: string, request: FastifyRequest): Promise<CachedPage | null> {
    const cached = pages.get(key);
    if (cached) return cached;
    let pending = rendering.get(key);
    if (!pending) {
      pending = render(request)
        .then((page) => {
          if (page) pages.set(key, page);
          return page;
        })
        .finally(() => rendering.delete(key));
      rendering.set(key, pending);
    }
    return pending;
  }

  app.addHook('onRequest', async (request, reply) => {
    const key = await keyOf(request);
    if (key === null) return;
    const page = await lookup(key, request);
    // Not a plain 200 page (a redirect, a 404, a blocked visitor): rendered for this request as usual.
    if (!page) return;
    await send(page, request, reply);
  });

  async function send(page: CachedPage, request: FastifyRequest, reply: FastifyReply) {
    reply.header('content-security-policy', page.policy);
    reply.header('vary', 'Cookie, Accept-Language');
    reply.header('etag', page.etag);
    if (page.setCookie.length > 0) {
      // The first visit's language cookie makes the answer personal (http-session.ts marks it so).
      reply.header('set-cookie', page.setCookie);
    } else {
      reply.header('cache-control', `public, max-age=0, s-maxage=${sMaxAge}`);
      if (request.headers['if-none-match'] === page.etag) return reply.code(304).send();
    }
    reply.type(page.contentType);
    const encoding = acceptedEncoding(request.headers['accept-encoding']);
    if (encoding === null || page.html.length < 1024) return reply.send(page.html);
    page.encoded[encoding] ??=
      encoding === 'br'
        ? await brotli(page.html, { params: { [constants.BROTLI_PARAM_QUALITY]: 9 } })
        : await gzipped(page.html, { level: 9 });
    reply.header('content-encoding', encoding);
    return reply.send(page.encoded[encoding]);
  }
}

/**
 * The page without its nonce: every inline script that carried it is allowed by the SHA-256 of its
 * text instead (CSP `'sha256-…'`), so a copy sent many times gives no reusable nonce away, and markup
 * injected into the page (which never knew the nonce) is still refused.
 */
function withoutNonce(html: string, nonce: string): { html: string; hashes: string[] } {
  const attribute = ` nonce="${nonce}"`;
  const hashes = new Set<string>();
  for (const match of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)) {
    const [, attributes = '', text = ''] = match;
    if (attributes.includes(attribute) && !/\ssrc=/.test(attributes) && text.length > 0) {
      hashes.add(createHash('sha256').update(text).digest('base64'));
    }
  }
  return { html: html.replaceAll(attribute, ''), hashes: [...hashes] };
}

/** br if the browser takes it, else gzip, else none (q=0 refuses). */
function acceptedEncoding(header: string | undefined): 'br' | 'gzip' | null {
  const accepted = new Set(
    (header ?? '')
      .split(',')
      .map((part) => part.trim().split(';'))
      .filter(([, q]) => !q || !/^\s*q=0(?:\.0*)?\s*$/.test(q))
      .map(([name]) => name?.trim().toLowerCase()),
  );
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip')) return 'gzip';
  return null;
}
