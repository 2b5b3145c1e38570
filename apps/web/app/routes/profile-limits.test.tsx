// @vitest-environment happy-dom
import type { Exclusion, PlayerLimit, PlayerLimits } from '@chrysos/contract';
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { LimitsPageData } from '../features/compliance/limits-page.server';
import { formPost, stubAppContext } from '../testing/app-context-stub';
import { firstRender, renderRoute } from '../testing/route-stub';
import { aPlayer, aWallet, euro } from '../testing/wallet-fixtures';
import ProfileLimitsPage, { action, loader } from './profile-limits';

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

describe('the /profile/limits action', () => {
  /** The action's answer to `fields` posted to the page as `player`, the API answering `answer`. */
  async function post(
    player: ReturnType<typeof aPlayer>,
    fields: Record<string, string>,
    answer: (path: string) => { status: number; body: unknown } = (path) =>
      path === '/info/currencies' ? { status: 200, body: [euro] } : { status: 200, body: weeklyDeposit },
  ) {
    const { context, calls } = stubAppContext({ player, answer: ({ path }) => answer(path) });
    const request = formPost('/profile/limits', fields);
    // React Router's data(): the answer and its status; a plain object answers 200.
    const result = (await action({ request, context } as never)) as {
      type?: string;
      data?: unknown;
      init?: { status?: number } | null;
    };
    const settled =
      result.type === 'DataWithResponseInit'
        ? { status: result.init?.status ?? 200, body: result.data }
        : { status: 200, body: result };
    return { ...settled, calls: calls.filter((call) => call.path !== '/info/currencies') };
  }

  it("sets each player's limit as they typed it: in the display unit the browser read, or the currency's", async () => {
    // Eleni's browser read "0.5" in mBTC as 50,000 satoshi; Nikos posted without JavaScript, "50" euros.
    const eleni = await post(aPlayer(), {
      intent: 'set',
      kind: 'loss',
      period: 'day',
      currency: 'BTC',
      amount: '0.5',
      amount_minor: '50000',
    });
    const nikos = await post(aPlayer({ id: '00000000-0000-4000-8000-000000000002', language: 'el' }), {
      intent: 'set',
      kind: 'deposit',
      period: 'week',
      currency: 'EUR',
      amount: '50',
    });
    expect(eleni.calls.map((call) => call.request.body)).toEqual([
      { kind: 'loss', period: 'day', amount: 50_000, currency: 'BTC' },
    ]);
    expect(nikos.calls.map((call) => call.request.body)).toEqual([
      { kind: 'deposit', period: 'week', amount: 5_000, currency: 'EUR' },
    ]);
    expect(nikos.body).toEqual({ intent: 'set', ok: true, limit: weeklyDeposit });
  });

  it('removes a limit or drops its pending change, naming it by kind, period and currency', async () => {
    const removed = await post(aPlayer(), {
      intent: 'remove',
      kind: 'deposit',
      period: 'week',
      currency: 'EUR',
    });
    const cancelled = await post(aPlayer(), { intent: 'cancel', kind: 'session', period: 'session' });
    expect(removed.calls.map((call) => [call.method, call.path, call.request])).toEqual([
      [
        'DELETE',
        '/player/limits/:kind/:period',
        { params: { kind: 'deposit', period: 'week' }, query: { currency: 'EUR' } },
      ],
    ]);
    expect(cancelled.calls.map((call) => [call.method, call.path, call.request])).toEqual([
      [
        'DELETE',
        '/player/limits/:kind/:period/pending',
        { params: { kind: 'session', period: 'session' }, query: {} },
      ],
    ]);
  });

  it("refuses a form it cannot read with a 422, asking the API nothing, and passes the API's refusal on", async () => {
    const garbage = await post(aPlayer(), { intent: 'drop-all', kind: 'deposit', period: 'week' });
    expect(garbage.status).toBe(422);
    expect(garbage.calls).toEqual([]);
    const unreadable = await post(aPlayer(), {
      intent: 'set',
      kind: 'session',
      period: 'session',
      amount: 'soon',
    });
    expect(unreadable).toMatchObject({
      status: 422,
      body: { ok: false, field: 'invalidMinutes' },
      calls: [],
    });

    const problem = { errors: { amount: ['limit_raise_pending'] } };
    const refused = await post(
      aPlayer(),
      { intent: 'set', kind: 'deposit', period: 'week', currency: 'EUR', amount_minor: '9000' },
      (path) =>
        path === '/info/currencies' ? { status: 200, body: [euro] } : { status: 422, body: problem },
    );
    expect(refused.status).toBe(422);
    expect(refused.body).toMatchObject({ intent: 'set', ok: false, refusal: { status: 422, body: problem } });
  });
});

describe('the /profile/limits action for breaks and exclusions', () => {
  const taken: Exclusion = {
    ...endedBreak,
    state: 'active',
    starts_at: '2026-12-01T10:00:00.000Z',
    ends_at: '2026-12-02T10:00:00.000Z',
  };

  async function post(
    player: ReturnType<typeof aPlayer>,
    fields: Record<string, string>,
    answer: { status: number; body: unknown } = { status: 201, body: taken },
    path = '/profile/limits',
  ) {
    const { context, calls } = stubAppContext({ player, answer: () => answer });
    const request = formPost(path, fields);
    const result = (await action({ request, context } as never)) as
      | Response
      | { type?: string; data?: unknown; init?: { status?: number } | null };
    return { result, calls };
  }

  it('asks to confirm a break posted without its confirmation, and asks the API nothing', async () => {
    const { result, calls } = await post(aPlayer(), { intent: 'exclude', kind: 'timeout', period: '24h' });
    expect(result).toEqual({ intent: 'exclude', ok: false, confirm: { kind: 'timeout', period: '24h' } });
    expect(calls).toEqual([]);
  });

  it('takes the confirmed break and reloads onto the sign-in page in the page’s language, for each player', async () => {
    const eleni = await post(aPlayer(), {
      intent: 'exclude',
      kind: 'timeout',
      period: '24h',
      confirmed: 'yes',
    });
    const nikos = await post(
      aPlayer({ id: '00000000-0000-4000-8000-000000000002', language: 'el' }),
      { intent: 'exclude', kind: 'self_exclusion', period: 'permanent', confirmed: 'yes' },
      { status: 201, body: { ...taken, kind: 'self_exclusion', period: 'permanent', ends_at: null } },
      '/el/profile/limits',
    );
    expect(eleni.calls.map((call) => call.request.body)).toEqual([{ kind: 'timeout', period: '24h' }]);
    expect(nikos.calls.map((call) => call.request.body)).toEqual([
      { kind: 'self_exclusion', period: 'permanent' },
    ]);
    // A document reload (no client-side navigation): nothing of the signed-in page outlives the session.
    for (const [{ result }, location] of [
      [eleni, '/users/sign_in?excluded=2026-12-02T10%3A00%3A00.000Z&kind=timeout'],
      [nikos, '/el/users/sign_in?excluded=permanent&kind=self_exclusion'],
    ] as const) {
      if (!(result instanceof Response)) throw new Error('no redirect');
      expect(result.status).toBe(302);
      expect(result.headers.get('location')).toBe(location);
      expect(result.headers.get('x-remix-reload-document')).toBe('true');
    }
  });

  it('asks to lift an ended break by its id, and passes a refusal on with its status', async () => {
    const lifted = await post(
      aPlayer(),
      { intent: 'lift', id: endedBreak.id },
      { status: 200, body: { ...endedBreak, state: 'cooling_off' } },
    );
    expect(lifted.calls.map((call) => [call.method, call.path, call.request])).toEqual([
      ['POST', '/player/exclusions/:id/lift', { params: { id: endedBreak.id } }],
    ]);
    expect(lifted.result).toMatchObject({ intent: 'lift', ok: true, exclusion: { state: 'cooling_off' } });

    const problem = { errors: { base: ['cooling_off'] } };
    const early = await post(
      aPlayer(),
      { intent: 'lift', id: endedBreak.id },
      { status: 409, body: problem },
    );
    expect(early.result).toMatchObject({
      data: { intent: 'lift', ok: false, refusal: { status: 409, body: problem } },
      init: { status: 409 },
    });
  });

  it('refuses a kind, period or id the page never sends with a 422, asking the API nothing', async () => {
    const unsent: Record<string, string>[] = [
      { intent: 'exclude', kind: 'forever', period: '24h', confirmed: 'yes' },
      { intent: 'exclude', kind: 'timeout', period: '3d', confirmed: 'yes' },
      { intent: 'lift', id: 'not-an-id' },
    ];
    for (const fields of unsent) {
      const { result, calls } = await post(aPlayer(), fields);
      expect(result).toMatchObject({ init: { status: 422 } });
      expect(calls).toEqual([]);
    }
  });
});
