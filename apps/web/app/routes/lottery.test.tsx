// @vitest-environment happy-dom
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { appContext } from '#app-context';
import { loadLotteryPage } from '../features/lottery/lottery-pages.server';
import { stubAppContext } from '../testing/app-context-stub';
import { someLottery, someTickets } from '../testing/panel-fixtures';
import { firstRender, renderRoute } from '../testing/route-stub';
import { aPlayer, aWallet } from '../testing/wallet-fixtures';
import Lottery from './lottery';

afterEach(cleanup);

const content = {
  title: 'Weekly lottery',
  lead: 'A ticket for every €20',
  ticketRule: 'One ticket per €20 deposited',
  drawSchedule: 'Sundays at 20:00',
  prizes: [{ place: '1st', prize: '€1,000' }],
  html: '<p>How to check a draw</p>',
};
const euro = {
  code: 'EUR',
  symbol: '€',
  subunits_to_unit: 100,
  default: true,
  fiat: true,
  subcurrencies: [],
};

/**
 * What the page's loader reads of the API for `player` (a visitor when null), each endpoint answering;
 * the content part of the loader is the content pages' (their own specs).
 */
async function readFor(player: ReturnType<typeof aPlayer> | null, mine = someTickets([8, 9])) {
  const { context, calls } = stubAppContext({
    player,
    answer: ({ path }) =>
      path === '/lottery'
        ? { status: 200, body: someLottery() }
        : path === '/player/lottery'
          ? { status: 200, body: mine }
          : { status: 200, body: [euro] },
  });
  return { read: await loadLotteryPage(context.get(appContext)), calls };
}

describe('/lottery', () => {
  it('shows a visitor the draw and past results its loader read, and asks them to sign in', async () => {
    const { read, calls } = await readFor(null);
    expect(calls.map((call) => call.path).sort()).toEqual(['/info/currencies', '/lottery']);
    expect(read.mine).toBeNull();
    renderRoute({ path: '/lottery', Component: Lottery, loaderData: { origin: '', content, ...read } });
    expect(await screen.findByText('Tickets in the draw so far: 42', {}, firstRender)).toBeTruthy();
    expect(document.querySelector('[data-winner-place="1"]')?.textContent).toContain('€1,000.00');
    expect(screen.getByText('Sign in to see your tickets.')).toBeTruthy();
    expect(document.querySelector('[data-lottery-yours]')).toBeNull();
  });

  it('shows a signed-in player their own tickets its loader read, in Greek', async () => {
    const player = aPlayer({ language: 'el' });
    const { read, calls } = await readFor(player, someTickets([8, 9]));
    expect(calls.map((call) => call.path)).toContain('/player/lottery');
    renderRoute({
      path: '/el/lottery',
      locale: 'el',
      Component: Lottery,
      player,
      wallet: aWallet({ amount_cents: 4_000 }),
      loaderData: { origin: '', content, ...read },
    });
    const yours = await screen.findByText('Λαχεία: 2 από 50', {}, firstRender);
    expect(yours.getAttribute('data-lottery-count')).toBe('2');
    expect(screen.getByText('Οι αριθμοί των λαχείων σας: 8, 9')).toBeTruthy();
  });
});
