import type { TournamentState } from '@chrysos/contract';
import type { schema } from '@chrysos/db';

export type TournamentRow = typeof schema.tournaments.$inferSelect;

/** A finished tournament stays on the finished page for 30 days, then is archived. */
const archivedAfterMs = 30 * 24 * 60 * 60 * 1000;

/** A tournament's state at `now` (the product clock): its window decides, its end job only freezes it. */
export function stateOf(tournament: Pick<TournamentRow, 'startAt' | 'endAt'>, now: Date): TournamentState {
  if (now < tournament.startAt) return 'upcoming';
  if (now < tournament.endAt) return 'active';
  if (now.getTime() - tournament.endAt.getTime() > archivedAfterMs) return 'archived';
  return 'finished';
}

/** What decides whether a player may take part. */
export interface Entrant {
  country: string | null;
  groups: readonly string[];
  currency: string;
}

/** The tournament is open to the player: their group and country allowed, a prize pool in their currency. */
export function mayEnter(tournament: TournamentRow, entrant: Entrant): boolean {
  if (tournament.groups && !tournament.groups.some((group) => entrant.groups.includes(group))) return false;
  if (tournament.countries && !(entrant.country && tournament.countries.includes(entrant.country)))
    return false;
  return tournament.prizePool[entrant.currency] !== undefined;
}

/**
 * An amount of `currency` in euro cents, at the ratio of the tournament's pools ("every €1", in any
 * currency the tournament has a pool in): the pools say what the same prize is worth in each currency.
 */
export function euroCents(tournament: TournamentRow, amount: number, currency: string): number {
  const pool = tournament.prizePool[currency];
  const euroPool = tournament.prizePool.EUR;
  if (!pool || !euroPool || currency === 'EUR') return amount;
  return Math.floor((amount * euroPool) / pool);
}

/** The prize of `place` in `currency` (minor units): its range's share of the pool, split equally in it. */
export function prizeOf(tournament: TournamentRow, place: number, currency: string): number {
  const pool = tournament.prizePool[currency] ?? 0;
  const share = tournament.prizeShares.find((range) => range.from <= place && place <= range.to);
  if (!share) return 0;
  return Math.floor((pool * share.percent) / 100 / (share.to - share.from + 1));
}

/** The number of paid places. */
export const paidPlaces = (tournament: TournamentRow): number =>
  Math.max(0, ...tournament.prizeShares.map((range) => range.to));

/** A player as a board shows them: enough to tell rows apart, nothing that identifies. */
export function maskedName(email: string): string {
  const local = email.split('@')[0] ?? '';
  return `${local.slice(0, 2)}***`;
}
