import { type Db, preparedPerDatabase, schema } from '@chrysos/db';
import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import { AppError } from '../../platform/errors.ts';
import { sessionLifetimeMs } from '../../platform/http-session.ts';
import { hashToken, randomToken } from '../../platform/tokens.ts';
import { refuseIfExcluded, sessionLimitMinutesSql } from '../compliance/public.ts';
import { refuseIfAccountBarred } from '../player/public.ts';

/**
 * Starts a session and returns the token for the cookie; only its hash is stored. Every way in (sign-in,
 * a provider's sign-in, a password reset, sign-up) comes through here, so a player on a time-out or
 * self-exclusion at `now` (the product's time) gets no session, whichever way they came: refused as
 * sign-in refuses them (issue 31 item 2). Nor does a player whose account an operator suspended or
 * closed (issue 38): 403 `auth.account_suspended` or `auth.account_closed`.
 */
export async function createSession(
  db: Db,
  playerId: string,
  client: { ip: string; userAgent: string | undefined },
  now: Date,
): Promise<string> {
  await refuseIfAccountBarred(db, playerId);
  await refuseIfExcluded(db, playerId, now);
  const token = randomToken();
  await db.insert(schema.sessions).values({
    tokenHash: hashToken(token),
    playerId,
    ip: client.ip,
    userAgent: client.userAgent?.slice(0, 512),
    createdAt: now,
    expiresAt: new Date(now.getTime() + sessionLifetimeMs),
  });
  return token;
}

/**
 * The session row's own player, qualified with its table: a bare column inside the subquery would be
 * rendered unqualified ("player_id") and bind to the limit row's own column, so every player's limit
 * applied to every session (issue 31 item 1).
 */
const sessionPlayerId = sql`${schema.sessions}.${sql.identifier(schema.sessions.playerId.name)}`;

/** Built and planned once per database: every signed-in request looks its session up. */
function liveSessionQuery(db: Db) {
  const at = sql.placeholder('now');
  return db
    .select({
      playerId: schema.sessions.playerId,
      createdAt: schema.sessions.createdAt,
      lastSeenAt: schema.sessions.lastSeenAt,
      // The session-time limit in force (a raise or removal counts once its 24 hours are over).
      limitMinutes: sessionLimitMinutesSql(sessionPlayerId, at),
    })
    .from(schema.sessions)
    .where(
      and(
        eq(schema.sessions.tokenHash, sql.placeholder('tokenHash')),
        isNull(schema.sessions.revokedAt),
        sql`${schema.sessions.expiresAt} > ${at}::timestamptz`,
      ),
    )
    .prepare('find_live_session');
}
const liveSession = preparedPerDatabase(liveSessionQuery);

/**
 * The player a live session belongs to, or null for an unknown, expired or revoked token. A session that
 * has run as long as the player's session-time limit (issue 17) is ended here, for good: it is revoked,
 * so raising or removing the limit later does not bring it back. `now`: the product's time (the app's
 * clock), at which the session's age and a pending change of the limit are read; a live session's use
 * is kept, to the minute, as when it was last seen.
 */
export async function playerIdForSession(db: Db, token: string, now: Date): Promise<string | null> {
  const tokenHash = hashToken(token);
  const query = liveSession(db);
  const [session] = await query.execute({ tokenHash, now: now.toISOString() });
  if (!session) return null;
  if (
    session.limitMinutes !== null &&
    session.createdAt.getTime() + session.limitMinutes * 60_000 <= now.getTime()
  ) {
    await db
      .update(schema.sessions)
      .set({ revokedAt: now, endedAtLimitMinutes: session.limitMinutes })
      .where(and(eq(schema.sessions.tokenHash, tokenHash), isNull(schema.sessions.revokedAt)));
    return null;
  }
  await markSeen(db, tokenHash, session, now);
  return session.playerId;
}

/** How stale "last seen" may be: a busy player's session is written once a minute, not per request. */
const lastSeenStepMs = 60_000;

/** Keeps when the session was last used (operators read it on Player 360), to the minute. */
async function markSeen(
  db: Db,
  tokenHash: string,
  session: { createdAt: Date; lastSeenAt: Date | null },
  now: Date,
): Promise<void> {
  const seen = session.lastSeenAt ?? session.createdAt;
  if (now.getTime() - seen.getTime() < lastSeenStepMs) return;
  const s = schema.sessions;
  await db
    .update(s)
    .set({ lastSeenAt: now })
    .where(
      and(
        eq(s.tokenHash, tokenHash),
        sql`coalesce(${s.lastSeenAt}, ${s.createdAt}) < ${new Date(now.getTime() - lastSeenStepMs).toISOString()}::timestamptz`,
      ),
    );
}

/**
 * The session-time limit, in minutes, that ended the session of this token, or null when the session
 * is live, unknown, or ended otherwise (signed out, expired, a break): what a refused request is told.
 */
export async function sessionLimitThatEnded(db: Db, token: string): Promise<number | null> {
  const [session] = await db
    .select({ minutes: schema.sessions.endedAtLimitMinutes })
    .from(schema.sessions)
    .where(eq(schema.sessions.tokenHash, hashToken(token)));
  return session?.minutes ?? null;
}

/**
 * What a request carrying this token is told when its route needs a player: the session-time limit
 * that ended the session (compliance.session_limit, with its minutes), or null to say sign in.
 */
export async function sessionEndedFor(db: Db, token: string): Promise<AppError | null> {
  const minutes = await sessionLimitThatEnded(db, token);
  return minutes === null ? null : new AppError('compliance.session_limit', { params: { minutes } });
}

export async function revokeSession(db: Db, token: string, now: Date): Promise<void> {
  await db
    .update(schema.sessions)
    .set({ revokedAt: now })
    .where(eq(schema.sessions.tokenHash, hashToken(token)));
}

/** When the session of this token started, or null for a token that names none. */
export async function sessionStartedAt(db: Db, token: string): Promise<Date | null> {
  const [session] = await db
    .select({ createdAt: schema.sessions.createdAt })
    .from(schema.sessions)
    .where(eq(schema.sessions.tokenHash, hashToken(token)));
  return session?.createdAt ?? null;
}

/** Ends every live session of the player at `now`, but the one of `keep` (the caller's own) when given. */
export async function endPlayerSessions(db: Db, playerId: string, now: Date, keep?: string): Promise<void> {
  await db
    .update(schema.sessions)
    .set({ revokedAt: now })
    .where(
      and(
        eq(schema.sessions.playerId, playerId),
        isNull(schema.sessions.revokedAt),
        keep ? ne(schema.sessions.tokenHash, hashToken(keep)) : undefined,
      ),
    );
}
