import type { Bonus, Freespin, Lootbox } from '@chrysos/contract';
import { type Db, schema } from '@chrysos/db';
import type { Locale } from '@chrysos/rules';
import { and, desc, eq, inArray, lte } from 'drizzle-orm';
import { gamesByIdentifier } from '../games/public.ts';
import { bonusBalances } from '../wallet/public.ts';
import { termsOf } from './eligibility.ts';
import { presentBonus, presentFreespins, presentLootbox } from './present.ts';

const b = schema.playerBonuses;
const f = schema.playerFreespins;
const l = schema.playerLootboxes;
const c = schema.bonusCampaigns;

/** How many of each a list shows: the running and waiting ones, then the latest ended. */
const listed = 50;

async function campaignsOf(db: Db, ids: string[]) {
  if (ids.length === 0) return new Map<string, typeof c.$inferSelect>();
  const rows = await db
    .select()
    .from(c)
    .where(inArray(c.id, [...new Set(ids)]));
  return new Map(rows.map((row) => [row.id, row]));
}

async function bonusBalancesOf(db: Db, playerId: string) {
  const rows = await bonusBalances(db, [playerId]);
  return new Map(rows.map((row) => [row.currency, row.balance]));
}

/** The player's bonuses, newest first (spec §7 GET /player/bonuses/). */
export async function listBonuses(
  db: Db,
  playerId: string,
  language: Locale,
  only?: string,
): Promise<Bonus[]> {
  const rows = await db
    .select()
    .from(b)
    .where(only ? and(eq(b.playerId, playerId), eq(b.id, only)) : eq(b.playerId, playerId))
    .orderBy(desc(b.createdAt), desc(b.id))
    .limit(listed);
  const campaigns = await campaignsOf(
    db,
    rows.map((row) => row.campaignId),
  );
  const balances = await bonusBalancesOf(db, playerId);
  return rows.map((row) =>
    presentBonus(
      row,
      campaigns.get(row.campaignId)?.title ?? { en: row.campaignId, el: row.campaignId },
      language,
      balances.get(row.currency) ?? 0,
    ),
  );
}

/**
 * Bonuses by id as their players' lists show them, each in its player's language: the progress pushes
 * of a batch of play, in three reads whatever the number of bonuses.
 */
export async function bonusesById(
  db: Db,
  ids: string[],
  languageOf: (playerId: string) => Locale,
): Promise<{ playerId: string; bonus: Bonus }[]> {
  if (ids.length === 0) return [];
  const rows = await db.select().from(b).where(inArray(b.id, ids));
  if (rows.length === 0) return [];
  const campaigns = await campaignsOf(
    db,
    rows.map((row) => row.campaignId),
  );
  const accounts = await bonusBalances(db, [...new Set(rows.map((row) => row.playerId))]);
  const balances = new Map(
    accounts.map((account) => [`${account.playerId}:${account.currency}`, account.balance]),
  );
  return rows.map((row) => ({
    playerId: row.playerId,
    bonus: presentBonus(
      row,
      campaigns.get(row.campaignId)?.title ?? { en: row.campaignId, el: row.campaignId },
      languageOf(row.playerId),
      balances.get(`${row.playerId}:${row.currency}`) ?? 0,
    ),
  }));
}

/** The player's free spins that are available (a later batch shows from its day), newest first. */
export async function listFreespins(
  db: Db,
  playerId: string,
  language: Locale,
  now: Date,
  only?: string,
): Promise<Freespin[]> {
  const rows = await db
    .select()
    .from(f)
    .where(and(eq(f.playerId, playerId), lte(f.availableAt, now), ...(only ? [eq(f.id, only)] : [])))
    .orderBy(desc(f.availableAt), desc(f.id))
    .limit(listed);
  const campaigns = await campaignsOf(
    db,
    rows.map((row) => row.campaignId),
  );
  const games = await gamesByIdentifier(
    db,
    rows.map((row) => row.gameIdentifier),
  );
  const titles = new Map(games.map((game) => [game.identifier, { title: game.title }]));
  return rows.map((row) =>
    presentFreespins(
      row,
      campaigns.get(row.campaignId)?.title ?? { en: row.campaignId, el: row.campaignId },
      titles.get(row.gameIdentifier),
      language,
    ),
  );
}

/** The player's lootboxes, newest first (spec §7 GET /player/lootboxes). */
export async function listLootboxes(
  db: Db,
  playerId: string,
  language: Locale,
  only?: string,
): Promise<Lootbox[]> {
  const rows = await db
    .select()
    .from(l)
    .where(only ? and(eq(l.playerId, playerId), eq(l.id, only)) : eq(l.playerId, playerId))
    .orderBy(desc(l.createdAt), desc(l.id))
    .limit(listed);
  const campaigns = await campaignsOf(
    db,
    rows.map((row) => row.campaignId),
  );
  return rows.flatMap((row) => {
    const campaign = campaigns.get(row.campaignId);
    const terms = campaign ? termsOf(campaign) : null;
    if (!campaign || !terms) return [];
    return [presentLootbox(row, campaign.title, terms, language)];
  });
}
