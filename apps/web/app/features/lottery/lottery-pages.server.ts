import type { Currency, LotteryOverview, PlayerLottery } from '@chrysos/contract';
import { endpoints } from '@chrysos/contract/client';
import type { AppContext } from '../../lib/app-context';

/*
 * What the lottery pages show, read by their route loaders in-process as the visitor or signed-in
 * player of the request (decision 9), so it is in the server's HTML. A part that cannot be read is null
 * and the page says so, with a retry.
 */

const ok = <T>(answer: { ok: true; body: T } | { ok: false } | null): T | null =>
  answer?.ok ? answer.body : null;

/** GET /player/lottery as the session's player: their tickets and past draws; null for a visitor. */
async function readPlayerLottery(app: AppContext): Promise<PlayerLottery | null> {
  if (!app.player) return null;
  return ok(await app.api(endpoints.lottery.player, {}).catch(() => null));
}

/** /profile/lottery: the player's tickets this week and their past draws; null for a visitor. */
export async function loadLotteryTab(app: AppContext) {
  if (!app.player) return null;
  return { lottery: await readPlayerLottery(app) };
}

/**
 * /lottery: this week's draw and the past results (public), the currencies their prizes are shown in
 * (a visitor has no wallet to take them from), and a signed-in player's tickets (null for a visitor).
 */
export async function loadLotteryPage(app: AppContext): Promise<{
  overview: LotteryOverview | null;
  currencies: Currency[] | null;
  mine: PlayerLottery | null;
}> {
  const [overview, currencies, mine] = await Promise.all([
    app.api(endpoints.lottery.overview, {}).catch(() => null),
    app.api(endpoints.info.currencies, {}).catch(() => null),
    readPlayerLottery(app),
  ]);
  return { overview: ok(overview), currencies: ok(currencies), mine };
}
