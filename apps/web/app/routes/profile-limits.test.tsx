// @vitest-environment happy-dom
import type { Exclusion, PlayerLimit, PlayerLimits } from '@chrysos/contract';
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { LimitsPageData } from '../features/compliance/limits-page.server';
import { stubAppContext } from '../testing/app-context-stub';
import { firstRender, renderRoute } from '../testing/route-stub';
import { aPlayer, aWallet } from '../testing/wallet-fixtures';
import ProfileLimitsPage, { loader } from './profile-limits';

afterEach(cleanup);

const weeklyDeposit: PlayerLimit = {
  kind: 'deposit',
  period: 'week',
  currency: 'EUR',
  amount: 5_000,
  used: 4_000,
  remaining: 1_000,
  pending_amount: 10_000,
  pending_removal: false,
  effective_at: '2026-12-01T10:00:00.000Z',
  updated_at: '2026-11-30T10:00:00.000Z',
};
const sessionLimit: PlayerLimit = {
  kind: 'session',
  period: 'session',
  currency: null,
  amount: 30,
  used: 12,
  remaining: 18,
  pending_amount: null,
  pending_removal: false,
  effective_at: null,
  updated_at: '2026-11-30T10:00:00.000Z',
};
const limits: PlayerLimits = {
  limits: [weeklyDeposit, sessionLimit],
  options: [
    { kind: 'deposit', periods: ['day', 'week', 'month'] },
    { kind: 'session', periods: ['session'] },
  ],
  offered_before_first_deposit: false,
};
const endedBreak: Exclusion = {
  id: '00000000-0000-4000-8000-0000000000e1',
  kind: 'timeout',
  period: '24h',
  source: 'player',
  state: 'ended',
  starts_at: '2026-11-01T10:00:00.000Z',
  ends_at: '2026-11-02T10:00:00.000Z',
  lift_requested_at: null,
  liftable_at: null,
  lifted_at: null,
};

const page = (data: Partial<LimitsPageData> = {}): LimitsPageData => ({
  limits,
  exclusions: [endedBreak],
  ...data,
});

describe('/profile/limits', () => {
  it('shows the limits with their usage and pending raise, and the breaks, its loader read', async () => {
    renderRoute({
      path: '/profile/limits',
      Component: ProfileLimitsPage,
      player: aPlayer(),
      wallet: aWallet({ amount_cents: 4_000 }),
      loaderData: page(),
    });
    const deposit = (await screen.findByText(/^Deposit limit · per week/, {}, firstRender)).closest('li');
    if (!deposit) throw new Error('no deposit limit item');
    expect(deposit.querySelector('[data-limit-amount]')?.textContent).toBe('€50.00');
    expect(deposit.querySelector('[data-limit-usage]')?.textContent).toBe('Used: €40.00 · Left: €10.00');
    expect(deposit.querySelector('[data-limit-pending]')?.textContent).toMatch(/^Rises to €100.00 on /);
    expect(within(deposit).getByRole('button', { name: 'Cancel the change' })).toBeTruthy();
    const session = document.querySelector('[data-limit="session-session"]');
    expect(session?.querySelector('[data-limit-amount]')?.textContent).toBe('30 min');
    const breaks = screen.getByRole('region', { name: 'Your breaks and exclusions' });
    const ended = within(breaks).getByRole('listitem');
    expect(within(ended).getByText('Ended, not lifted')).toBeTruthy();
    expect(within(ended).getByRole('button', { name: 'Lift it' })).toBeTruthy();
    expect(screen.queryByText(/Loading/)).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('says in Greek which part could not be read, each with a retry, and keeps the rest', async () => {
    renderRoute({
      path: '/el/profile/limits',
      locale: 'el',
      Component: ProfileLimitsPage,
      player: aPlayer({ language: 'el' }),
      wallet: aWallet({ amount_cents: 4_000 }),
      loaderData: page({ limits: null, exclusions: null }),
    });
    const alerts = await screen.findAllByRole('alert', {}, firstRender);
    expect(alerts.map((alert) => alert.textContent)).toEqual([
      'Δεν ήταν δυνατό να φορτωθούν τα όριά σας. Δοκιμάστε ξανά.',
      'Δεν ήταν δυνατή η φόρτωση των διαλειμμάτων και των αποκλεισμών σας.',
    ]);
    // The break and self-exclusion forms do not depend on the list.
    expect(screen.getByRole('heading', { name: 'Διάλειμμα ή αυτοαποκλεισμός' })).toBeTruthy();
    expect(document.querySelector('[data-exclusion-kind="self_exclusion"]')).not.toBeNull();
  });
});

describe('the /profile/limits loader', () => {
  it("reads the session's player's limits and exclusions through the in-process API", async () => {
    const { context, calls } = stubAppContext({
      player: aPlayer(),
      answer: ({ path }) => ({ status: 200, body: path.includes('exclusions') ? [endedBreak] : limits }),
    });
    expect(await loader({ context } as never)).toEqual({ limits, exclusions: [endedBreak] });
    expect(calls.map((call) => `${call.method} ${call.path}`).sort()).toEqual([
      'GET /player/exclusions',
      'GET /player/limits',
    ]);
  });

  it('gives a visitor nothing and asks the API nothing', async () => {
    const { context, calls } = stubAppContext({ player: null, answer: () => ({ status: 500, body: {} }) });
    expect(await loader({ context } as never)).toBeNull();
    expect(calls).toEqual([]);
  });

  it('keeps what it could read when one part fails', async () => {
    const { context } = stubAppContext({
      player: aPlayer(),
      answer: ({ path }) =>
        path.includes('exclusions') ? { status: 503, body: {} } : { status: 200, body: limits },
    });
    expect(await loader({ context } as never)).toEqual({ limits, exclusions: null });
  });
});
