// @vitest-environment happy-dom
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { stubAppContext } from '../testing/app-context-stub';
import { someCompPoints } from '../testing/panel-fixtures';
import { eleni, firstRender, nikos, renderForPlayer } from '../testing/route-stub';
import ProfileLoyaltyPage, { loader } from './profile-loyalty';

afterEach(cleanup);

/** The tab as its loader reads it for `player`, the comp points API answering `status` and `body`. */
async function openTab(player: typeof eleni, status: number, body: unknown) {
  const { context, calls } = stubAppContext({ player, answer: () => ({ status, body }) });
  const loaderData = await loader({ context } as never);
  renderForPlayer(player, { path: '/profile/loyalty', Component: ProfileLoyaltyPage, loaderData });
  return calls;
}

describe('/profile/loyalty', () => {
  it('gives a visitor nothing and reads nobody’s comp points', async () => {
    const { context, calls } = stubAppContext({ player: null, answer: () => ({ status: 401, body: {} }) });
    expect(await loader({ context } as never)).toBeNull();
    expect(calls).toEqual([]);
  });

  it('shows the comp points its loader read, with the exchange, and nothing loading', async () => {
    const calls = await openTab(eleni, 200, someCompPoints({ points: 1_200, collected: 1_200 }));
    expect(calls.map((call) => `${call.method} ${call.path}`)).toEqual(['GET /player/comp_points']);
    const points = await screen.findByText('1,200', {}, firstRender);
    expect(points.getAttribute('data-comp-points')).toBe('1200');
    expect(screen.getByText('Level: Bronze')).toBeTruthy();
    expect(screen.getByText('Your points are worth €1.20 now.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Exchange' })).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('shows another player their own points, in Greek', async () => {
    await openTab(nikos, 200, someCompPoints({ points: 300, collected: 300 }));
    const points = await screen.findByText('300', {}, firstRender);
    expect(points.getAttribute('data-comp-points')).toBe('300');
    expect(screen.getByText('Επίπεδο: Bronze')).toBeTruthy();
    expect(screen.queryByText('1.200')).toBeNull();
  });

  it('says in Greek when the comp points could not be read, with a retry', async () => {
    await openTab(nikos, 503, { errors: [] });
    const alert = await screen.findByRole('alert', {}, firstRender);
    expect(alert.textContent).toContain('Δοκιμάστε ξανά');
    expect(document.querySelector('[data-comp-points]')).toBeNull();
  });
});
