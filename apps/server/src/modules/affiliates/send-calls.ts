import { createHmac } from 'node:crypto';
import { type Db, schema } from '@chrysos/db';
import { and, asc, eq, lte, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../platform/config.ts';

/**
 * Tries before a call is given up as failed (for the operator to see). The n-th retry is due 2^n − 1
 * minutes after the call was owed (1, 3, 7 … minutes): the last one about three days later.
 */
const maxAttempts = 12;
/** Calls sent per run; the job runs every minute. */
const perRun = 100;
const timeoutMs = 5_000;

type Settings = Pick<Config, 'AFFILIATE_PIXEL_URL' | 'AFFILIATE_POSTBACK_URL' | 'AFFILIATE_POSTBACK_SECRET'>;

/** The address of one call: the pixel's or the postback's, with the call's query in name order (signed, for a postback). */
export function callUrl(settings: Settings, kind: string, params: Record<string, string>): string | null {
  const base = kind === 'pixel' ? settings.AFFILIATE_PIXEL_URL : settings.AFFILIATE_POSTBACK_URL;
  if (!base) return null;
  const url = new URL(base);
  for (const [name, value] of Object.entries(params)) url.searchParams.set(name, value);
  url.searchParams.sort();
  // The signature covers the whole query as sent (the service's own parameters too), in name order.
  if (kind !== 'pixel' && settings.AFFILIATE_POSTBACK_SECRET) {
    const signature = createHmac('sha256', settings.AFFILIATE_POSTBACK_SECRET).update(
      url.searchParams.toString(),
    );
    url.searchParams.set('signature', signature.digest('hex'));
  }
  return url.toString();
}

/**
 * Sends the calls owed to the affiliate service (job `affiliates.send`, every minute): each pending
 * call whose back-off has passed, once answered 2xx marked sent; refused or unreachable, tried again
 * later, and after `maxAttempts` marked failed with the reason. A row is claimed under its lock, so two
 * instances never send one call at once. The query's secret signature never reaches a log.
 */
export async function sendOwedCalls(
  db: Db,
  settings: Settings,
  log: FastifyBaseLogger,
  now: Date,
): Promise<number> {
  const c = schema.affiliateCalls;
  let sent = 0;
  const due = await db
    .select({ id: c.id })
    .from(c)
    .where(
      and(
        eq(c.status, 'pending'),
        lte(sql`${c.createdAt} + (power(2, ${c.attempts}) - 1) * interval '1 minute'`, now),
      ),
    )
    .orderBy(asc(c.createdAt))
    .limit(perRun);
  for (const { id } of due) {
    await db.transaction(async (tx) => {
      const [call] = await tx
        .select()
        .from(c)
        .where(and(eq(c.id, id), eq(c.status, 'pending')))
        .for('update', { skipLocked: true });
      if (!call) return;
      const url = callUrl(settings, call.kind, call.params);
      if (!url) return;
      let problem: string | null = null;
      try {
        const answer = await fetch(url, { signal: AbortSignal.timeout(timeoutMs), redirect: 'manual' });
        if (answer.status < 200 || answer.status >= 300) problem = `answered ${answer.status}`;
      } catch (error) {
        problem =
          error instanceof Error
            ? error.name === 'TimeoutError'
              ? 'no answer in 5 s'
              : error.message
            : String(error);
      }
      const attempts = call.attempts + 1;
      if (!problem) {
        sent += 1;
        await tx
          .update(c)
          .set({ status: 'sent', attempts, sentAt: now, lastError: null })
          .where(eq(c.id, id));
        return;
      }
      log.warn({ affiliateCall: call.idempotencyKey, attempts, problem }, 'affiliate call not taken');
      await tx
        .update(c)
        .set({ status: attempts >= maxAttempts ? 'failed' : 'pending', attempts, lastError: problem })
        .where(eq(c.id, id));
    });
  }
  return sent;
}
