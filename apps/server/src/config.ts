import { fileURLToPath } from 'node:url';
import { licenseName } from '@chrysos/contract';
import { z } from 'zod';

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
  HOST: z.string().min(1).default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  DATABASE_URL: z
    .url({ protocol: /^postgres(ql)?$/, error: 'expected a postgres:// or postgresql:// URL' })
    .optional(),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
  DATA_DIR: z.string().min(1).default('./.data'),
  LICENSE: licenseName.default('curacao'),
  TRUST_PROXY: trustProxy.default(false),
  CONTENT_DIR: z
    .string()
    .min(1)
    .default(fileURLToPath(new URL('../../../content', import.meta.url))),
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
  /** Public origin for canonical links, e.g. https://chrysos.casino; by default the request's own origin. */
  PUBLIC_URL: z.url({ protocol: /^https?$/ }).optional(),
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
  GEOIP_COUNTRY_HEADER: z
    .string()
    .regex(/^[A-Za-z0-9-]+$/, 'expected an HTTP header name')
    .transform((name) => name.toLowerCase())
    .optional(),
});

export type Config = z.infer<typeof configSchema>;

export class ConfigError extends Error {}

export function parseConfig(env: Record<string, string | undefined>): Config {
  // An empty variable means "not set", as in most shells' `VAR= cmd`.
  const given = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== ''));
  const result = configSchema.safeParse(given);
  if (result.success) return result.data;
  const lines = result.error.issues.map((issue) => {
    const name = issue.path.join('.');
    return `  ${name}: ${issue.message}${name in given ? ` (got ${JSON.stringify(given[name])})` : ''}`;
  });
  throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
}
