import { type Db, schema } from '@chrysos/db';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { hashToken, randomToken } from '../../platform/tokens.ts';

export interface SessionLimits {
  idleMs: number;
  lifetimeMs: number;
}

/** Starts an operator's session; answers the token for their cookie (only its hash is stored). */
export async function startOperatorSession(
  db: Db,
  operatorId: string,
  client: { ip: string; userAgent: string | undefined },
  now: Date,
): Promise<string> {
  const token = randomToken();
  await db.insert(schema.operatorSessions).values({
    tokenHash: hashToken(token),
    operatorId,
    ip: client.ip,
    userAgent: client.userAgent?.slice(0, 512) ?? null,
    createdAt: now,
    lastSeenAt: now,
  });
  return token;
}

/**
 * The operator of a live session, and the session seen now: `expired` when it was idle longer than
 * the idle time or is past its day (then it is ended), null when there is no such session at all.
 * The time it was last seen moves at most once a minute, so a busy console writes little.
 */
export async function operatorOfSession(
  db: Db,
  token: string,
  limits: SessionLimits,
  now: Date,
): Promise<{ operatorId: string } | 'expired' | null> {
  const s = schema.operatorSessions;
  const tokenHash = hashToken(token);
  const [session] = await db
    .select({ operatorId: s.operatorId, createdAt: s.createdAt, lastSeenAt: s.lastSeenAt })
    .from(s)
    .where(and(eq(s.tokenHash, tokenHash), isNull(s.revokedAt)));
  if (!session) return null;
  const idle = now.getTime() - session.lastSeenAt.getTime() > limits.idleMs;
  const old = now.getTime() - session.createdAt.getTime() > limits.lifetimeMs;
  if (idle || old) {
    await endOperatorSession(db, token, now);
    return 'expired';
  }
  if (now.getTime() - session.lastSeenAt.getTime() > 60_000) {
    await db
      .update(s)
      .set({ lastSeenAt: now })
      .where(and(eq(s.tokenHash, tokenHash), sql`${s.lastSeenAt} < ${now.toISOString()}::timestamptz`));
  }
  return { operatorId: session.operatorId };
}

export async function endOperatorSession(db: Db, token: string, now: Date): Promise<void> {
  const s = schema.operatorSessions;
  await db
    .update(s)
    .set({ revokedAt: now })
    .where(and(eq(s.tokenHash, hashToken(token)), isNull(s.revokedAt)));
}
