import { type Db, schema } from '@chrysos/db';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { EventBus } from '../../platform/events.ts';
import {
  bonusContributions,
  ensureDepositCampaign,
  ensurePrizeCampaigns,
  grantPrizeCampaign,
  type PrizeCampaignSeed,
} from '../bonuses/public.ts';
import { currenciesFacts, equivalents, euroEquivalentIn } from '../info/public.ts';
import { playersBornOn } from '../player/public.ts';
import type { Wallet } from '../wallet/public.ts';
import { activeCurrency, realMoneyLoss } from '../wallet/public.ts';
import type { LevelId } from './levels.ts';

/*
 * The level benefits that are bonuses (content/loyalty), granted through the bonus engine: birthday
 * free spins (every level), weekly free spins (Silver and up, more the higher the level), a weekly
 * reload deposit bonus (Gold and up, offered in the cashier to the level groups) and a monthly cashback
 * on the last month's real-money losses (Platinum and up). Each is granted once per player and period
 * (loyalty_benefit_grants), whenever the hourly job meets a player due one, so a missed hour or a
 * second instance grants nothing twice. The other benefits (priority support, account manager,
 * withdrawals) are the operator's service and are only listed.
 */

const game = 'chrysos-originals:golden-drachma';
const timeZone = 'Europe/Athens';

/** Weekly free spins per level (none at Bronze). */
export const weeklySpins: Partial<Record<LevelId, number>> = {
  silver: 10,
  gold: 20,
  platinum: 30,
  diamond: 50,
  chrysos: 100,
};
/** Monthly cashback on net real-money losses, percent (Platinum and up). */
export const cashbackPercent: Partial<Record<LevelId, number>> = { platinum: 5, diamond: 7, chrysos: 10 };
/** The smallest cashback paid, euro cents (or the equivalent). */
const cashbackMinimumEuroCents = 100;
export const birthdaySpins = 20;
export const reloadCampaignId = 'loyalty-weekly-reload';
export const reloadCode = 'LOYALRELOAD';
const reloadLevels: readonly LevelId[] = ['gold', 'platinum', 'diamond', 'chrysos'];

type Currencies = readonly { code: string; subunits: number }[];

const spins = (count: number, currencies: Currencies) => ({
  game,
  count,
  batches: 1,
  everyHours: 24,
  value: equivalents(20, currencies),
  playDays: 7,
  wagering: { multiplier: 30, days: 7 },
});

/** The loyalty programme's prize campaigns (no code: only the programme grants them). */
export function benefitCampaigns(currencies: Currencies): PrizeCampaignSeed[] {
  const base = {
    eligibility: { timeZone },
    contributions: bonusContributions,
    limits: { perPlayer: 1, per: 'ever' as const },
    claimDays: 7,
    termsUrl: '/loyalty',
  };
  return [
    {
      id: 'loyalty-birthday-spins',
      kind: 'freespins',
      title: { en: 'Happy birthday: 20 free spins', el: 'Χρόνια πολλά: 20 δωρεάν περιστροφές' },
      terms: { ...base, freespins: spins(birthdaySpins, currencies) },
    },
    ...Object.entries(weeklySpins).map(
      ([level, count]): PrizeCampaignSeed => ({
        id: `loyalty-weekly-spins-${level}`,
        kind: 'freespins',
        title: {
          en: `Weekly free spins: ${count} spins`,
          el: `Εβδομαδιαίες δωρεάν περιστροφές: ${count} περιστροφές`,
        },
        terms: { ...base, freespins: spins(count ?? 0, currencies) },
      }),
    ),
    {
      id: 'loyalty-monthly-cashback',
      kind: 'no_deposit',
      title: { en: 'Monthly cashback', el: 'Μηνιαία επιστροφή χρημάτων' },
      terms: { ...base, wagering: { multiplier: 1, on: 'bonus', days: 14 }, claimDays: 14 },
    },
  ];
}

/**
 * Seeds the campaigns when missing (an operator's later edits are kept): the prize campaigns, and the
 * weekly reload, a deposit bonus the cashier offers to the Gold-and-up level groups once a week.
 */
export async function ensureBenefitCampaigns(db: Db): Promise<void> {
  const currencies = await currenciesFacts(db, { fiat: true });
  await ensurePrizeCampaigns(db, benefitCampaigns(currencies));
  await ensureDepositCampaign(db, {
    id: reloadCampaignId,
    code: reloadCode,
    title: { en: 'Loyalty weekly reload', el: 'Εβδομαδιαία επαναφόρτιση επιβράβευσης' },
    terms: {
      eligibility: {
        timeZone,
        groups: reloadLevels.map((level) => `loyalty_${level}`),
      },
      match: {
        percent: 25,
        max: equivalents(100_00, currencies),
        minDeposit: equivalents(20_00, currencies),
      },
      wagering: { multiplier: 30, on: 'bonus', days: 14 },
      maxBet: equivalents(5_00, currencies),
      contributions: bonusContributions,
      limits: { perPlayer: 1, per: 'week' },
      claimDays: 3,
      termsUrl: '/loyalty',
    },
  });
}

export interface BenefitDeps {
  wallet: Wallet;
  events: Pick<EventBus, 'publish'>;
}

/** `now` in Athens as the periods count it: the day and month, the ISO week and the last month. */
export function periodsAt(now: Date) {
  const [year, month, day] = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  })
    .format(now)
    .split('-')
    .map(Number) as [number, number, number];
  const date = new Date(Date.UTC(year, month - 1, day));
  const weekday = date.getUTCDay() || 7;
  date.setUTCDate(date.getUTCDate() + 4 - weekday);
  const isoYear = date.getUTCFullYear();
  const week = Math.ceil(((date.getTime() - Date.UTC(isoYear, 0, 1)) / 86_400_000 + 1) / 7);
  const lastMonth = month === 1 ? { year: year - 1, month: 12 } : { year, month: month - 1 };
  const pad = (n: number) => String(n).padStart(2, '0');
  return {
    birthday: { day, month },
    year: String(year),
    week: `${isoYear}-W${pad(week)}`,
    lastMonth: `${lastMonth.year}-${pad(lastMonth.month)}`,
  };
}

/** Records a benefit for a period; false when the player already had it (another run granted it). */
async function claim(tx: Db, playerId: string, benefit: string, period: string, now: Date): Promise<boolean> {
  const claimed = await tx
    .insert(schema.loyaltyBenefitGrants)
    .values({ playerId, benefit, period, grantedAt: now })
    .onConflictDoNothing()
    .returning({ playerId: schema.loyaltyBenefitGrants.playerId });
  return claimed.length > 0;
}

/** The `loyalty.benefits` job: every benefit due at `now` granted once. Answers how many were granted. */
export async function grantBenefits(db: Db, deps: BenefitDeps, now: Date): Promise<number> {
  const periods = periodsAt(now);
  let granted = 0;
  const grant = async (
    playerId: string,
    benefit: string,
    period: string,
    campaignId: string,
    amount?: (tx: Db, currency: string) => Promise<number | null>,
  ) => {
    await db.transaction(async (tx) => {
      if (!(await claim(tx, playerId, benefit, period, now))) return;
      const currency = await activeCurrency(tx, playerId);
      const value = amount ? await amount(tx, currency) : undefined;
      // Nothing to give (no losses worth a cashback): the period is still spent.
      if (value === null) return;
      await grantPrizeCampaign(tx, deps, {
        playerId,
        currency,
        campaignId,
        source: `loyalty:${benefit}:${period}`,
        now,
        ...(value === undefined ? {} : { amount: value }),
      });
      granted++;
    });
  };

  const born = await playersBornOn(db, periods.birthday.day, periods.birthday.month);
  for (const id of await notYetGranted(db, born, 'birthday', periods.year)) {
    await grant(id, 'birthday', periods.year, 'loyalty-birthday-spins');
  }

  const weekly = await due(db, Object.keys(weeklySpins), 'weekly_spins', periods.week);
  for (const { playerId, level } of weekly)
    await grant(playerId, 'weekly_spins', periods.week, `loyalty-weekly-spins-${level}`);

  const cashback = await due(db, Object.keys(cashbackPercent), 'monthly_cashback', periods.lastMonth);
  for (const { playerId, level } of cashback) {
    const percent = cashbackPercent[level as LevelId] ?? 0;
    await grant(
      playerId,
      'monthly_cashback',
      periods.lastMonth,
      'loyalty-monthly-cashback',
      async (tx, currency) => {
        const lost = await lossesLastMonth(tx, playerId, currency, now);
        const amount = Math.floor((lost * percent) / 100);
        const minimum = await euroEquivalentIn(tx, cashbackMinimumEuroCents, currency);
        return minimum !== undefined && amount >= minimum ? amount : null;
      },
    );
  }
  return granted;
}

/** Players at these levels who have not had `benefit` for `period`. */
/** Of `playerIds`, those not yet granted `benefit` for `period`. */
async function notYetGranted(db: Db, playerIds: string[], benefit: string, period: string) {
  if (playerIds.length === 0) return [];
  const g = schema.loyaltyBenefitGrants;
  const granted = await db
    .select({ playerId: g.playerId })
    .from(g)
    .where(and(inArray(g.playerId, playerIds), eq(g.benefit, benefit), eq(g.period, period)));
  const done = new Set(granted.map((row) => row.playerId));
  return playerIds.filter((id) => !done.has(id));
}

async function due(db: Db, levels: readonly string[], benefit: string, period: string) {
  const { rows } = (await db.execute(sql`
    select b.player_id, b.level from comp_point_balances b
    where b.level = any(${`{${levels.join(',')}}`}::text[])
      and not exists (select 1 from loyalty_benefit_grants g
        where g.player_id = b.player_id and g.benefit = ${benefit} and g.period = ${period})`)) as unknown as {
    rows: { player_id: string; level: string }[];
  };
  return rows.map((row) => ({ playerId: row.player_id, level: row.level }));
}

/**
 * A player's net real-money loss in a currency over the calendar month before `now` (Athens time):
 * real money staked less real money won and given back by rollbacks; zero when they won.
 */
export async function lossesLastMonth(
  tx: Db,
  playerId: string,
  currency: string,
  now: Date,
): Promise<number> {
  const { rows } = (await tx.execute(sql`
    select (date_trunc('month', ${now.toISOString()}::timestamptz at time zone ${timeZone}) - interval '1 month')
             at time zone ${timeZone} as starts,
           date_trunc('month', ${now.toISOString()}::timestamptz at time zone ${timeZone}) at time zone ${timeZone} as ends`)) as unknown as {
    rows: { starts: string | Date; ends: string | Date }[];
  };
  const month = rows[0];
  if (!month) throw new Error('no month bounds');
  return realMoneyLoss(tx, { playerId, currency, from: new Date(month.starts), to: new Date(month.ends) });
}
