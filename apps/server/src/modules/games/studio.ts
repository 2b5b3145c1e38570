import { createClient, fetchTransport, type Transport } from '@chrysos/contract/client';
import { pendingMigrations } from '@chrysos/db';
import { type StudioTitle, studioBrands, titles } from '@chrysos/games';
import { studioRoutes } from '@chrysos/games/server';
import { WalletClient, type WalletTransport } from '@chrysos/games/wallet-client';
import { type LaunchRequest, type RoundLookupResponse, signLaunch } from '@chrysos/wallet-protocol';
import { launchApi, roundLookupApi } from '@chrysos/wallet-protocol/endpoints';
import type { FastifyInstance } from 'fastify';
import { houseStudio } from './config.ts';
import { gameplayOf } from './gameplay.ts';
import type { StudioFeed } from './import-studio-titles.ts';
import { defineStudioJobs } from './jobs.ts';

/** A title list standing for the in-house studio's own (tests): the catalogue lists it, the studio plays it. */
export type HouseStudioFeed = StudioFeed & { titles: readonly StudioTitle[] };

/** The in-house studio's own titles, as the deploy step imports them into the catalogue. */
export const houseStudioFeed: HouseStudioFeed = { studio: houseStudio, brands: studioBrands, titles };

/** The secret the platform and the in-house studio share: it signs wallet calls one way and launches the other. */
function sharedSecret(app: FastifyInstance): string {
  const secret = app.config.WALLET_STUDIOS[houseStudio];
  if (!secret) throw new Error(`WALLET_STUDIOS has no secret for ${houseStudio}`);
  return secret;
}

/**
 * Mounts the in-house studio's game API (/games-api/*) in this process. The studio still pays and
 * collects only through the signed wallet protocol, and is launched only through its signed launch
 * call, both delivered in-process instead of over the network.
 */
export async function studioPlugin(app: FastifyInstance, options: { titles?: readonly StudioTitle[] }) {
  const secret = sharedSecret(app);
  const transport: WalletTransport = async (path, body, headers) => {
    const response = await app.inject({ method: 'POST', url: path, headers, payload: body });
    return { status: response.statusCode, body: response.body };
  };
  await app.register(studioRoutes, {
    db: app.database.db,
    // The deploy step applied the studio's migrations (deploy/deploy-steps.ts); serving only checks.
    migrate: async (migrations) => {
      const pending = await pendingMigrations(app.database.db, migrations);
      if (pending.length > 0)
        throw new Error(`the studio's migrations are not applied: ${pending.join(', ')}`);
    },
    wallet: new WalletClient({ transport, studio: houseStudio, secret }),
    operator: { studio: houseStudio, secret },
    ...(options.titles ? { titles: options.titles } : {}),
    subunitsOf: async (currency) => (await app.referenceData.currency(currency))?.subunits_to_unit,
    // The licence's minimum game cycle is measured on the product clock, which tests move.
    now: () => app.clock.now(),
    recovery: {
      idleMs: app.config.STUDIO_RECOVERY_SECONDS * 1000,
      // A blackjack hand left alone for an hour stands, as at a real table.
      abandonMs: 60 * 60 * 1000,
      // At start and every STUDIO_RECOVERY_SECONDS, once across the instances.
      schedule: (recover) => defineStudioJobs(app, recover, app.config.STUDIO_RECOVERY_SECONDS),
    },
  });
}

/** What the studio's launch call came to: the game's address, or why there is none. */
export type StudioLaunch =
  | { gameUrl: string }
  | { refused: 'game' | 'currency' | 'freespins' | 'unavailable' };
export type StudioLauncher = (launch: LaunchRequest) => Promise<StudioLaunch>;

/** Sends a request to the studio mounted in this process, as it would go over the network. */
const inProcess =
  (app: FastifyInstance): Transport =>
  async (request) => {
    const response = await app.inject({
      method: request.method,
      url: request.url,
      headers: request.headers,
      ...(request.body === undefined ? {} : { payload: request.body }),
    });
    let body: unknown = null;
    try {
      body = response.json();
    } catch {
      body = null;
    }
    return { status: response.statusCode, body };
  };

/** How long the platform waits for a studio running apart to answer a launch. */
const remoteLaunchTimeoutMs = 10_000;

/**
 * The platform's side of the launch call (packages/wallet-protocol/src/launch.ts): a signed request
 * to the studio's endpoint through the one client, its answer read through the protocol's schema and
 * its refusals by their codes. When the studio runs in this process the call is injected rather than
 * sent over the network; with STUDIO_URL it goes there over HTTP. Nothing else of the studio's (its
 * sessions, its tables) is touched.
 */
export function studioLauncher(app: FastifyInstance): StudioLauncher {
  const remote = app.config.STUDIO_URL;
  const api = createClient(remote ? fetchTransport({ origin: new URL(remote).origin }) : inProcess(app));
  // Every launch says how the licence lets the game be played; the studio enforces it.
  const gameplay = gameplayOf(app.config);
  return async (asked) => {
    const launch: LaunchRequest = { ...asked, gameplay };
    // The client sends the body as JSON.stringify gives it, the same bytes the signature covers.
    const request = {
      body: launch,
      headers: signLaunch(houseStudio, JSON.stringify(launch), sharedSecret(app)),
      signal: remote ? AbortSignal.timeout(remoteLaunchTimeoutMs) : undefined,
    };
    let answer: Awaited<ReturnType<typeof api<typeof launchApi.launch>>>;
    try {
      answer = await api(launchApi.launch, request);
    } catch (error) {
      // No answer at all (the studio is down, unreachable or too slow).
      app.log.error({ err: error, game: launch.game_code }, 'studio launch unanswered');
      return { refused: 'unavailable' };
    }
    if (answer.ok) {
      const launched = launchApi.launch.responses[200].safeParse(answer.body);
      if (launched.success) return { gameUrl: launched.data.game_url };
    }
    const codes = answer.ok ? [] : Object.values(answer.body.codes ?? {}).flat();
    if (codes.includes('studio.launch_unknown_game')) return { refused: 'game' };
    if (codes.includes('studio.launch_currency')) return { refused: 'currency' };
    if (codes.includes('studio.launch_freespins')) return { refused: 'freespins' };
    // A refused signature or request is this platform's fault, not the player's: logged, and the
    // player is told the studio cannot be reached.
    app.log.error({ status: answer.status, codes, game: launch.game_code }, 'studio launch refused');
    return { refused: 'unavailable' };
  };
}

/** One round of a player at the in-house studio, with what verifies it; null when it has none or cannot say. */
export type StudioRoundLookup = (user: string, round: string) => Promise<RoundLookupResponse | null>;

/**
 * The platform's side of the round lookup (packages/wallet-protocol/src/round-lookup.ts), signed and
 * sent as the launch is. A studio that does not answer leaves the round without its fairness data; the
 * ledger's own facts of the round are shown regardless.
 */
export function studioRoundLookup(app: FastifyInstance): StudioRoundLookup {
  const remote = app.config.STUDIO_URL;
  const api = createClient(remote ? fetchTransport({ origin: new URL(remote).origin }) : inProcess(app));
  return async (user, round) => {
    if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/.test(round)) return null;
    const body = { user, round };
    try {
      const answer = await api(roundLookupApi.round, {
        body,
        headers: signLaunch(houseStudio, JSON.stringify(body), sharedSecret(app)),
        signal: remote ? AbortSignal.timeout(remoteLaunchTimeoutMs) : undefined,
      });
      if (answer.ok) {
        const found = roundLookupApi.round.responses[200].safeParse(answer.body);
        if (found.success) return found.data;
      }
      if (answer.status !== 404)
        app.log.error({ status: answer.status, round }, 'studio round lookup refused');
    } catch (error) {
      app.log.error({ err: error, round }, 'studio round lookup unanswered');
    }
    return null;
  };
}
