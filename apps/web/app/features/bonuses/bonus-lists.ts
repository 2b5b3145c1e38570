import type { Bonus, BonusStage, Freespin, Lootbox } from '@chrysos/contract';

/**
 * The player's bonuses, free spins and lootboxes as the pages keep them (spec §3 Bonus and freespin,
 * Lootbox; §4 Bonus stages, Lootboxes), and how what the realtime channels push changes them. Pure, so
 * the rules are tested without a browser.
 */

/** A bonus or free spins as kept: `fromWs` when the last change of it arrived by realtime push (spec §3). */
export type KeptBonus = Bonus & { fromWs?: boolean };
export type KeptFreespin = Freespin & { fromWs?: boolean };

export interface BonusLists {
  bonuses: KeptBonus[];
  freespins: KeptFreespin[];
  /** Spec §4: null while loading, filled after login, empty when it could not be read. */
  lootboxes: Lootbox[] | null;
}

export const emptyLists: BonusLists = { bonuses: [], freespins: [], lootboxes: null };

/** Newest first, as the API lists them; equal times keep their order. */
const newestFirst = <T extends { created_at: string }>(items: T[]) =>
  [...items].sort((a, b) => Date.parse(b.created_at) - Date.parse(a.created_at));

/**
 * A bonus or free spins pushed on `bonuses_changes` / `freespins_changes`: it replaces the one with its
 * id (its stage, wagering and balance moved on) or joins the list, marked `fromWs`.
 */
export function applyPushed<T extends { id: string; created_at: string }>(
  list: readonly (T & { fromWs?: boolean })[],
  pushed: T,
): (T & { fromWs?: boolean })[] {
  const kept = { ...pushed, fromWs: true };
  const index = list.findIndex((item) => item.id === pushed.id);
  if (index === -1) return newestFirst([kept, ...list]);
  const next = [...list];
  next[index] = kept;
  return next;
}

/** Spec §4: a pushed lootbox is added on top, de-duplicated by id (the pushed one is the newer state). */
export function addLootbox(list: readonly Lootbox[] | null, pushed: Lootbox): Lootbox[] {
  return [pushed, ...(list ?? []).filter((lootbox) => lootbox.id !== pushed.id)];
}

/** Stages in which a bonus is running: its money is on the bonus balance. */
const running: readonly BonusStage[] = ['activated', 'handle_bets'];
/** The ends a bonus can reach (decision 21). */
export const endedStages: readonly BonusStage[] = ['canceled', 'wagered', 'expired', 'lost', 'forfeited'];

export interface BonusGroups {
  /** Activated bonuses, wagering counting, in order of activation (wagering counts them in that order). */
  active: KeptBonus[];
  /** Spec §4: handle_bets bonuses kept as a separate list (wagering complete, bets still settling). */
  handleBets: KeptBonus[];
  /** Granted and waiting for the player to activate them. */
  issued: KeptBonus[];
  /** Ended, newest end first. */
  history: KeptBonus[];
}

export function groupBonuses(bonuses: readonly KeptBonus[]): BonusGroups {
  const activatedAt = (bonus: KeptBonus) => Date.parse(bonus.activated_at ?? bonus.created_at);
  const endedAt = (bonus: KeptBonus) => Date.parse(bonus.finished_at ?? bonus.created_at);
  return {
    active: bonuses
      .filter((bonus) => bonus.stage === 'activated')
      .sort((a, b) => activatedAt(a) - activatedAt(b)),
    handleBets: bonuses.filter((bonus) => bonus.stage === 'handle_bets'),
    issued: bonuses.filter((bonus) => bonus.stage === 'issued'),
    history: bonuses
      .filter((bonus) => endedStages.includes(bonus.stage))
      .sort((a, b) => endedAt(b) - endedAt(a)),
  };
}

/** The player's running bonuses (activated or handle_bets), of one currency when named. */
export const runningBonuses = (bonuses: readonly KeptBonus[], currency?: string) =>
  bonuses.filter(
    (bonus) => running.includes(bonus.stage) && (currency === undefined || bonus.currency === currency),
  );

/** Whether the player has a running bonus (activated or handle_bets), in this currency when named. */
export const hasRunningBonus = (bonuses: readonly KeptBonus[], currency?: string) =>
  runningBonuses(bonuses, currency).length > 0;

/** Free spins still to play: issued, or activated with spins left. */
export const playableFreespins = (freespins: readonly KeptFreespin[]) =>
  freespins.filter(
    (freespin) =>
      freespin.stage === 'issued' || (freespin.stage === 'activated' && freespin.played < freespin.count),
  );

/** Spec §3 Lootbox: only issued ones count as available. */
export const availableLootboxes = (lootboxes: readonly Lootbox[] | null) =>
  (lootboxes ?? []).filter((lootbox) => lootbox.stage === 'issued');

/** Wagering progress as a share from 0 to 1 (a bonus with nothing to wager is complete). */
export function wageringShare(bonus: Pick<Bonus, 'wagering_done_cents' | 'wagering_required_cents'>): number {
  if (bonus.wagering_required_cents <= 0) return 1;
  return Math.min(1, Math.max(0, bonus.wagering_done_cents / bonus.wagering_required_cents));
}

/** Time left until `expiresAt`, in whole days, hours and minutes (never below zero). */
export function timeLeft(expiresAt: string, now: number): { days: number; hours: number; minutes: number } {
  const minutesLeft = Math.max(0, Math.floor((Date.parse(expiresAt) - now) / 60_000));
  return {
    days: Math.floor(minutesLeft / 1440),
    hours: Math.floor((minutesLeft % 1440) / 60),
    minutes: minutesLeft % 60,
  };
}
