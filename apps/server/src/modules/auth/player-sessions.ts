import type { PlayerSessionSummary } from '@chrysos/contract';
import { type Db, schema } from '@chrysos/db';
import { desc, eq } from 'drizzle-orm';
import { summariseUserAgent } from './user-agent.ts';

/**
 * The player's sign-in sessions as operators read them (Player 360), newest first, at most 50: when
 * each started, was last used and ended, from where and on what device; `now` (the product's time) says which are
 * still current. The token's hash is never shown.
 */
export async function sessionsOfPlayer(db: Db, playerId: string, now: Date): Promise<PlayerSessionSummary[]> {
  const s = schema.sessions;
  const rows = await db
    .select({
      createdAt: s.createdAt,
      expiresAt: s.expiresAt,
      revokedAt: s.revokedAt,
      lastSeenAt: s.lastSeenAt,
      endedAtLimitMinutes: s.endedAtLimitMinutes,
      ip: s.ip,
      userAgent: s.userAgent,
    })
    .from(s)
    .where(eq(s.playerId, playerId))
    .orderBy(desc(s.createdAt))
    .limit(50);
  return rows.map((row) => ({
    started_at: row.createdAt.toISOString(),
    expires_at: row.expiresAt.toISOString(),
    // A session is seen as it starts; later uses are kept to the minute (sessions.ts).
    last_seen_at: (row.lastSeenAt ?? row.createdAt).toISOString(),
    ended_at: row.revokedAt?.toISOString() ?? null,
    ended_by_limit_minutes: row.endedAtLimitMinutes,
    current: row.revokedAt === null && row.expiresAt.getTime() > now.getTime(),
    ip: row.ip,
    ...summariseUserAgent(row.userAgent),
    user_agent: row.userAgent,
  }));
}
