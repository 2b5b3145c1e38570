import { randomBytes } from 'node:crypto';
import { licenceRules } from '@chrysos/rules';
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
  /**
   * Whether players may start rounds automatically (issue 35): `on` or `off`. Unset: the licence's rule
   * (packages/rules licences: off under the UK licence, RTS 14; on under the others).
   */
  AUTOPLAY: z
    .enum(['on', 'off'])
    .transform((value) => value === 'on')
    .optional(),
  /**
   * Milliseconds at least between the starts of two rounds of a player in a game (issue 35). Unset: the
   * licence's rule (2500 under the UK licence, RTS 14; none under the others); 0 for none.
   */
  MIN_GAME_CYCLE_MS: z.coerce.number().int().min(0).max(60_000).optional(),
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
    // A deployment may ask for more than its licence does, never for less.
    const { gameplay } = licenceRules(config.LICENSE);
    if (config.AUTOPLAY === true && !gameplay.autoplay) {
      ctx.addIssue({
        code: 'custom',
        path: ['AUTOPLAY'],
        message: `the ${config.LICENSE} licence allows no autoplay (${gameplay.source})`,
      });
    }
    if (config.MIN_GAME_CYCLE_MS !== undefined && config.MIN_GAME_CYCLE_MS < gameplay.minimumCycleMs) {
      ctx.addIssue({
        code: 'custom',
        path: ['MIN_GAME_CYCLE_MS'],
        message: `at least ${gameplay.minimumCycleMs} under the ${config.LICENSE} licence (${gameplay.source})`,
      });
    }
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
