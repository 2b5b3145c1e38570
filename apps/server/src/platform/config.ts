import { licenseName } from '@chrysos/contract';
import { z } from 'zod';

/**
 * Every setting of the process, read once from the environment at start-up. A bad value stops the
 * process with a message naming the variable (see README for the table of variables).
 *
 * The settings come in sections: this file holds the platform's; each module with settings of its own
 * keeps them in its `config.ts` (a `configSection`), and modules/config.ts composes the platform's
 * section and the modules' into the one `parseConfig`, so platform/ imports no module.
 */
/**
 * A comma-separated list setting (countries, domains, hosts): entries trimmed and cased alike, empty
 * ones dropped, each checked by `entry`. For every section's lists, so they all read the same way.
 */
export const commaList = (casing: 'upper' | 'lower', entry: z.ZodType<string, string> = z.string()) =>
  z
    .string()
    .transform((value) =>
      value
        .split(',')
        .map((item) => (casing === 'upper' ? item.trim().toUpperCase() : item.trim().toLowerCase()))
        .filter(Boolean),
    )
    .pipe(z.array(entry));

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

/** The platform's section: the process, its database and shared state, and what several modules read. */
export const platformSettings = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  /** Loopback by default: a machine's other interfaces are opened on purpose (HOST=0.0.0.0), never by accident. */
  HOST: z.string().min(1).default('127.0.0.1'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  /** Seconds a client has to send a whole request, headers and body; a slower one is answered 408 and cut off. */
  REQUEST_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(600).default(30),
  /** Connections the process keeps open at once; further ones are refused until some close. */
  MAX_CONNECTIONS: z.coerce.number().int().min(1).max(1_000_000).default(1_000),
  /**
   * Connections one client address may hold at once (issue 31 item 7), so one client cannot fill
   * MAX_CONNECTIONS. Default 100 (at most MAX_CONNECTIONS); with TRUST_PROXY every connection is the
   * proxy's, so the default is MAX_CONNECTIONS and the proxy caps each client (README).
   */
  MAX_CONNECTIONS_PER_ADDRESS: z.coerce.number().int().min(1).max(1_000_000).optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  DATABASE_URL: z
    .url({ protocol: /^postgres(ql)?$/, error: 'expected a postgres:// or postgresql:// URL' })
    .optional(),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
  /**
   * Processes serving on this machine (node:cluster, one port): as many as the cores it may use. More
   * than one needs DATABASE_URL, as embedded PGlite belongs to one process. Each has its own pool.
   */
  SERVER_PROCESSES: z.coerce.number().int().min(1).max(64).default(1),
  /**
   * Instances serving this casino (machines or containers behind a load balancer). More than one, like
   * SERVER_PROCESSES > 1, must share what a lone process may make up or keep to itself: a realtime broker
   * (REDIS_URL or a Centrifugo) and every shared secret; start-up names what is missing.
   */
  INSTANCES: z.coerce.number().int().min(1).max(1000).default(1),
  /**
   * On SIGTERM, seconds /readyz answers 503 (draining) while the instance still serves, before it stops
   * accepting: at least the balancer's check interval times the failures it waits for (HAProxy
   * `inter 2s fall 2`: 4), so it has stopped sending new requests by then. 0 without a balancer.
   */
  DRAIN_SECONDS: z.coerce.number().int().min(0).max(300).default(0),
  /** Seconds a stop may take in all, drain included; then the process exits whatever is left. */
  SHUTDOWN_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(600).default(30),
  /**
   * redis://… to keep rate limits, captcha counters and sign-ins in progress in Redis; unset keeps them in
   * the database. Either way every instance sees the same (docs/decisions/0014). Realtime's broker uses it too.
   */
  REDIS_URL: z.url({ protocol: /^rediss?$/, error: 'expected a redis:// or rediss:// URL' }).optional(),
  /** Prepended to every Redis key, so deployments (or test runs) can share one Redis. */
  REDIS_KEY_PREFIX: z.string().max(100).default('chrysos:'),
  DATA_DIR: z.string().min(1).default('./.data'),
  /** The licence the deployment operates under: read by content, info and player alike. */
  LICENSE: licenseName.default('curacao'),
  TRUST_PROXY: trustProxy.default(false),
  /** The operator's time zone: read by player (date rules) and notifications (push hours) alike. */
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
  /**
   * Bearer token of the operator API (/api/operator/*: the cashier's withdrawals, the bonus engine's
   * campaigns and grants); without it that API does not exist. One token for every module's part of it.
   */
  OPERATOR_API_TOKEN: z.string().min(32, 'use at least 32 characters').optional(),
  /** The support address: on content's block page and in notifications' VAPID contact. */
  SUPPORT_EMAIL: z.email().default('support@chrysos.casino'),
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
  /**
   * Every public origin of the operator's site, comma-separated (https://chrysos.casino,https://chrysos.gr):
   * a request whose Host is one of them gets its canonical and alternate links (and sitemap) on that
   * origin, spec §2 "per locale and domain"; any other Host gets PUBLIC_URL's (issue 31 item 18).
   */
  PUBLIC_URLS: commaList(
    'lower',
    z.url({
      protocol: /^https?$/,
      error: 'expected http:// or https:// origins such as https://chrysos.casino,https://chrysos.gr',
    }),
  )
    .transform((urls) => urls.map((url) => new URL(url).origin))
    .default([]),
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
  /**
   * Demo mode: seeded demo content and the development mailbox page at /dev/mailbox. Never in real operation.
   * A mode of the whole deployment rather than of one module (today the mail module's mailbox is what it opens).
   */
  DEMO_MODE: z
    .enum(['true', 'false'])
    .transform((value) => value === 'true')
    .default(false),
  /**
   * Test runs only: the product clock (platform/clock.ts) can be moved forward, and a scheduled job run at
   * once, through /api/test/* under the operator token. Time-dependent rules are tested in the browser this way.
   */
  TEST_CLOCK: z
    .enum(['on', 'off'])
    .transform((value) => value === 'on')
    .default(false),
  /**
   * Seconds an anonymous page is served from the render cache (platform/render-cache.ts) before it is
   * rendered again; content and catalogue changes show at once regardless. 0 renders every page.
   */
  RENDER_CACHE_SECONDS: z.coerce.number().int().min(0).max(3600).default(30),
  /** A CDN's country header to trust: read by the web pages (platform/web.ts), content, info and games. */
  GEOIP_COUNTRY_HEADER: z
    .string()
    .regex(/^[A-Za-z0-9-]+$/, 'expected an HTTP header name')
    .transform((name) => name.toLowerCase())
    .optional(),
});

/** The platform's settings once parsed; PUBLIC_URL is always known then (see `listenOrigin`). */
export type PlatformConfig = Omit<
  z.output<typeof platformSettings>,
  'PUBLIC_URL' | 'MAX_CONNECTIONS_PER_ADDRESS'
> & { PUBLIC_URL: string; MAX_CONNECTIONS_PER_ADDRESS: number };

/**
 * The parsed settings, the type of `app.config`: a typed map filled by declaration merging, like
 * DomainEvents in events.ts. The platform's section is here; each module's config.ts adds its own:
 *
 *   declare module '../../platform/config.ts' {
 *     interface Config extends MailConfig {}
 *   }
 *
 * So every reader sees every variable typed while platform/ names no module, and a variable declared by
 * two sections fails to compile. modules/config.ts checks that what it composes covers this whole map.
 */
export interface Config extends PlatformConfig {}

/** The settings while they are checked, before PUBLIC_URL falls back to the listen address. */
export type ParsedConfig = Omit<Config, 'PUBLIC_URL' | 'MAX_CONNECTIONS_PER_ADDRESS'> & {
  PUBLIC_URL?: string | undefined;
  MAX_CONNECTIONS_PER_ADDRESS?: number | undefined;
};

/** Whether several processes serve this casino (INSTANCES, SERVER_PROCESSES), so they must share their state. */
export const severalInstances = (config: Pick<ParsedConfig, 'INSTANCES' | 'SERVER_PROCESSES'>) =>
  config.INSTANCES > 1 || config.SERVER_PROCESSES > 1;

/**
 * For a section's `refine`: with several instances, each of `variables` must be set, as one process would
 * make up or keep its own (`why` says what breaks between two instances otherwise).
 */
export function requireWhenSeveral(
  config: ParsedConfig,
  ctx: z.RefinementCtx,
  variables: readonly (keyof ParsedConfig & string)[],
  why: string,
): void {
  if (!severalInstances(config)) return;
  const several =
    config.SERVER_PROCESSES > 1
      ? `SERVER_PROCESSES=${config.SERVER_PROCESSES}`
      : `INSTANCES=${config.INSTANCES}`;
  for (const variable of variables) {
    if (config[variable] === undefined) {
      ctx.addIssue({ code: 'custom', path: [variable], message: `required with ${several}: ${why}` });
    }
  }
}

/** One section of the configuration: a module's variables (or the platform's) and the rules among them. */
export interface ConfigSection<Settings extends z.ZodObject = z.ZodObject> {
  /** The variables: names, parsing, doc comments, defaults and messages. */
  settings: Settings;
  /** Rules across variables (its own, and the platform's such as NODE_ENV), checked once all are parsed. */
  refine?: (config: ParsedConfig, ctx: z.RefinementCtx) => void;
  /** Variables that may hold credentials: an error names them but never repeats their value. */
  secrets?: readonly (keyof z.output<Settings> & string)[];
  /** Values settled once every section is parsed and checked, from the others (in composition order). */
  complete?: (config: ParsedConfig) => Partial<Config>;
}

/** Outside production, links point at the address the process listens on (any-interface reads as localhost). */
function listenOrigin({ HOST, PORT }: { HOST: string; PORT: number }): string {
  const host = HOST === '0.0.0.0' || HOST === '::' ? 'localhost' : HOST.includes(':') ? `[${HOST}]` : HOST;
  return `http://${host}:${PORT}`;
}

export const platformConfig: ConfigSection<typeof platformSettings> = {
  settings: platformSettings,
  refine(config, ctx) {
    if (config.SERVER_PROCESSES > 1 && !config.DATABASE_URL) {
      ctx.addIssue({
        code: 'custom',
        path: ['SERVER_PROCESSES'],
        message: 'more than one process needs DATABASE_URL: embedded PGlite belongs to one process',
      });
    }
    if ((config.MAX_CONNECTIONS_PER_ADDRESS ?? 0) > config.MAX_CONNECTIONS) {
      ctx.addIssue({
        code: 'custom',
        path: ['MAX_CONNECTIONS_PER_ADDRESS'],
        message: 'at most MAX_CONNECTIONS: one address cannot hold more than the whole process',
      });
    }
    if (config.NODE_ENV === 'production' && !config.PUBLIC_URL) {
      ctx.addIssue({
        code: 'custom',
        path: ['PUBLIC_URL'],
        message: 'required in production: the origin players reach the site at, e.g. https://chrysos.casino',
      });
    }
  },
  secrets: ['DATABASE_URL', 'REDIS_URL', 'OPERATOR_API_TOKEN'],
  complete: (config) => ({
    PUBLIC_URL: config.PUBLIC_URL ?? listenOrigin(config),
    MAX_CONNECTIONS_PER_ADDRESS:
      config.MAX_CONNECTIONS_PER_ADDRESS ??
      (config.TRUST_PROXY === false ? Math.min(100, config.MAX_CONNECTIONS) : config.MAX_CONNECTIONS),
  }),
};

export class ConfigError extends Error {}

/**
 * The one parser of the whole configuration: the platform's section first, then the modules' in the
 * order given. Every variable is checked at once, so one start-up names every bad value.
 */
export function composeConfig(
  sections: readonly ConfigSection[],
): (env: Record<string, string | undefined>) => Config {
  const all = [platformConfig, ...sections];
  const shape: Record<string, z.ZodType> = {};
  for (const { settings } of all) {
    for (const [name, schema] of Object.entries(settings.shape)) {
      if (name in shape) throw new Error(`${name} is declared by two configuration sections`);
      shape[name] = schema;
    }
  }
  const schema = z.object(shape).superRefine((config, ctx) => {
    for (const section of all) section.refine?.(config as ParsedConfig, ctx);
  });
  const secretVariables = new Set(all.flatMap((section) => section.secrets ?? []));

  return (env) => {
    // An empty variable means "not set", as in most shells' `VAR= cmd`.
    const given = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== ''));
    const result = schema.safeParse(given);
    if (result.success) {
      let config = result.data as ParsedConfig;
      for (const section of all) if (section.complete) config = { ...config, ...section.complete(config) };
      return config as Config;
    }
    const lines = result.error.issues.map((issue) => {
      const name = issue.path.join('.');
      const variable = String(issue.path[0] ?? '');
      const shown = variable in given && !secretVariables.has(variable);
      return `  ${name}: ${issue.message}${shown ? ` (got ${JSON.stringify(given[name])})` : ''}`;
    });
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  };
}
