import type { ErrorCode } from '@chrysos/contract';
import { routeOf } from '@chrysos/contract/fastify';
import type { Db } from '@chrysos/db';
import { launchSignatureValid, roundLookupPath, roundLookupRequest } from '@chrysos/wallet-protocol';
import { roundLookupApi } from '@chrysos/wallet-protocol/endpoints';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { seedAsShown } from '../rounds/seeds.ts';
import { studioRounds } from '../storage/schema.ts';

export interface RoundLookupOptions {
  db: Db;
  /** The studio's id and the secret it shares with the operator, who signs its calls with it. */
  operator: { studio: string; secret: string };
}

const { responses } = roundLookupApi.round;

const refuse = (
  reply: FastifyReply,
  status: 401 | 404 | 422,
  field: string,
  code: ErrorCode,
  message: string,
) =>
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
  // The signature covers the exact bytes sent, so the body is read raw and parsed once it holds.
  app.addContentTypeParser(
    'application/json',
    { parseAs: 'string', bodyLimit: 1024 },
    (_request, body, done) => done(null, body),
  );

  app.route({
    ...routeOf(roundLookupApi.round),
    url: roundLookupPath,
    validatorCompiler: () => (data: unknown) => ({ value: data }),
    serializerCompiler: () => (data: unknown) => JSON.stringify(data),
    handler: async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const raw = typeof request.body === 'string' ? request.body : '';
      if (!launchSignatureValid(request.headers, raw, operator.studio, operator.secret)) {
        return refuse(
          reply,
          401,
          'signature',
          'studio.launch_unsigned',
          'The request is not signed with this studio’s secret in the last five minutes.',
        );
      }
      let json: unknown;
      try {
        json = JSON.parse(raw);
      } catch {
        return refuse(reply, 422, 'body', 'studio.launch_invalid', 'The body is not JSON.');
      }
      const parsed = roundLookupRequest.safeParse(json);
      if (!parsed.success) {
        const field = String(parsed.error.issues[0]?.path[0] ?? 'body');
        return refuse(reply, 422, field, 'studio.launch_invalid', 'This field is missing or not valid.');
      }
      const { user, round: id } = parsed.data;
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
