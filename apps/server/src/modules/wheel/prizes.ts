import { bonusContributions, type PrizeCampaignSeed } from '../bonuses/public.ts';
import { equivalents } from '../info/public.ts';

/**
 * What each sector of the wheel pays, in the order content/{en,el}/wheelOfFortune lists the sectors
 * (the labels are the content's; these are the rules behind them). Bonus money and free spins are bonus
 * campaigns granted through the bonus engine, under the terms below and the general bonus terms; comp
 * points go to the loyalty balance; the no-win sector pays nothing. The secret sector's prize (a €50
 * bonus) is in the page's rules but never in the wheel's state: the spin that lands on it reveals it.
 */
export type SectorPrize =
  | { kind: 'freespins'; spins: number; campaign: string }
  | { kind: 'bonus'; euroCents: number; campaign: string }
  | { kind: 'comp_points'; points: number }
  | { kind: 'nothing' };

const spins = (count: number): SectorPrize => ({
  kind: 'freespins',
  spins: count,
  campaign: `wheel-spins-${count}`,
});
const bonus = (euros: number, campaign = `wheel-bonus-${euros}`): SectorPrize => ({
  kind: 'bonus',
  euroCents: euros * 100,
  campaign,
});
const points = (count: number): SectorPrize => ({ kind: 'comp_points', points: count });

export const sectorPrizes: readonly SectorPrize[] = [
  spins(10),
  bonus(5),
  points(50),
  spins(20),
  bonus(10),
  { kind: 'nothing' },
  points(100),
  spins(30),
  bonus(20),
  spins(5),
  points(200),
  bonus(50, 'wheel-secret'),
];

/** The wheel's own rules, the content's (used where the content has no wheel, as in some tests). */
export const defaultRules = {
  sectorCount: sectorPrizes.length,
  noWinSector: 5,
  secretSector: 11,
  minDepSpin: 20,
  promoCode: 'WHEEL20',
};
export type WheelRules = typeof defaultRules;

const goldenDrachma = 'chrysos-originals:golden-drachma';

/**
 * The bonus campaigns behind the sectors, in every fiat currency with a euro equivalent: bonus money
 * 35 times wagered within 14 days (€5 maximum bet), free spins of €0.20 on Golden Drachma played within
 * 7 days, their winnings 30 times wagered within 7 days; both wait 7 days to be taken up.
 */
export function prizeCampaigns(
  currencies: readonly { code: string; subunits: number }[],
): PrizeCampaignSeed[] {
  const eur = (cents: number) => equivalents(cents, currencies);
  const common = {
    eligibility: { timeZone: 'Europe/Athens' },
    limits: { perPlayer: 1, per: 'ever' as const },
    claimDays: 7,
    termsUrl: '/wheel-of-fortune',
  };
  const campaigns: PrizeCampaignSeed[] = [];
  for (const prize of sectorPrizes) {
    if (prize.kind === 'bonus') {
      const euros = prize.euroCents / 100;
      campaigns.push({
        id: prize.campaign,
        kind: 'no_deposit',
        title:
          prize.campaign === 'wheel-secret'
            ? {
                en: `Wheel of Fortune secret prize: €${euros} bonus`,
                el: `Μυστικό έπαθλο του Τροχού: μπόνους €${euros}`,
              }
            : { en: `Wheel of Fortune: €${euros} bonus`, el: `Τροχός της Τύχης: μπόνους €${euros}` },
        terms: {
          ...common,
          amount: eur(prize.euroCents),
          wagering: { multiplier: 35, on: 'bonus', days: 14 },
          maxBet: eur(5_00),
          contributions: bonusContributions,
        },
      });
    }
    if (prize.kind === 'freespins') {
      campaigns.push({
        id: prize.campaign,
        kind: 'freespins',
        title: {
          en: `Wheel of Fortune: ${prize.spins} free spins`,
          el: `Τροχός της Τύχης: ${prize.spins} δωρεάν περιστροφές`,
        },
        terms: {
          ...common,
          freespins: {
            game: goldenDrachma,
            count: prize.spins,
            batches: 1,
            everyHours: 24,
            value: eur(20),
            playDays: 7,
            wagering: { multiplier: 30, days: 7 },
          },
        },
      });
    }
  }
  return campaigns;
}
