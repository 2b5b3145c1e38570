import type { Db } from '@chrysos/db';
import { roundLookupPath, roundLookupRequest } from '@chrysos/wallet-protocol';
import { roundLookupApi } from '@chrysos/wallet-protocol/endpoints';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { seedAsShown } from '../rounds/seeds.ts';
import { studioRounds } from '../storage/schema.ts';
import { type Refuse, signedStudioRoute } from './signed-route.ts';

export interface RoundLookupOptions {
  db: Db;
  /** The studio's id and the secret it shares with the operator, who signs its calls with it. */
  operator: { studio: string; secret: string };
}

const { responses } = roundLookupApi.round;

const refuse: Refuse = (reply, status, field, code, message) =>
  reply
    .code(status)
    .send(responses[status].parse({ errors: { [field]: [message] }, codes: { [field]: [code] } }));

/**
 * POST /games-api/operator/rounds: the operator asks about one round of its player (round-lookup.ts
 * of the protocol), to show it in the player's account history with what verifies it. Only a round
 * of the user named is found, and its server seed only once the pair was rotated.
 */
export async function roundLookupRoute(app: FastifyInstance, options: RoundLookupOptions): Promise<void> {
  const { db, operator } = options;
  signedStudioRoute(app, {
    endpoint: roundLookupApi.round,
    url: roundLookupPath,
    bodyLimit: 1024,
    operator,
    body: roundLookupRequest,
    unsignedMessage: 'The request is not signed with this studio’s secret in the last five minutes.',
    refuse,
    invalid: (reply, field) =>
      refuse(reply, 422, field, 'studio.launch_invalid', 'This field is missing or not valid.'),
    handle: async ({ user, round: id }, reply) => {
      const [round] = await db
        .select()
        .from(studioRounds)
        .where(and(eq(studioRounds.id, id), eq(studioRounds.owner, user), eq(studioRounds.mode, 'real')));
      const seed = round ? await seedAsShown(db, round.seedId) : null;
      if (!round || !seed) return refuse(reply, 404, 'round', 'studio.round_not_found', 'No such round.');
      return responses[200].parse({
        id: round.id,
        game: round.titleId,
        status: round.status,
        bet: round.bet,
        actions: Array.isArray(round.actions) ? round.actions : [],
        client_seed: round.clientSeed,
        nonce: round.nonce,
        server_seed_hash: seed.serverSeedHash,
        server_seed: seed.serverSeed,
      });
    },
  });
}
