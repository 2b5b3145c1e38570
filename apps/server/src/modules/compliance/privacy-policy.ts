import type { PrivacyPolicyStatus } from '@chrysos/contract';
import { type Db, preparedPerDatabase, schema } from '@chrysos/db';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../platform/errors.ts';
import { recordAudit } from './audit-log.ts';

/*
 * The privacy policy's acceptance per player (issue 31 item 16). A version is named by the
 * `utcDateTime` of its privacyPolicyUpdate item. Acceptances are rows of the compliance audit trail
 * (`privacy_policy.accepted`, details `{version}`): append-only and hash-chained, with who, when and
 * from which address, which is what a regulator asks to see of a consent.
 */

const accepted = 'privacy_policy.accepted';

/**
 * Every announced version of the policy (the dates are the same in every language). Content changed
 * on another instance is reloaded first, unless the caller has just done so (`reloaded`: a page).
 */
export async function announcedPolicyVersions(
  app: FastifyInstance,
  { reloaded = false } = {},
): Promise<string[]> {
  if (!reloaded) await app.content.current();
  const everyone = { groups: [], abVariants: {}, now: app.clock.now() };
  return app.content.list('privacyPolicyUpdate', 'en', everyone).map((item) => item.data.utcDateTime);
}

/** The version in force at `now`: the latest announced version whose date has come. */
export function versionInForce(versions: readonly string[], now: Date): string | null {
  const due = versions.map((version) => new Date(version)).filter((date) => date.getTime() <= now.getTime());
  if (due.length === 0) return null;
  return new Date(Math.max(...due.map((date) => date.getTime()))).toISOString();
}

/** Built once per database: every signed-in page asks. */
const lastAcceptanceQuery = preparedPerDatabase((db: Db) =>
  db
    .select({ details: schema.complianceAuditLog.details, at: schema.complianceAuditLog.at })
    .from(schema.complianceAuditLog)
    .where(
      and(
        eq(schema.complianceAuditLog.playerId, sql.placeholder('playerId')),
        eq(schema.complianceAuditLog.action, accepted),
      ),
    )
    .orderBy(desc(schema.complianceAuditLog.id))
    .limit(1)
    .prepare('last_privacy_acceptance'),
);

async function lastAcceptance(db: Db, playerId: string) {
  const [row] = await lastAcceptanceQuery(db).execute({ playerId });
  const version = typeof row?.details.version === 'string' ? row.details.version : null;
  return row && version ? { version, at: row.at } : null;
}

/** The version in force and the player's latest acceptance. */
export async function privacyPolicyStatus(
  db: Db,
  playerId: string,
  versions: readonly string[],
  now: Date,
): Promise<PrivacyPolicyStatus> {
  const current = versionInForce(versions, now);
  const last = await lastAcceptance(db, playerId);
  return {
    current_version: current,
    accepted_version: last?.version ?? null,
    accepted_at: last?.at.toISOString() ?? null,
    must_accept: current !== null && (!last || Date.parse(last.version) < Date.parse(current)),
  };
}

/**
 * Records that the player accepts `version`, which must be the version in force (the notice they
 * read); accepting it again records nothing more.
 */
export async function acceptPrivacyPolicy(
  db: Db,
  who: { playerId: string; ip: string },
  version: string,
  versions: readonly string[],
  now: Date,
): Promise<PrivacyPolicyStatus> {
  const current = versionInForce(versions, now);
  if (current === null || Date.parse(version) !== Date.parse(current)) {
    throw new AppError('validation.invalid', { field: 'version' });
  }
  const status = await privacyPolicyStatus(db, who.playerId, versions, now);
  if (!status.must_accept) return status;
  await db.transaction(async (tx) => {
    await recordAudit(tx as unknown as Db, {
      actor: `player:${who.playerId}`,
      action: accepted,
      playerId: who.playerId,
      details: { version: current },
      ip: who.ip,
      at: now,
    });
  });
  return privacyPolicyStatus(db, who.playerId, versions, now);
}

/**
 * A sign-up accepts the policy in force with its terms (the box reads "the terms and conditions and
 * the privacy policy"): recorded in the sign-up's transaction `tx`, so a new player is never asked to
 * accept what they just accepted. Nothing is recorded while no version is in force.
 */
export async function recordSignUpAcceptance(
  tx: Db,
  who: { playerId: string; ip: string },
  versions: readonly string[],
  now: Date,
): Promise<void> {
  const current = versionInForce(versions, now);
  if (current === null) return;
  await recordAudit(tx, {
    actor: `player:${who.playerId}`,
    action: accepted,
    playerId: who.playerId,
    details: { version: current },
    ip: who.ip,
    at: now,
  });
}
