import { createHash, randomBytes } from 'node:crypto';
import { type Db, schema } from '@chrysos/db';
import { and, eq, gt, isNull } from 'drizzle-orm';

import { sessionLifetimeMs } from '../../platform/http-session.ts';

export { sessionCookieName } from '../../platform/http-session.ts';

/** Session and emailed tokens are stored as SHA-256 hashes: they are random, so no salt is needed. */
export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** 256 random bits, URL-safe: session cookies and emailed links. */
export const randomToken = () => randomBytes(32).toString('base64url');

/** Starts a session and returns the token for the cookie; only its hash is stored. */
export async function createSession(
  db: Db,
  playerId: string,
  client: { ip: string; userAgent: string | undefined },
): Promise<string> {
  const token = randomToken();
  await db.insert(schema.sessions).values({
    tokenHash: hashToken(token),
    playerId,
    ip: client.ip,
    userAgent: client.userAgent?.slice(0, 512),
    expiresAt: new Date(Date.now() + sessionLifetimeMs),
  });
  return token;
}

/** The player a live session belongs to, or null for an unknown, expired or revoked token. */
export async function playerIdForSession(db: Db, token: string): Promise<string | null> {
  const [session] = await db
    .select({ playerId: schema.sessions.playerId })
    .from(schema.sessions)
    .where(
      and(
        eq(schema.sessions.tokenHash, hashToken(token)),
        isNull(schema.sessions.revokedAt),
        gt(schema.sessions.expiresAt, new Date()),
      ),
    );
  return session?.playerId ?? null;
}

export async function revokeSession(db: Db, token: string): Promise<void> {
  await db
    .update(schema.sessions)
    .set({ revokedAt: new Date() })
    .where(eq(schema.sessions.tokenHash, hashToken(token)));
}
