import type { LotteryPrize } from '@chrysos/contract';

/** The lottery page's rule and prizes (content/{en,el}/lottery). */
export const ticketEuroCents = 20_00;
export const maxTicketsPerWeek = 50;
export const freespinsPrize = 50;

export const prizes: readonly LotteryPrize[] = [
  { place: 1, kind: 'cash', euro_cents: 1_000_00, spins: null },
  { place: 2, kind: 'cash', euro_cents: 500_00, spins: null },
  { place: 3, kind: 'cash', euro_cents: 250_00, spins: null },
  ...[4, 5, 6, 7, 8, 9, 10].map((place) => ({
    place,
    kind: 'freespins' as const,
    euro_cents: null,
    spins: freespinsPrize,
  })),
];

export function prizeOf(place: number): LotteryPrize {
  const prize = prizes[place - 1];
  if (!prize) throw new Error(`no lottery prize for place ${place}`);
  return prize;
}
