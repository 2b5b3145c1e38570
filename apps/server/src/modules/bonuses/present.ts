import type { Bonus, Freespin, Lootbox } from '@chrysos/contract';
import type { schema } from '@chrysos/db';
import type { Locale } from '@chrysos/rules';
import type { CampaignTerms } from './terms.ts';

type BonusRow = typeof schema.playerBonuses.$inferSelect;
type FreespinsRow = typeof schema.playerFreespins.$inferSelect;
type LootboxRow = typeof schema.playerLootboxes.$inferSelect;
type Title = { en: string; el: string };

const winningsOf: Title = { en: 'Free-spin winnings', el: 'Κέρδη δωρεάν περιστροφών' };

/** A bonus as the API and its pushes show it (spec §3); `balance` is its money on the bonus balance now. */
export function presentBonus(row: BonusRow, campaign: Title, language: Locale, balance: number): Bonus {
  const running = row.stage === 'activated' || row.stage === 'handle_bets';
  return {
    id: row.id,
    title:
      row.kind === 'freespin_winnings'
        ? `${winningsOf[language]}: ${campaign[language]}`
        : campaign[language],
    stage: row.stage as Bonus['stage'],
    created_at: row.createdAt.toISOString(),
    campaign: row.campaignId,
    kind: row.kind,
    currency: row.currency,
    amount_cents: row.amount,
    balance_cents: running ? balance : 0,
    wagering_required_cents: row.wageringRequired,
    wagering_done_cents: Math.min(row.wageringDone, row.wageringRequired),
    max_bet_cents: row.maxBet,
    contributions: Object.entries(row.contributions.categories).map(([category, percent]) => ({
      category,
      percent,
    })),
    other_percent: row.contributions.other,
    wager_days: row.wagerDays,
    expires_at: row.expiresAt?.toISOString() ?? null,
    activated_at: row.activatedAt?.toISOString() ?? null,
    finished_at: row.finishedAt?.toISOString() ?? null,
  };
}

export function presentFreespins(
  row: FreespinsRow,
  campaign: Title,
  game: { title: Title } | undefined,
  language: Locale,
): Freespin {
  return {
    id: row.id,
    title: campaign[language],
    stage: row.stage as Freespin['stage'],
    created_at: row.availableAt.toISOString(),
    campaign: row.campaignId,
    game: { identifier: row.gameIdentifier, title: game?.title[language] ?? row.gameIdentifier },
    currency: row.currency,
    count: row.count,
    played: row.played,
    value_cents: row.value,
    win_cents: row.win,
    expires_at: row.expiresAt.toISOString(),
  };
}

export function presentLootbox(
  row: LootboxRow,
  campaign: Title,
  terms: CampaignTerms,
  language: Locale,
): Lootbox {
  const opened = row.stage === 'opened';
  const prize = row.prize as (Lootbox['prize'] & { title: Title | string }) | null;
  return {
    id: row.id,
    title: campaign[language],
    stage: row.stage as Lootbox['stage'],
    created_at: row.createdAt.toISOString(),
    campaign: row.campaignId,
    server_seed_hash: row.serverSeedHash,
    server_seed: opened ? row.serverSeed : null,
    client_seed: row.clientSeed,
    prizes: (terms.lootbox?.prizes ?? []).map((p) => ({ title: p.title[language], weight: p.weight })),
    prize: prize
      ? { ...prize, title: typeof prize.title === 'string' ? prize.title : prize.title[language] }
      : null,
  };
}
