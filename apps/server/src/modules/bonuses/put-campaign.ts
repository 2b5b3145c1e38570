import type { BonusCampaign, bonusCampaignKinds } from '@chrysos/contract';
import { type Db, schema } from '@chrysos/db';
import { eq, sql } from 'drizzle-orm';
import { AppError } from '../../platform/errors.ts';
import { invalidFields } from '../../platform/validator.ts';
import { gamesByIdentifier } from '../games/public.ts';
import type { CampaignRow } from './eligibility.ts';
import { type CampaignTerms, campaignTerms } from './terms.ts';

export interface CampaignInput {
  kind: (typeof bonusCampaignKinds)[number];
  code?: string | null | undefined;
  title: { en: string; el: string };
  terms: Record<string, unknown>;
  active?: boolean | undefined;
  starts_at?: string | null | undefined;
  ends_at?: string | null | undefined;
}

/** What each kind of campaign gives, which its terms must state (a deposit campaign without a match gives nothing). */
const givenBy = {
  deposit: 'match',
  no_deposit: 'amount',
  freespins: 'freespins',
  lootbox: 'lootbox',
} as const satisfies Record<CampaignInput['kind'], keyof CampaignTerms>;

/** The games a campaign's free spins are played on: its own and its lootbox prizes'. */
const gamesOf = (terms: CampaignTerms) => [
  ...(terms.freespins ? [terms.freespins.game] : []),
  ...(terms.lootbox?.prizes.flatMap((prize) => (prize.freespins ? [prize.freespins.game] : [])) ?? []),
];

const isCodeTaken = (error: unknown): boolean => {
  for (let current: unknown = error; current instanceof Error; current = current.cause) {
    const { code, constraint } = current as Error & { code?: unknown; constraint?: unknown };
    if (code === '23505' && (constraint === undefined || constraint === 'bonus_campaigns_code_unique'))
      return true;
  }
  return false;
};

export const presentCampaign = (row: CampaignRow): BonusCampaign => ({
  id: row.id,
  kind: row.kind,
  code: row.code,
  title: row.title,
  terms: row.terms,
  active: row.active,
  starts_at: row.startsAt?.toISOString() ?? null,
  ends_at: row.endsAt?.toISOString() ?? null,
  created_at: row.createdAt.toISOString(),
  updated_at: row.updatedAt.toISOString(),
});

/**
 * PUT /operator/bonus_campaigns/:id: creates the campaign or replaces it whole. Its terms are checked by
 * the engine's own schema (terms.ts), each problem named by its path under `terms`; its free-spin games
 * must be in the catalogue and its code (upper case) another campaign's not. Bonuses and free spins
 * already granted keep the wagering, maximum bet and stake copied onto them when issued; a lootbox not
 * yet opened draws from the prize table as it stands when it is opened.
 */
export async function putCampaign(
  db: Db,
  id: string,
  input: CampaignInput,
): Promise<{ campaign: CampaignRow; created: boolean }> {
  const parsed = campaignTerms.safeParse(input.terms, { reportInput: true });
  if (!parsed.success) throw invalidFields(parsed.error.issues, 'terms');
  const terms = parsed.data;
  const given = givenBy[input.kind];
  if (terms[given] === undefined) throw new AppError('validation.required', { field: `terms.${given}` });
  const startsAt = input.starts_at ? new Date(input.starts_at) : null;
  const endsAt = input.ends_at ? new Date(input.ends_at) : null;
  if (startsAt && endsAt && endsAt <= startsAt)
    throw new AppError('validation.invalid', { field: 'ends_at' });
  const games = [...new Set(gamesOf(terms))];
  if (games.length > 0) {
    const known = await gamesByIdentifier(db, games);
    const missing = games.find((game) => !known.some((row) => row.identifier === game));
    if (missing)
      throw new AppError('bonuses.campaign_game_unknown', {
        field: terms.freespins?.game === missing ? 'terms.freespins.game' : 'terms.lootbox',
        params: { game: missing },
      });
  }
  const code = input.code ? input.code.toUpperCase() : null;
  const c = schema.bonusCampaigns;
  if (code) {
    const [holder] = await db
      .select({ id: c.id })
      .from(c)
      .where(sql`upper(${c.code}) = ${code} and ${c.id} <> ${id}`);
    if (holder) throw new AppError('bonuses.campaign_code_taken', { field: 'code', params: { code } });
  }
  const values = {
    kind: input.kind,
    code,
    title: input.title,
    // Stored as parsed, defaults filled in, so what the engine reads is what the operator is shown.
    terms: terms as Record<string, unknown>,
    active: input.active ?? true,
    startsAt,
    endsAt,
  };
  try {
    const [existed] = await db.select({ id: c.id }).from(c).where(eq(c.id, id));
    const [campaign] = await db
      .insert(c)
      .values({ id, ...values })
      .onConflictDoUpdate({ target: c.id, set: { ...values, updatedAt: sql`now()` } })
      .returning();
    if (!campaign) throw new Error(`campaign ${id} was neither inserted nor updated`);
    return { campaign, created: !existed };
  } catch (error) {
    if (isCodeTaken(error))
      throw new AppError('bonuses.campaign_code_taken', {
        field: 'code',
        params: { code: code ?? '' },
        cause: error,
      });
    throw error;
  }
}
