import type { PushMessage } from '@chrysos/contract';
import { type Db, schema } from '@chrysos/db';
import type { Locale } from '@chrysos/rules';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { playerLanguage } from '../player/public.ts';

const s = schema.pushSubscriptions;

/**
 * Enqueues a push to every subscription of the player, in the transaction `db` (the job exists if it
 * commits). A player under a time-out or self-exclusion not yet lifted gets no promotional push, only
 * transactional ones (their money); read in the same transaction, so it holds on every instance at once.
 */
export async function queuePlayerPush(
  app: FastifyInstance,
  db: Db,
  playerId: string,
  message: (language: Locale) => PushMessage | null,
): Promise<number> {
  const rows = await db.select({ id: s.id }).from(s).where(eq(s.playerId, playerId));
  if (rows.length === 0) return 0;
  const language = await playerLanguage(db, playerId);
  const excluded = await app.compliance.unlifted(db, playerId);
  let queued = 0;
  for (const row of rows) {
    const built = message(language);
    if (!built) continue;
    if (built.kind === 'promotional' && excluded) continue;
    await app.jobs.send('notifications.push', { subscriptionId: row.id, message: built }, { tx: db });
    queued++;
  }
  return queued;
}
