import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import { type ConfigSection, requireWhenSeveral } from '../../platform/config.ts';

/** The in-house studio's id in wallet calls. */
export const houseStudio = 'chrysos-studio';

/** The games module's settings: the in-house studio and the operator's games proxy. */
export const gamesSettings = z.object({
  /**
   * Secret the in-house studio signs its wallet calls with (studio id `chrysos-studio`). Random per
   * process when unset, which is enough while the studio runs inside each server process.
   */
  STUDIO_SECRET: z.string().min(32, 'use at least 32 characters').optional(),
  /**
   * The in-house studio's origin when it runs apart from this server (`https://studio.internal:8443`):
   * launches go there over HTTP, signed as in process, and the studio is not mounted here (the site's
   * proxy routes /games-api/* to it). Unset, the studio runs in this process.
   */
  STUDIO_URL: z.url({ protocol: /^https?$/, error: 'expected an http:// or https:// URL' }).optional(),
  /** Seconds a studio round may wait on the wallet before recovery finishes it (crash or outage). */
  STUDIO_RECOVERY_SECONDS: z.coerce.number().int().min(1).max(3600).default(30),
  /** Script the web app loads to proxy game traffic (GET /api/settings/games_proxy_script_url); none when unset. */
  GAMES_PROXY_SCRIPT_URL: z
    .url({ protocol: /^https?$/, error: 'expected an http:// or https:// URL' })
    .optional(),
});

export type GamesConfig = z.output<typeof gamesSettings>;

declare module '../../platform/config.ts' {
  interface Config extends GamesConfig {}
}

export const gamesConfig: ConfigSection<typeof gamesSettings> = {
  settings: gamesSettings,
  secrets: ['STUDIO_SECRET'],
  refine(config, ctx) {
    if (!config.WALLET_STUDIOS[houseStudio]) {
      requireWhenSeveral(
        config,
        ctx,
        ['STUDIO_SECRET'],
        'a game one instance launches plays through another',
      );
    }
    // A secret made up per process cannot be shared with a studio running apart.
    if (config.STUDIO_URL && !config.STUDIO_SECRET && !config.WALLET_STUDIOS[houseStudio]) {
      ctx.addIssue({
        code: 'custom',
        path: ['STUDIO_SECRET'],
        message: 'required with STUDIO_URL: the secret the studio running apart shares with this server',
      });
    }
  },
  // The in-house studio is one more studio of the wallet protocol, unless configured explicitly.
  complete: (config) => ({
    WALLET_STUDIOS: {
      [houseStudio]: config.STUDIO_SECRET ?? randomBytes(32).toString('hex'),
      ...config.WALLET_STUDIOS,
    },
  }),
};
