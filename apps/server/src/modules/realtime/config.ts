import { z } from 'zod';
import { type ConfigSection, requireWhenSeveral } from '../../platform/config.ts';

/** The realtime module's settings: connection tokens, channel history, and an operator's Centrifugo. */
export const realtimeSettings = z.object({
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
  /**
   * Seconds between the server's pings on a realtime connection (Centrifugo's ping_interval): a client
   * that has not answered the previous one is closed (3012), and a connection whose token expired without
   * a refresh is closed (3005) at the first ping a full interval after the expiry.
   */
  REALTIME_PING_SECONDS: z.coerce.number().int().min(1).max(300).default(25),
  /** Realtime connections one player may hold on one instance (Centrifugo's client_user_connection_limit). */
  REALTIME_CONNECTIONS_PER_USER: z.coerce.number().int().min(1).max(10_000).default(10),
  /** Realtime connections without a token (visitors) one client address may hold on one instance. */
  REALTIME_CONNECTIONS_PER_IP: z.coerce.number().int().min(1).max(100_000).default(50),
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

export type RealtimeConfig = z.output<typeof realtimeSettings>;

declare module '../../platform/config.ts' {
  interface Config extends RealtimeConfig {}
}

export const realtimeConfig: ConfigSection<typeof realtimeSettings> = {
  settings: realtimeSettings,
  refine(config, ctx) {
    if (!config.CENTRIFUGO_API_URL) {
      requireWhenSeveral(
        config,
        ctx,
        ['REDIS_URL'],
        'a push must reach the sockets of every instance (or CENTRIFUGO_API_URL)',
      );
      return;
    }
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
  },
  secrets: ['REALTIME_TOKEN_SECRET', 'CENTRIFUGO_API_KEY'],
};
