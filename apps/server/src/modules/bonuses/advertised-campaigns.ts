import { type Db, schema } from '@chrysos/db';
import { currenciesFacts, equivalents } from '../info/public.ts';
import type { CampaignTerms } from './terms.ts';

/** Slots count in full; table games and dice 10 % (the promotion pages' "Good to know", the bonus terms). */
export const contributions: NonNullable<CampaignTerms['contributions']> = {
  categories: { slots: 100, 'classic-slots': 100, table: 10, roulette: 10, blackjack: 10, dice: 10 },
  games: {},
  other: 10,
};

const goldenDrachma = 'chrysos-originals:golden-drachma';

/**
 * The campaigns the site advertises, with the exact terms of content/{en,el}/promotions, in every
 * offered fiat currency ("€20 or the equivalent"), plus the coupon and lootbox the bonus tab offers.
 * Seeded on start when missing: an operator's later change to a campaign is kept.
 */
export function advertisedCampaigns(currencies: readonly { code: string; subunits: number }[]) {
  const eur = (cents: number) => equivalents(cents, currencies);
  const campaigns: {
    id: string;
    kind: 'deposit' | 'no_deposit' | 'freespins' | 'lootbox';
    code: string | null;
    title: { en: string; el: string };
    terms: CampaignTerms;
  }[] = [
    {
      id: 'welcome-package',
      kind: 'deposit',
      code: 'WELCOME',
      title: { en: 'Welcome package', el: 'Πακέτο καλωσορίσματος' },
      terms: {
        eligibility: { depositNumber: 1, timeZone: 'Europe/Athens' },
        match: { percent: 100, max: eur(500_00), minDeposit: eur(20_00) },
        wagering: { multiplier: 35, on: 'bonus', days: 30 },
        maxBet: eur(5_00),
        contributions,
        freespins: {
          game: goldenDrachma,
          count: 20,
          batches: 5,
          everyHours: 24,
          value: eur(20),
          playDays: 7,
          wagering: { multiplier: 30, days: 7 },
        },
        limits: { perPlayer: 1, per: 'ever' },
        claimDays: 30,
        termsUrl: '/promotions/welcome-package',
      },
    },
    {
      id: 'weekend-reload',
      kind: 'deposit',
      code: 'RELOAD',
      title: { en: 'Weekend reload', el: 'Επαναφόρτιση Σαββατοκύριακου' },
      terms: {
        eligibility: { afterDeposits: 1, weekdays: [5, 6, 7], timeZone: 'Europe/Athens' },
        match: { percent: 50, max: eur(200_00), minDeposit: eur(30_00) },
        wagering: { multiplier: 30, on: 'bonus', days: 14 },
        maxBet: eur(5_00),
        contributions,
        limits: { perPlayer: 1, per: 'week' },
        claimDays: 3,
        termsUrl: '/promotions/weekend-reload',
      },
    },
    {
      id: 'drachma-spins-coupon',
      kind: 'freespins',
      code: 'DRACHMA10',
      title: { en: '10 free spins on Golden Drachma', el: '10 δωρεάν περιστροφές στη Χρυσή Δραχμή' },
      terms: {
        eligibility: { timeZone: 'Europe/Athens' },
        freespins: {
          game: goldenDrachma,
          count: 10,
          batches: 1,
          everyHours: 24,
          value: eur(20),
          playDays: 7,
          wagering: { multiplier: 30, days: 7 },
          winCap: eur(100_00),
        },
        limits: { perPlayer: 1, per: 'ever' },
        claimDays: 30,
        termsUrl: '/promotions',
      },
    },
    {
      id: 'olympus-chest',
      kind: 'lootbox',
      code: 'OLYMPUS',
      title: { en: 'Chest of Olympus', el: 'Σεντούκι του Ολύμπου' },
      terms: {
        eligibility: { timeZone: 'Europe/Athens' },
        wagering: { multiplier: 30, on: 'bonus', days: 14 },
        maxBet: eur(5_00),
        contributions,
        lootbox: {
          prizes: [
            { weight: 50, kind: 'bonus', title: { en: '€2 bonus', el: 'Μπόνους 2 €' }, amount: eur(2_00) },
            { weight: 25, kind: 'bonus', title: { en: '€5 bonus', el: 'Μπόνους 5 €' }, amount: eur(5_00) },
            {
              weight: 20,
              kind: 'freespins',
              title: { en: '10 free spins', el: '10 δωρεάν περιστροφές' },
              freespins: {
                game: goldenDrachma,
                count: 10,
                batches: 1,
                everyHours: 24,
                value: eur(20),
                playDays: 7,
                wagering: { multiplier: 30, days: 7 },
              },
            },
            { weight: 5, kind: 'bonus', title: { en: '€20 bonus', el: 'Μπόνους 20 €' }, amount: eur(20_00) },
          ],
        },
        limits: { perPlayer: 1, per: 'ever' },
        claimDays: 30,
        termsUrl: '/promotions',
      },
    },
  ];
  return campaigns;
}

/** Inserts the advertised campaigns that are missing (an operator's edits to existing ones stay). */
export async function seedAdvertisedCampaigns(db: Db): Promise<void> {
  const rows = advertisedCampaigns(await currenciesFacts(db, { fiat: true }));
  await db.insert(schema.bonusCampaigns).values(rows).onConflictDoNothing();
}
