import type { FastifyRequest } from 'fastify';

/** Who an assignment is for: a signed-in player, or a visitor by their analytics anonymous id. */
export interface Subject {
  id: string;
  kind: 'player' | 'visitor';
}

/** The cookie @segment/analytics-next keeps the visitor's anonymous id in (set once they consent). */
export const anonymousIdCookie = 'ajs_anonymous_id';

/**
 * An id as analytics libraries make them (a UUID, or one a site sets): letters, digits and a few
 * separators, as long as the ingest takes. No quotes, braces or spaces: not a JSON value left encoded.
 */
const anonymousIdShape = /^[\w.:@+-]{1,200}$/;

/**
 * The anonymous id of an `ajs_anonymous_id` cookie value: analytics-next stores it JSON-encoded
 * (`"0b6b…"`, quotes included), older analytics.js plain. Null for anything else, so a forged cookie
 * cannot put control characters or a page of text into a stored subject.
 */
export function anonymousIdOf(cookie: string | undefined): string | null {
  if (!cookie) return null;
  let value = cookie;
  if (value.startsWith('"')) {
    try {
      const parsed: unknown = JSON.parse(value);
      if (typeof parsed !== 'string') return null;
      value = parsed;
    } catch {
      return null;
    }
  }
  return anonymousIdShape.test(value) ? value : null;
}

/**
 * The request's subject: the signed-in player, else the visitor of the analytics cookie, else nobody
 * (a visitor who has not consented to analytics yet has no cookie, and is neither assigned nor recorded).
 */
export async function subjectOf(request: FastifyRequest): Promise<Subject | null> {
  const playerId = await request.playerId();
  if (playerId) return { id: playerId, kind: 'player' };
  const anonymousId = anonymousIdOf(request.cookies[anonymousIdCookie]);
  return anonymousId ? { id: anonymousId, kind: 'visitor' } : null;
}
