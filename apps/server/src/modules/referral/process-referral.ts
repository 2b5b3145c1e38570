import type { Db } from '@chrysos/db';
import type { FastifyBaseLogger } from 'fastify';
import { setReferralTag } from '../player/public.ts';

/** What referral processing needs of the app that calls it (auth, at sign-up). */
export interface ReferralDeps {
  db: Db;
  /** The affiliate service (REFERRAL_URL), if there is one. */
  referralUrl: string | undefined;
  log: FastifyBaseLogger;
}

/** The affiliate tag among the referral params, most specific first. */
const tagPriority = ['stag', 'btag', 'ctag', 'qtag', 'refer', 'ref_code', 'link_id'] as const;
const timeoutMs = 5000;

export function affiliateTag(params: Record<string, string>): string | null {
  for (const name of tagPriority) if (params[name]) return params[name];
  return null;
}

/**
 * Spec §7 referral processing: the affiliate service (REFERRAL_URL) is told of the new player with
 * scope, email and target, and may answer with the tag to keep. On failure the original tag is kept.
 * Runs after the sign-up answered, so a slow affiliate service never slows registration.
 */
export async function processReferral(
  deps: ReferralDeps,
  player: { id: string; email: string },
  params: Record<string, string>,
): Promise<void> {
  const original = affiliateTag(params);
  if (!original) return;
  let kept = original;
  const url = deps.referralUrl;
  if (url) {
    try {
      const response = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify({ scope: 'registration', email: player.email, target: original }),
        signal: AbortSignal.timeout(timeoutMs),
      });
      if (!response.ok) throw new Error(`referral service answered ${response.status}`);
      const answer = (await response.json()) as { target?: unknown };
      if (typeof answer.target === 'string' && answer.target.length > 0 && answer.target.length <= 200) {
        kept = answer.target;
      }
    } catch (error) {
      deps.log.warn(
        { playerId: player.id, err: error instanceof Error ? error.message : String(error) },
        'referral processing failed; the original tag is kept',
      );
    }
  }
  await setReferralTag(deps.db, player.id, kept);
}
