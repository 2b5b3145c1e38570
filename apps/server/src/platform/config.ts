import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { licenseName } from '@chrysos/contract';
import { z } from 'zod';
import { issuerAllowed, socialProviders } from './social-providers.ts';

/**
 * Every setting of the process, read once from the environment at start-up. A bad value stops the
 * process with a message naming the variable (see README for the table of variables).
 */
/** Which peers may set X-Forwarded-For: all (`true`), none, or the listed proxy addresses/CIDRs. */
const trustProxy = z
  .string()
  .trim()
  .transform((value, ctx): boolean | string[] => {
    if (value === 'true') return true;
    if (value === 'false' || value === '') return false;
    const entries = value.split(',').map((entry) => entry.trim());
    if (entries.every((entry) => /^[0-9a-fA-F.:/]+$/.test(entry))) return entries;
    ctx.addIssue({
      code: 'custom',
      message: 'expected true, false or comma-separated proxy addresses/CIDRs',
    });
    return z.NEVER;
  });

export const configSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  /** Loopback by default: a machine's other interfaces are opened on purpose (HOST=0.0.0.0), never by accident. */
  HOST: z.string().min(1).default('127.0.0.1'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  /** Seconds a client has to send a whole request, headers and body; a slower one is answered 408 and cut off. */
  REQUEST_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(600).default(30),
  /** Connections the process keeps open at once; further ones are refused until some close. */
  MAX_CONNECTIONS: z.coerce.number().int().min(1).max(1_000_000).default(1_000),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  DATABASE_URL: z
    .url({ protocol: /^postgres(ql)?$/, error: 'expected a postgres:// or postgresql:// URL' })
    .optional(),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
  /**
   * redis://… to keep rate limits, captcha counters and sign-ins in progress in Redis; unset keeps them in
   * the database. Either way every instance sees the same (docs/decisions/0014).
   */
  REDIS_URL: z.url({ protocol: /^rediss?$/, error: 'expected a redis:// or rediss:// URL' }).optional(),
  /** Prepended to every Redis key, so deployments (or test runs) can share one Redis. */
  REDIS_KEY_PREFIX: z.string().max(100).default('chrysos:'),
  DATA_DIR: z.string().min(1).default('./.data'),
  LICENSE: licenseName.default('curacao'),
  TRUST_PROXY: trustProxy.default(false),
  CONTENT_DIR: z
    .string()
    .min(1)
    .default(fileURLToPath(new URL('../../../../content', import.meta.url))),
  TIME_ZONE: z
    .string()
    .refine((zone) => {
      try {
        new Intl.DateTimeFormat('en', { timeZone: zone });
        return true;
      } catch {
        return false;
      }
    }, 'expected an IANA time zone such as Europe/Athens')
    .default('UTC'),
  /** ISO 3166-1 alpha-2 codes of countries whose visitors get the 403 block page. */
  BLOCKED_COUNTRIES: z
    .string()
    .transform((value) =>
      value
        .split(',')
        .map((code) => code.trim().toUpperCase())
        .filter(Boolean),
    )
    .pipe(z.array(z.string().regex(/^[A-Z]{2}$/, 'expected comma-separated ISO country codes such as US,FR')))
    .default([]),
  SUPPORT_EMAIL: z.email().default('support@chrysos.casino'),
  /** Host names of the native apps' web views, where the iOS webview guard stays quiet. */
  MOBILE_APP_DOMAINS: z
    .string()
    .transform((value) =>
      value
        .split(',')
        .map((host) => host.trim().toLowerCase())
        .filter(Boolean),
    )
    .default([]),
  /**
   * The site's public origin, e.g. https://chrysos.casino: every emailed link, canonical link, sitemap and
   * OAuth callback is built on it, never on the request's Host header (which anyone can set). Required in
   * production; elsewhere it defaults to the listen address.
   */
  PUBLIC_URL: z
    .url({
      protocol: /^https?$/,
      error: 'expected an http:// or https:// URL such as https://chrysos.casino',
    })
    .transform((url) => new URL(url).origin)
    .optional(),
  /** Extra path redirects as JSON: {"/old-path": "/new-path", "/blog": "https://…"}. */
  ROUTE_RULES: z
    .string()
    .transform((value, ctx) => {
      try {
        return JSON.parse(value) as unknown;
      } catch {
        ctx.addIssue({ code: 'custom', message: 'expected JSON such as {"/old":"/new"}' });
        return z.NEVER;
      }
    })
    .pipe(
      z.record(
        z.string().regex(/^\/[^?#\s]*$/, 'route rule keys are site paths'),
        z.string().regex(/^(\/[^\s]*|https?:\/\/[^\s]+)$/, 'route rule targets are site paths or URLs'),
      ),
    )
    .default({}),
  /** Demo mode: seeded demo content and the development mailbox page at /dev/mailbox. Never in real operation. */
  DEMO_MODE: z
    .enum(['true', 'false'])
    .transform((value) => value === 'true')
    .default(false),
  /** Where emails go, e.g. smtp://user:pass@mail.example:587; without it they stay in the database outbox. */
  SMTP_URL: z.url({ protocol: /^smtps?$/, error: 'expected an smtp:// or smtps:// URL' }).optional(),
  MAIL_FROM: z.string().min(3).default('Chrysos Casino <no-reply@chrysos.casino>'),
  /** When set, only these email domains may register; other sign-ups are silently skipped (spec §5). */
  ALLOWED_EMAIL_DOMAINS: z
    .string()
    .transform((value) =>
      value
        .split(',')
        .map((domain) => domain.trim().toLowerCase())
        .filter(Boolean),
    )
    .pipe(
      z.array(
        z.string().regex(/^[a-z0-9.-]+\.[a-z]{2,}$/, 'expected comma-separated domains such as example.com'),
      ),
    )
    .optional(),
  /** Secret that signs captcha challenges; a random one per process when unset (fine for one instance). */
  CAPTCHA_HMAC_KEY: z.string().min(32, 'use at least 32 characters').optional(),
  /** Failed sign-ins from one address within 15 minutes after which sign-in needs a captcha; 0 never. */
  CAPTCHA_AFTER_FAILED_SIGN_INS: z.coerce.number().int().min(0).default(5),
  /** Ask every sign-up for a captcha. */
  CAPTCHA_ON_SIGN_UP: z
    .enum(['true', 'false'])
    .transform((value) => value === 'true')
    .default(false),
  /** Whether the registration form checks addresses with POST /api/v2/validate-email while typing. */
  VALIDATE_EMAIL: z
    .enum(['true', 'false'])
    .transform((value) => value === 'true')
    .default(false),
  /** Affiliate service that turns a referral tag into its target (spec §7 referral processing). */
  REFERRAL_URL: z.url({ protocol: /^https?$/ }).optional(),
  GEOIP_COUNTRY_HEADER: z
    .string()
    .regex(/^[A-Za-z0-9-]+$/, 'expected an HTTP header name')
    .transform((name) => name.toLowerCase())
    .optional(),
  /**
   * Social sign-in over OpenID Connect as JSON:
   * [{"name":"google","label":"Google","issuer":"https://accounts.google.com","client_id":"…","client_secret":"…"}].
   */
  SOCIAL_PROVIDERS: z
    .string()
    .transform((value, ctx) => {
      try {
        return JSON.parse(value) as unknown;
      } catch {
        ctx.addIssue({ code: 'custom', message: 'expected a JSON array such as [{"name":"google",…}]' });
        return z.NEVER;
      }
    })
    .pipe(socialProviders)
    .default([]),
  /**
   * Game studios allowed to call the seamless-wallet protocol, with the secret each signs its
   * requests with (HMAC-SHA256), as JSON: {"chrysos-studio":"<at least 32 characters>"}.
   */
  WALLET_STUDIOS: z
    .string()
    .transform((value, ctx) => {
      try {
        return JSON.parse(value) as unknown;
      } catch {
        ctx.addIssue({ code: 'custom', message: 'expected JSON such as {"studio-id":"secret"}' });
        return z.NEVER;
      }
    })
    .pipe(
      z.record(z.string().regex(/^[a-z0-9-]{2,40}$/, 'studio ids are lowercase words'), z.string().min(32)),
    )
    .default({}),
  /** Bearer token of the operator API (/api/operator/*); without it that API does not exist. */
  OPERATOR_API_TOKEN: z.string().min(32, 'use at least 32 characters').optional(),
  /**
   * Withdrawals below these amounts are approved without an operator, per currency in minor units, as
   * JSON: {"EUR":10000} approves EUR withdrawals under 100.00. A currency not listed always waits for an
   * operator; by default only EUR, USD and GBP are listed (no crypto currency).
   */
  WITHDRAWAL_AUTO_APPROVE_BELOW: z
    .string()
    .transform((value, ctx) => {
      try {
        const parsed = JSON.parse(value) as unknown;
        if (typeof parsed !== 'number') return parsed;
      } catch {}
      ctx.addIssue({
        code: 'custom',
        message:
          'expected JSON of currency → minor units, such as {"EUR":10000,"USD":10000} (EUR and USD 100.00)',
      });
      return z.NEVER;
    })
    .pipe(
      z.record(
        z.string().regex(/^[A-Z]{3,5}$/, 'expected currency codes such as EUR'),
        z.number().int('expected whole minor units').min(0),
      ),
    )
    .default({ EUR: 10_000, USD: 10_000, GBP: 10_000 }),
  /** Secret the sandbox PSP signs its webhooks with; random per process when unset. */
  SANDBOX_PSP_SECRET: z.string().min(32, 'use at least 32 characters').optional(),
  /** Countries whose players use /profile/wallet/deposit instead of the cashier window (spec §2). */
  CASHIER_DISABLED_COUNTRIES: z
    .string()
    .transform((value) =>
      value
        .split(',')
        .map((code) => code.trim().toUpperCase())
        .filter(Boolean),
    )
    .pipe(z.array(z.string().regex(/^[A-Z]{2}$/, 'expected comma-separated ISO country codes')))
    .default([]),
  /**
   * Secret the in-house studio signs its wallet calls with (studio id `chrysos-studio`). Random per
   * process when unset, which is enough while the studio runs inside each server process.
   */
  STUDIO_SECRET: z.string().min(32, 'use at least 32 characters').optional(),
  /** Seconds a studio round may wait on the wallet before recovery finishes it (crash or outage). */
  STUDIO_RECOVERY_SECONDS: z.coerce.number().int().min(1).max(3600).default(30),
  /** Script the web app loads to proxy game traffic (GET /api/settings/games_proxy_script_url); none when unset. */
  GAMES_PROXY_SCRIPT_URL: z
    .url({ protocol: /^https?$/, error: 'expected an http:// or https:// URL' })
    .optional(),
  /**
   * The VAPID key pair web pushes are signed with (RFC 8292, base64url, as `npx web-push
   * generate-vapid-keys` prints them): both or neither. Unset, a pair is generated on the first start
   * and kept in the database, so every instance signs alike.
   */
  VAPID_PUBLIC_KEY: z
    .string()
    .regex(/^[A-Za-z0-9_-]{87}$/, 'expected a base64url P-256 public key (87 characters)')
    .optional(),
  VAPID_PRIVATE_KEY: z
    .string()
    .regex(/^[A-Za-z0-9_-]{43}$/, 'expected a base64url P-256 private key (43 characters)')
    .optional(),
  /** Contact for the push services (mailto: or https:); mailto:SUPPORT_EMAIL when unset. */
  VAPID_SUBJECT: z
    .string()
    .regex(/^(mailto:[^\s@]+@[^\s@]+|https:\/\/\S+)$/, 'expected mailto:address or an https:// URL')
    .optional(),
  /**
   * Push services whose endpoints a browser subscription may name (the host or a subdomain of it),
   * comma-separated: pushes are sent nowhere else, and only over https to public addresses.
   */
  PUSH_SERVICE_HOSTS: z
    .string()
    .transform((value) =>
      value
        .split(',')
        .map((host) => host.trim().toLowerCase())
        .filter(Boolean),
    )
    .pipe(z.array(z.string().regex(/^[a-z0-9.-]+\.[a-z]{2,}$/, 'expected comma-separated host names')))
    .default(['fcm.googleapis.com', 'push.services.mozilla.com', 'push.apple.com', 'notify.windows.com']),
  /** Tests and local development only: accept a push service on this machine (http://127.0.0.1:…). */
  PUSH_LOOPBACK_SERVICE: z
    .enum(['true', 'false'])
    .transform((value) => value === 'true')
    .default(false),
  /** Largest single bet in whole currency units; a bigger one is refused with RS_ERROR_LIMIT_REACHED. */
  WALLET_MAX_BET: z.coerce.number().positive().default(10_000),
  // Groups of wallet bets and wins booked at once; calls arriving meanwhile wait and go in the next group.
  WALLET_BOOKING_GROUPS: z.coerce.number().int().min(1).max(50).default(1),
  /**
   * Realtime push (spec §7 Realtime subscriptions): the HMAC-SHA256 secret connection tokens are signed
   * with (Centrifugo's token_hmac_secret_key when a Centrifugo publishes). Unset, one is generated on the
   * first start and kept in the database, so every instance and restart accepts the same tokens.
   */
  REALTIME_TOKEN_SECRET: z.string().min(32, 'use at least 32 characters').optional(),
  /** How long a realtime connection token is valid; the browser asks for a new one before it expires. */
  REALTIME_TOKEN_TTL_SECONDS: z.coerce.number().int().min(30).max(86_400).default(900),
  /** Publications each channel keeps for clients that reconnect to recover (the newest so many)… */
  REALTIME_HISTORY_SIZE: z.coerce.number().int().min(1).max(10_000).default(100),
  /** …and for how long (seconds); older ones are pruned every minute. */
  REALTIME_HISTORY_TTL_SECONDS: z.coerce.number().int().min(10).max(2_592_000).default(86_400),
  /** A win of at least this many minor units (any currency) is announced on public:wins. */
  REALTIME_BIG_WIN_CENTS: z.coerce.number().int().min(1).default(50_000),
  /**
   * An operator's Centrifugo: its address (e.g. http://centrifugo:8000) with CENTRIFUGO_API_KEY.
   * Set, publications go to its server API (POST <url>/api/publish, header X-API-Key) instead of the product's own
   * WebSocket endpoint, with the same channels, and tokens signed with REALTIME_TOKEN_SECRET.
   */
  CENTRIFUGO_API_URL: z
    .url({ protocol: /^https?$/, error: 'expected an http:// or https:// URL' })
    .optional(),
  CENTRIFUGO_API_KEY: z.string().min(16, 'use at least 16 characters').optional(),
  /** Where browsers connect to that Centrifugo (wss://…/connection/websocket); required with the API URL. */
  CENTRIFUGO_PUBLIC_URL: z.url({ protocol: /^wss?$/, error: 'expected a ws:// or wss:// URL' }).optional(),
});

/** The parsed settings; PUBLIC_URL is always known once parsed (see `listenOrigin`). */
export type Config = Omit<z.infer<typeof configSchema>, 'PUBLIC_URL'> & { PUBLIC_URL: string };

/** Plain-http issuers only outside production or on this machine; checked after parsing, as it needs NODE_ENV. */
const withSafeIssuers = configSchema.superRefine((config, ctx) => {
  if (config.NODE_ENV === 'production' && !config.PUBLIC_URL) {
    ctx.addIssue({
      code: 'custom',
      path: ['PUBLIC_URL'],
      message: 'required in production: the origin players reach the site at, e.g. https://chrysos.casino',
    });
  }
  if (Boolean(config.VAPID_PUBLIC_KEY) !== Boolean(config.VAPID_PRIVATE_KEY)) {
    ctx.addIssue({
      code: 'custom',
      path: [config.VAPID_PUBLIC_KEY ? 'VAPID_PRIVATE_KEY' : 'VAPID_PUBLIC_KEY'],
      message: 'set both VAPID keys or neither (then a pair is generated and stored)',
    });
  }
  if (config.NODE_ENV === 'production' && config.PUSH_LOOPBACK_SERVICE) {
    ctx.addIssue({
      code: 'custom',
      path: ['PUSH_LOOPBACK_SERVICE'],
      message: 'not in production: pushes go to public push services only',
    });
  }
  if (config.CENTRIFUGO_API_URL) {
    for (const variable of [
      'CENTRIFUGO_API_KEY',
      'CENTRIFUGO_PUBLIC_URL',
      'REALTIME_TOKEN_SECRET',
    ] as const) {
      if (!config[variable]) {
        ctx.addIssue({
          code: 'custom',
          path: [variable],
          message: 'required with CENTRIFUGO_API_URL (the Centrifugo the product publishes to)',
        });
      }
    }
  }
  config.SOCIAL_PROVIDERS.forEach((provider, index) => {
    if (issuerAllowed(provider.issuer, config.NODE_ENV)) return;
    // The path names the entry rather than the variable, so the client secrets are not echoed.
    ctx.addIssue({
      code: 'custom',
      path: ['SOCIAL_PROVIDERS', index, 'issuer'],
      message: 'expected an https:// issuer in production (http only for localhost)',
    });
  });
});

export class ConfigError extends Error {}

/** Variables that may hold credentials: an error names them but never repeats their value. */
const secretVariables = new Set([
  'DATABASE_URL',
  'REDIS_URL',
  'REALTIME_TOKEN_SECRET',
  'CENTRIFUGO_API_KEY',
  'SMTP_URL',
  'CAPTCHA_HMAC_KEY',
  'SOCIAL_PROVIDERS',
  'WALLET_STUDIOS',
  'OPERATOR_API_TOKEN',
  'SANDBOX_PSP_SECRET',
  'STUDIO_SECRET',
  'VAPID_PRIVATE_KEY',
]);

/** The in-house studio's id in wallet calls. */
export const houseStudio = 'chrysos-studio';

/** Outside production, links point at the address the process listens on (any-interface reads as localhost). */
function listenOrigin({ HOST, PORT }: { HOST: string; PORT: number }): string {
  const host = HOST === '0.0.0.0' || HOST === '::' ? 'localhost' : HOST.includes(':') ? `[${HOST}]` : HOST;
  return `http://${host}:${PORT}`;
}

export function parseConfig(env: Record<string, string | undefined>): Config {
  // An empty variable means "not set", as in most shells' `VAR= cmd`.
  const given = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== ''));
  const result = withSafeIssuers.safeParse(given);
  if (result.success) {
    const config = { ...result.data, PUBLIC_URL: result.data.PUBLIC_URL ?? listenOrigin(result.data) };
    // The in-house studio is one more studio of the wallet protocol, unless configured explicitly.
    config.WALLET_STUDIOS = {
      [houseStudio]: config.STUDIO_SECRET ?? randomBytes(32).toString('hex'),
      ...config.WALLET_STUDIOS,
    };
    return config;
  }
  const lines = result.error.issues.map((issue) => {
    const name = issue.path.join('.');
    const variable = String(issue.path[0] ?? '');
    const shown = variable in given && !secretVariables.has(variable);
    return `  ${name}: ${issue.message}${shown ? ` (got ${JSON.stringify(given[name])})` : ''}`;
  });
  throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
}
