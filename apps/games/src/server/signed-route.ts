import type { ErrorCode } from '@chrysos/contract';
import { routeOf } from '@chrysos/contract/fastify';
import { launchSignatureValid } from '@chrysos/wallet-protocol';
import type { FastifyInstance, FastifyReply } from 'fastify';

/** A refusal as the route's contract answers it: the message and its stable code under its field. */
export type Refuse = (
  reply: FastifyReply,
  status: 401 | 404 | 422,
  field: string,
  code: ErrorCode,
  message: string,
) => FastifyReply;

export interface SignedRoute<Body> {
  /** The protocol's endpoint descriptor: the route's method, path and OpenAPI schemas. */
  endpoint: Parameters<typeof routeOf>[0];
  url: string;
  /** The largest body the call may carry. */
  bodyLimit: number;
  /** The studio's id and the secret it shares with the operator, who signs the call with it. */
  operator: { studio: string; secret: string };
  /** The body's schema (the protocol's), applied once the signature holds. */
  body: {
    safeParse(
      data: unknown,
    ): { success: true; data: Body } | { success: false; error: { issues: { path: PropertyKey[] }[] } };
  };
  /** What an unsigned call is told, naming what it is ("The launch", "The request"). */
  unsignedMessage: string;
  refuse: Refuse;
  /** The refusal of a body that is not JSON or whose `field` is missing or not valid. */
  invalid: (reply: FastifyReply, field: string) => FastifyReply;
  handle: (body: Body, reply: FastifyReply) => Promise<unknown>;
}

/**
 * A call the operator signs (its launch, its round lookup): the signature covers the exact bytes sent,
 * so the body is read raw, checked, and only then parsed against the protocol's schema. Answers are
 * checked against the protocol's schemas by the handler rather than by the host's serializer, so the
 * route keeps its contract whatever host mounts it. Registers the scope's JSON parser: one such route
 * per plugin scope.
 */
export function signedStudioRoute<Body>(app: FastifyInstance, route: SignedRoute<Body>): void {
  const { operator } = route;
  app.addContentTypeParser(
    'application/json',
    { parseAs: 'string', bodyLimit: route.bodyLimit },
    (_request, body, done) => done(null, body),
  );
  app.route({
    ...routeOf(route.endpoint),
    url: route.url,
    validatorCompiler: () => (data: unknown) => ({ value: data }),
    serializerCompiler: () => (data: unknown) => JSON.stringify(data),
    handler: async (request, reply) => {
      // Answers name sessions and rounds of a player: no cache may keep them.
      reply.header('cache-control', 'no-store');
      const raw = typeof request.body === 'string' ? request.body : '';
      if (!launchSignatureValid(request.headers, raw, operator.studio, operator.secret)) {
        return route.refuse(reply, 401, 'signature', 'studio.launch_unsigned', route.unsignedMessage);
      }
      let json: unknown;
      try {
        json = JSON.parse(raw);
      } catch {
        return route.invalid(reply, 'body');
      }
      const parsed = route.body.safeParse(json);
      if (!parsed.success) return route.invalid(reply, String(parsed.error.issues[0]?.path[0] ?? 'body'));
      return route.handle(parsed.data, reply);
    },
  });
}
