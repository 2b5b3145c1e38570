import type { Account, Currency, Game, Tournament } from '@chrysos/contract';
import { endpoints } from '@chrysos/contract/client';
import type { Locale } from '@chrysos/rules';
import type { AppContext } from '../../lib/app-context';
import { loadRecentGames } from '../games/games-api.server';

/** What the home page shows a signed-in player in place of the visitor's sign-up hero. */
export interface PlayerHomeData {
  firstName: string | null;
  /** The active account; null when the wallet could not be read. */
  account: Account | null;
  /** The active account's currency, so the amount is shown in its own format on the server too. */
  currency: Currency | null;
  /** Bonuses and free spins granted and waiting for the player to take them. */
  waitingBonuses: number;
  /** Recently played games, newest first: "continue playing". */
  recent: Game[];
  /** The running tournament most worth showing: one the player is in, else the one ending first. */
  tournament: Tournament | null;
}

const ok = <T>(answer: { ok: true; body: T } | { ok: false } | null): T | null =>
  answer?.ok ? answer.body : null;

/** The player's part of the home page, read in-process as the player (decision 9); null for a visitor. */
export async function loadPlayerHome(app: AppContext, locale: Locale): Promise<PlayerHomeData | null> {
  if (!app.player) return null;
  const [accounts, currencies, bonuses, freespins, recent, tournaments] = await Promise.all([
    app.api(endpoints.wallet.accounts, {}).catch(() => null),
    app.api(endpoints.info.currencies, {}).catch(() => null),
    app.api(endpoints.bonuses.list, {}).catch(() => null),
    app.api(endpoints.freespins.list, {}).catch(() => null),
    loadRecentGames(app, locale),
    app.api(endpoints.tournaments.list, {}).catch(() => null),
  ]);
  const account = ok(accounts)?.find((entry) => entry.active) ?? null;
  const running = (ok(tournaments) ?? []).filter((entry) => entry.state === 'active');
  const joined = running.filter((entry) => entry.status?.confirmed);
  const endingFirst = (list: Tournament[]) =>
    [...list].sort((a, b) => Date.parse(a.end_at) - Date.parse(b.end_at))[0] ?? null;
  return {
    firstName: app.player.first_name,
    account,
    currency: ok(currencies)?.find((entry) => entry.code === account?.currency) ?? null,
    waitingBonuses:
      (ok(bonuses) ?? []).filter((bonus) => bonus.stage === 'issued').length +
      (ok(freespins) ?? []).filter((freespin) => freespin.stage === 'issued').length,
    recent,
    tournament: endingFirst(joined) ?? endingFirst(running),
  };
}
