// @vitest-environment happy-dom
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { stubAppContext } from '../testing/app-context-stub';
import { someTickets } from '../testing/panel-fixtures';
import { eleni, firstRender, nikos, renderForPlayer } from '../testing/route-stub';
import ProfileLotteryPage, { loader } from './profile-lottery';

afterEach(cleanup);

/** The tab as its loader reads it for `player`, the lottery API answering `status` and `body`. */
async function openTab(player: typeof eleni, status: number, body: unknown) {
  const { context, calls } = stubAppContext({ player, answer: () => ({ status, body }) });
  const loaderData = await loader({ context } as never);
  renderForPlayer(player, { path: '/profile/lottery', Component: ProfileLotteryPage, loaderData });
  return calls;
}

const ticketsShown = () => [...document.querySelectorAll('[data-ticket]')].map((li) => li.textContent);

describe('/profile/lottery', () => {
  it('gives a visitor nothing and reads nobody’s tickets', async () => {
    const { context, calls } = stubAppContext({ player: null, answer: () => ({ status: 401, body: {} }) });
    expect(await loader({ context } as never)).toBeNull();
    expect(calls).toEqual([]);
  });

  it('shows the tickets and past draws its loader read', async () => {
    const calls = await openTab(eleni, 200, someTickets([3, 17], 5_000));
    expect(calls.map((call) => `${call.method} ${call.path}`)).toEqual(['GET /player/lottery']);
    expect(await screen.findByText('Tickets: 2 of 50', {}, firstRender)).toBeTruthy();
    expect(ticketsShown()).toEqual(['3', '17']);
    expect(screen.getByText('Deposit €10.00 more for your next ticket.')).toBeTruthy();
    expect(document.querySelectorAll('[data-history-draw]')).toHaveLength(1);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('shows another player their own tickets, in Greek', async () => {
    await openTab(nikos, 200, someTickets([41]));
    expect(await screen.findByText('Λαχεία: 1 από 50', {}, firstRender)).toBeTruthy();
    expect(ticketsShown()).toEqual(['41']);
  });

  it('says in Greek when the tickets could not be read, with a retry', async () => {
    await openTab(nikos, 503, { errors: [] });
    const alert = await screen.findByRole('alert', {}, firstRender);
    expect(alert.textContent).toContain('Δεν μπορέσαμε να φορτώσουμε τη λαχειοφόρο');
    expect(screen.getByRole('button', { name: 'Δοκιμάστε ξανά' })).toBeTruthy();
  });
});
