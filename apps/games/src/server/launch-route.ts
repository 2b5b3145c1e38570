import type { ErrorCode, ErrorParams } from '@chrysos/contract';
import type { Db } from '@chrysos/db';
import { launchPath, launchRequest } from '@chrysos/wallet-protocol';
import { launchApi } from '@chrysos/wallet-protocol/endpoints';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { BetError } from '../math/engine.ts';
import { engines } from '../math/index.ts';
import { holdGrant } from '../rounds/freespins.ts';
import { type Launch, openStudioSession } from '../rounds/sessions.ts';
import type { StudioTitle } from '../studio-types.ts';
import { signedStudioRoute } from './signed-route.ts';

export interface LaunchRouteOptions {
  db: Db;
  /** The studio's id and the secret it shares with the operator, who signs its launches with it. */
  operator: { studio: string; secret: string };
  titleOf: (id: string) => StudioTitle | undefined;
  subunitsOf: (currency: string) => Promise<number | undefined>;
}

const { responses } = launchApi.launch;

/** A refusal as the API answers it: the message and its stable code under the field it concerns. */
const refuse = (
  reply: FastifyReply,
  status: 401 | 404 | 422,
  field: string,
  code: ErrorCode,
  message: string,
  params?: ErrorParams,
) =>
  reply.code(status).send(
    responses[status].parse({
      errors: { [field]: [message] },
      codes: { [field]: [code] },
      ...(params ? { params: { [field]: [params] } } : {}),
    }),
  );

/** The engines whose rounds can be free spins: one stake, one spin, nothing for the player to decide. */
const freeSpinEngines: readonly string[] = ['video-slot', 'classic-slot'];

/** Whether a free spin's stake is one the title takes: within its limits and split evenly on its lines. */
function stakeFits(title: StudioTitle, stake: number, subunits: number): boolean {
  if (stake < title.minBet * subunits || stake > title.maxBet * subunits) return false;
  try {
    engines[title.engine].parseBet({ stake }, title.variant);
    return true;
  } catch (error) {
    if (error instanceof BetError) return false;
    throw error;
  }
}

const invalid = (reply: FastifyReply, field: string) =>
  refuse(reply, 422, field, 'studio.launch_invalid', 'This field of the launch is missing or not valid.');

/**
 * POST /games-api/launch: the operator's launch call (packages/wallet-protocol/src/launch.ts). The
 * studio opens a session of its own (real play keeps the wallet token, demo gets play money) and
 * answers the address of the game page, whose URL carries only the studio's session id.
 */
export async function launchRoute(app: FastifyInstance, options: LaunchRouteOptions): Promise<void> {
  const { db, operator } = options;
  signedStudioRoute(app, {
    endpoint: launchApi.launch,
    url: launchPath,
    bodyLimit: 4 * 1024,
    operator,
    body: launchRequest,
    unsignedMessage: 'The launch is not signed with this studio’s secret in the last five minutes.',
    refuse,
    invalid,
    handle: async (launch, reply) => {
      const title = options.titleOf(launch.game_code);
      if (!title) {
        return refuse(
          reply,
          404,
          'game_code',
          'studio.launch_unknown_game',
          `This studio has no game ${launch.game_code}.`,
          { game: launch.game_code },
        );
      }
      const subunits = await options.subunitsOf(launch.currency);
      if (!subunits) {
        return refuse(
          reply,
          422,
          'currency',
          'studio.launch_currency',
          `This studio does not play in ${launch.currency}.`,
          { currency: launch.currency },
        );
      }

      // Free spins are held (or continued, for a grant launched before) before the session opens.
      let freeGrant: string | undefined;
      if (launch.mode === 'real' && launch.freespins) {
        const { freespins } = launch;
        if (!freeSpinEngines.includes(title.engine)) {
          return refuse(
            reply,
            422,
            'freespins',
            'studio.launch_freespins',
            `The game ${title.id} does not play free spins; only slots do.`,
            { game: title.id },
          );
        }
        if (!stakeFits(title, freespins.stake, subunits)) return invalid(reply, 'freespins');
        const held = await holdGrant(db, {
          grant: freespins.grant,
          owner: launch.user,
          titleId: title.id,
          currency: launch.currency,
          stake: freespins.stake,
          count: freespins.count,
        });
        // The id of another player's grant, or of one for another game, currency or stake.
        if (!held) return invalid(reply, 'freespins');
        freeGrant = freespins.grant;
      }

      // The operator's licence decides how the session is played; a launch that says nothing plays as before.
      const gameplay = launch.gameplay
        ? {
            autoplay: launch.gameplay.autoplay,
            minCycleMs: launch.gameplay.min_cycle_ms,
            quickPlay: launch.gameplay.quick_play ?? true,
          }
        : undefined;
      const opened: Launch =
        launch.mode === 'real'
          ? {
              mode: 'real',
              titleId: title.id,
              language: launch.language,
              user: launch.user,
              walletToken: launch.token,
              currency: launch.currency,
              ...(freeGrant ? { freeGrant } : {}),
            }
          : {
              mode: 'demo',
              titleId: title.id,
              language: launch.language,
              currency: launch.currency,
              subunits,
            };
      const session = await openStudioSession(db, gameplay ? { ...opened, gameplay } : opened);
      const url = new URL(`/studio/play/${encodeURIComponent(title.id)}`, 'http://game.invalid');
      url.searchParams.set('session', session);
      url.searchParams.set('lang', launch.language);
      return responses[200].parse({ game_url: `${url.pathname}${url.search}` });
    },
  });
}
