import { type Db, schema } from '@chrysos/db';
import { licenceRules } from '@chrysos/rules';
import { and, eq, type SQLWrapper, sql } from 'drizzle-orm';
import { AppError } from '../../platform/errors.ts';
import { currenciesFacts, equivalents } from '../info/public.ts';
import { heldCurrencies } from '../wallet/public.ts';
import type { DocumentKind } from './upload-document.ts';

/*
 * Identity verification's gates (issue 17): under the licence's rules (packages/rules licences), a
 * withdrawal at or above its threshold, and a deposit that brings the player's deposits of the window
 * (Malta: €2,000 in 180 days, the AML due-diligence point) to the threshold, need approved identity and
 * address documents first. The thresholds are in euros; in another currency they are its equivalent
 * (the bonus engine's table of rates, rounded to two significant digits). A currency without a known
 * rate (crypto) has no withdrawal threshold and its deposits do not count towards the euro one.
 */

/** The documents that make a player verified: each needs at least one approved. */
export const requiredKinds: readonly DocumentKind[] = ['identity', 'address'];

export interface VerificationFacts {
  verified: boolean;
  /** Required kinds with no approved document yet. */
  missing: DocumentKind[];
  /** Per account currency with a known rate: withdrawals from this amount (minor units) need documents. */
  withdrawalThresholds: { currency: string; amount: number }[];
  deposits: {
    /** Deposits of the window (succeeded or under way), as euro cents. */
    totalEuroCents: number;
    thresholdEuroCents: number;
    days: number;
  };
}

/** Which required kinds the player has an approved document of. */
async function approvedKinds(db: Db, playerId: string): Promise<Set<string>> {
  const rows = await db
    .selectDistinct({ kind: schema.playerDocuments.kind })
    .from(schema.playerDocuments)
    .where(and(eq(schema.playerDocuments.playerId, playerId), eq(schema.playerDocuments.status, 'approved')));
  return new Set(rows.map((row) => row.kind));
}

/**
 * Spec §3 `verified` as a column of another query about the player `playerId` (a column of it), so a
 * page or GET /player reads it with the player's own row, in one round trip. `playerId` must be
 * qualified (`"players"."id"`).
 */
export function verifiedColumn(playerId: SQLWrapper) {
  // Aliased and qualified: in a select list drizzle writes columns without their table.
  const kinds = sql.join(
    requiredKinds.map((kind) => sql`${kind}`),
    sql`, `,
  );
  return sql<boolean>`(select count(distinct d.kind) = ${requiredKinds.length} from player_documents d
    where d.player_id = ${playerId} and d.status = 'approved' and d.kind in (${kinds}))`.mapWith(
    (value) => value === true || value === 't',
  );
}

/** Spec §3 `verified`: an approved identity document and an approved proof of address. */
export async function isVerified(db: Db, playerId: string): Promise<boolean> {
  const approved = await approvedKinds(db, playerId);
  return requiredKinds.every((kind) => approved.has(kind));
}

/** A euro amount in each of these currencies' minor units, where the rate is known. */
async function inCurrencies(db: Db, euroCents: number, codes: readonly string[]) {
  if (codes.length === 0) return {};
  return equivalents(euroCents, await currenciesFacts(db, { codes }));
}

/** The player's deposits since a moment, succeeded or still under way, summed per currency (the cashier's). */
export type DepositsSince = (
  db: Db,
  playerId: string,
  since: Date,
) => Promise<{ currency: string; total: number }[]>;

const daysBefore = (now: Date, days: number) => new Date(now.getTime() - days * 24 * 60 * 60 * 1000);

/** Deposits per currency as euro cents, by the rate that turns `euroCents` into each currency. */
async function euroCentsOf(db: Db, amounts: { currency: string; total: number }[], euroCents: number) {
  const thresholds = await inCurrencies(
    db,
    euroCents,
    amounts.map((entry) => entry.currency),
  );
  let total = 0;
  for (const { currency, total: amount } of amounts) {
    const threshold = thresholds[currency];
    if (threshold) total += (amount / threshold) * euroCents;
  }
  return Math.round(total);
}

/** What GET /player/documents tells about the gates: verified, what is missing, the thresholds. */
export async function verificationFacts(
  db: Db,
  playerId: string,
  licence: string,
  now: Date,
  depositsSince: DepositsSince,
): Promise<VerificationFacts> {
  const rules = licenceRules(licence).verification;
  const approved = await approvedKinds(db, playerId);
  const missing = requiredKinds.filter((kind) => !approved.has(kind));
  const thresholds = await inCurrencies(db, rules.withdrawalCents, await heldCurrencies(db, playerId));
  const deposits = await depositsSince(db, playerId, daysBefore(now, rules.cumulativeDepositDays));
  return {
    verified: missing.length === 0,
    missing,
    withdrawalThresholds: Object.entries(thresholds)
      .map(([currency, amount]) => ({ currency, amount }))
      .sort((a, b) => a.currency.localeCompare(b.currency)),
    deposits: {
      totalEuroCents: await euroCentsOf(db, deposits, rules.cumulativeDepositCents),
      thresholdEuroCents: rules.cumulativeDepositCents,
      days: rules.cumulativeDepositDays,
    },
  };
}

/** Refuses a withdrawal at or above the licence's threshold until the player is verified. */
export async function checkWithdrawal(
  db: Db,
  request: { playerId: string; currency: string; amount: number; licence: string },
): Promise<void> {
  const rules = licenceRules(request.licence).verification;
  const threshold = (await inCurrencies(db, rules.withdrawalCents, [request.currency]))[request.currency];
  if (threshold === undefined || request.amount < threshold) return;
  if (await isVerified(db, request.playerId)) return;
  throw new AppError('compliance.verification_required', {
    field: 'amount_cents',
    params: { reason: 'withdrawal', threshold, currency: request.currency },
  });
}

/**
 * Refuses a deposit that would bring the window's deposits to the licence's cumulative threshold
 * until the player is verified.
 */
export async function checkDeposit(
  db: Db,
  request: { playerId: string; currency: string; amount: number; licence: string; now: Date },
  depositsSince: DepositsSince,
): Promise<void> {
  const rules = licenceRules(request.licence).verification;
  const deposits = await depositsSince(
    db,
    request.playerId,
    daysBefore(request.now, rules.cumulativeDepositDays),
  );
  const mine = deposits.find((entry) => entry.currency === request.currency);
  if (mine) mine.total += request.amount;
  else deposits.push({ currency: request.currency, total: request.amount });
  const total = await euroCentsOf(db, deposits, rules.cumulativeDepositCents);
  if (total < rules.cumulativeDepositCents) return;
  if (await isVerified(db, request.playerId)) return;
  throw new AppError('compliance.verification_required', {
    field: 'amount_cents',
    params: { reason: 'deposits', threshold: rules.cumulativeDepositCents, currency: 'EUR' },
  });
}
