import { type Db, schema } from '@chrysos/db';
import { isLocale, type Locale } from '@chrysos/rules';
import { and, asc, eq, inArray, like, type SQLWrapper, sql } from 'drizzle-orm';

/**
 * What other modules read and write of the player's record: they name no column of `players` or
 * `player_groups` themselves, so the record can change shape here alone.
 */

const p = schema.players;
const g = schema.playerGroups;

export async function playerExists(db: Db, playerId: string): Promise<boolean> {
  const [row] = await db.select({ id: p.id }).from(p).where(eq(p.id, playerId));
  return row !== undefined;
}

/** The player with this address (compared without case), as sign-in and recovery emails need them. */
export async function playerByEmail(db: Db, email: string) {
  const [row] = await db
    .select({ id: p.id, email: p.email, language: p.language, confirmedAt: p.confirmedAt })
    .from(p)
    .where(sql`lower(${p.email}) = lower(${email})`);
  return row;
}

/** The player with this id, as an email to them needs them (an operator's password reset). */
export async function playerById(db: Db, playerId: string) {
  const [row] = await db
    .select({ id: p.id, email: p.email, language: p.language })
    .from(p)
    .where(eq(p.id, playerId));
  return row;
}

/** The address is the player's (a confirmation or reset link, a provider's word); a first proof stays. */
export async function confirmEmail(db: Db, playerId: string, at: Date): Promise<void> {
  await db
    .update(p)
    .set({ confirmedAt: sql`coalesce(${p.confirmedAt}, ${at.toISOString()}::timestamptz)` })
    .where(eq(p.id, playerId));
}

/** The language the player reads the site in, in which their lists, emails and pushes are written. */
export async function playerLanguage(db: Db, playerId: string): Promise<Locale> {
  const [row] = await db.select({ language: p.language }).from(p).where(eq(p.id, playerId));
  return row && isLocale(row.language) ? row.language : 'en';
}

/** What audience rules look at (a campaign's or a tournament's countries and groups), in one round trip. */
export async function playerAudience(
  db: Db,
  playerId: string,
): Promise<{ country: string | null; groups: string[] }> {
  const [row] = await db
    .select({
      country: p.country,
      groups: sql<string[]>`coalesce((select array_agg(g."group" order by g."group") from player_groups g
        where g.player_id = ${p.id}), '{}')`,
    })
    .from(p)
    .where(eq(p.id, playerId));
  return { country: row?.country ?? null, groups: row?.groups ?? [] };
}

/** The player's groups in the order they were added (the site shows what each unlocks). */
export async function groupsInOrderAdded(db: Db, playerId: string): Promise<{ id: string }[]> {
  return db.select({ id: g.group }).from(g).where(eq(g.playerId, playerId)).orderBy(asc(g.addedAt));
}

/** First names and addresses by player id, for the lists that show a winner's masked name. */
export async function playerNames(
  db: Db,
  playerIds: readonly string[],
): Promise<Map<string, { firstName: string | null; email: string }>> {
  if (playerIds.length === 0) return new Map();
  const rows = await db
    .select({ id: p.id, firstName: p.firstName, email: p.email })
    .from(p)
    .where(inArray(p.id, [...new Set(playerIds)]));
  return new Map(rows.map(({ id, ...name }) => [id, name]));
}

/**
 * Of `playerIds`, those who accepted promotional messages (receive_promos), with their language and
 * groups: who a promotion may reach and what it must match.
 */
export async function promotionAudience(
  db: Db,
  playerIds: readonly string[],
): Promise<{ id: string; language: Locale; groups: string[] }[]> {
  if (playerIds.length === 0) return [];
  const rows = await db
    .select({
      id: p.id,
      language: p.language,
      groups: sql<string[]>`coalesce((select array_agg(g."group" order by g."group") from player_groups g
        where g.player_id = ${p.id}), '{}')`,
    })
    .from(p)
    // One array parameter, however many subscribers a casino has (a list of ids is one parameter each).
    .where(and(sql`${p.id} = any(${`{${playerIds.join(',')}}`}::uuid[])`, eq(p.receivePromos, true)));
  return rows.map((row) => ({ ...row, language: isLocale(row.language) ? row.language : 'en' }));
}

/** The players whose date of birth (DD.MM.YYYY, as the profile takes it) falls on this day and month. */
export async function playersBornOn(db: Db, day: number, month: number): Promise<string[]> {
  const pad = (value: number) => String(value).padStart(2, '0');
  const rows = await db
    .select({ id: p.id })
    .from(p)
    .where(like(p.dateOfBirth, `${pad(day)}.${pad(month)}.%`));
  return rows.map((row) => row.id);
}

/** The currency chosen at registration (the wallet's first account), or null when no such player. */
export async function registrationCurrency(db: Db, playerId: string): Promise<string | null> {
  const [row] = await db.select({ currency: p.currency }).from(p).where(eq(p.id, playerId));
  return row?.currency ?? null;
}

/** The registration currency of `playerId` (a column of another query) as a subquery. */
export const registrationCurrencySql = (playerId: SQLWrapper) =>
  sql<string>`(select currency from players where id = ${playerId})`;

/** The player's country of residence (a column of another query) as a subquery. */
export const countrySql = (playerId: SQLWrapper) =>
  sql<string | null>`(select country from players where id = ${playerId})`;

/**
 * When an operator disabled the player (null when not) as a subquery: every wallet call reads it with the
 * game session, in one round trip.
 */
export const disabledAtSql = (playerId: SQLWrapper) =>
  sql<Date | null>`(select disabled_at from players where id = ${playerId})`.mapWith((value) =>
    value === null ? null : new Date(value),
  );

/**
 * Holds the player's row until `tx` ends: changes to one player's accounts (two switches at once)
 * queue on it.
 */
export async function lockPlayer(tx: Db, playerId: string): Promise<void> {
  await tx.execute(sql`select 1 from ${p} where ${p.id} = ${playerId} for update`);
}

/** The active account's currency becomes the profile's currency (GET /player shows it). */
export async function setPlayerCurrency(tx: Db, playerId: string, currency: string): Promise<void> {
  await tx.update(p).set({ currency }).where(eq(p.id, playerId));
}

/** The affiliate tag kept after processing the tags the player arrived with (spec §9). */
export async function setReferralTag(db: Db, playerId: string, tag: string | null): Promise<void> {
  await db.update(p).set({ referralTag: tag }).where(eq(p.id, playerId));
}
