import type { Db } from '@chrysos/db';
import {
  launchPath,
  launchRefusal,
  launchRequest,
  launchResponse,
  launchSignatureValid,
} from '@chrysos/wallet-protocol';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { openStudioSession } from '../rounds/sessions.ts';
import type { StudioTitle } from '../studio-types.ts';

export interface LaunchRouteOptions {
  db: Db;
  /** The studio's id and the secret it shares with the operator, who signs its launches with it. */
  operator: { studio: string; secret: string };
  titleOf: (id: string) => StudioTitle | undefined;
  subunitsOf: (currency: string) => Promise<number | undefined>;
}

const refuse = (reply: FastifyReply, code: number, field: string, message: string) =>
  reply.code(code).send(launchRefusal.parse({ errors: { [field]: [message] } }));

/**
 * POST /games-api/launch: the operator's launch call (packages/wallet-protocol/src/launch.ts). The
 * studio opens a session of its own (real play keeps the wallet token, demo gets play money) and
 * answers the address of the game page, whose URL carries only the studio's session id.
 */
export async function launchRoute(app: FastifyInstance, options: LaunchRouteOptions): Promise<void> {
  const { db, operator } = options;
  // The signature covers the exact bytes sent, so the body is read raw and parsed once it holds.
  app.addContentTypeParser(
    'application/json',
    { parseAs: 'string', bodyLimit: 4 * 1024 },
    (_request, body, done) => done(null, body),
  );

  // Answers are checked against the protocol's schemas here rather than by the host's serializer, so
  // the route keeps its contract whatever host mounts it.
  app.post(launchPath, async (request, reply) => {
    // A session id is in the answer: no cache may keep it.
    reply.header('cache-control', 'no-store');
    const raw = typeof request.body === 'string' ? request.body : '';
    if (!launchSignatureValid(request.headers, raw, operator.studio, operator.secret)) {
      return refuse(
        reply,
        401,
        'signature',
        'The launch is not signed with this studio’s secret in the last five minutes.',
      );
    }
    let json: unknown;
    try {
      json = JSON.parse(raw);
    } catch {
      return refuse(reply, 422, 'body', 'The launch is not JSON.');
    }
    const parsed = launchRequest.safeParse(json);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      return refuse(reply, 422, String(issue?.path[0] ?? 'body'), issue?.message ?? 'Invalid launch.');
    }
    const launch = parsed.data;
    const title = options.titleOf(launch.game_code);
    if (!title) return refuse(reply, 404, 'game_code', `This studio has no game ${launch.game_code}.`);
    const subunits = await options.subunitsOf(launch.currency);
    if (!subunits) return refuse(reply, 422, 'currency', `This studio does not play in ${launch.currency}.`);

    const session = await openStudioSession(
      db,
      launch.mode === 'real'
        ? {
            mode: 'real',
            titleId: title.id,
            language: launch.language,
            user: launch.user,
            walletToken: launch.token,
            currency: launch.currency,
          }
        : {
            mode: 'demo',
            titleId: title.id,
            language: launch.language,
            currency: launch.currency,
            subunits,
          },
    );
    const url = new URL(`/studio/play/${encodeURIComponent(title.id)}`, 'http://game.invalid');
    url.searchParams.set('session', session);
    url.searchParams.set('lang', launch.language);
    return launchResponse.parse({ game_url: `${url.pathname}${url.search}` });
  });
}
