import { type Db, schema } from '@chrysos/db';
import { and, eq } from 'drizzle-orm';

/** The tags that name an affiliate among a player's referral tags (spec §9 tracked tags). */
const affiliateTags = ['btag', 'stag', 'ctag', 'qtag', 'refer', 'ref_code', 'link_id', 'subid'] as const;

export const affiliateTagOf = (tags: Record<string, string>) =>
  affiliateTags.find((name) => tags[name]) ?? null;

/**
 * A referred player's stored referral tags, as their registration's postback carried them (this
 * module's own record of who came from an affiliate), or null for a player who came without one.
 */
export async function referralOf(db: Db, playerId: string): Promise<Record<string, string> | null> {
  const c = schema.affiliateCalls;
  const [registration] = await db
    .select({ params: c.params })
    .from(c)
    .where(and(eq(c.idempotencyKey, `registration:${playerId}`)))
    .limit(1);
  if (!registration) return null;
  const { player_id: _player, event: _event, ...tags } = registration.params;
  return tags;
}
