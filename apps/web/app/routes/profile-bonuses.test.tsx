// @vitest-environment happy-dom
import type { Bonus, Freespin, Lootbox } from '@chrysos/contract';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { BonusesPageData } from '../features/bonuses/bonus-pages.server';
import { type ApiCall, formPost, stubAppContext } from '../testing/app-context-stub';
import { firstRender, renderRoute } from '../testing/route-stub';
import { aPlayer, aWallet } from '../testing/wallet-fixtures';
import ProfileBonusesPage, { action, loader } from './profile-bonuses';

afterEach(cleanup);

const running: Bonus = {
  id: '00000000-0000-4000-8000-0000000000b1',
  title: 'Welcome package',
  stage: 'activated',
  created_at: '2026-11-20T10:00:00Z',
  campaign: 'welcome-package',
  kind: 'deposit',
  currency: 'EUR',
  amount_cents: 10_000,
  balance_cents: 8_000,
  wagering_required_cents: 350_000,
  wagering_done_cents: 70_000,
  max_bet_cents: 500,
  contributions: [{ category: 'slots', percent: 100 }],
  other_percent: 10,
  wager_days: 30,
  expires_at: null,
  activated_at: '2026-11-20T10:00:00Z',
  finished_at: null,
};
const waiting: Bonus = {
  ...running,
  id: '00000000-0000-4000-8000-0000000000b2',
  title: 'Weekend reload',
  stage: 'issued',
  balance_cents: 0,
  wagering_done_cents: 0,
  activated_at: null,
};
const spins: Freespin = {
  id: '00000000-0000-4000-8000-0000000000c1',
  title: 'Drachma spins',
  stage: 'issued',
  created_at: '2026-11-21T10:00:00Z',
  campaign: 'welcome-package',
  game: { identifier: 'chrysos/golden-drachma', title: 'Golden Drachma' },
  currency: 'EUR',
  count: 10,
  played: 3,
  value_cents: 20,
  win_cents: 0,
  expires_at: '2026-12-20T00:00:00Z',
};

const lootbox: Lootbox = {
  id: '00000000-0000-4000-8000-0000000000d1',
  title: 'Golden box',
  stage: 'issued',
  created_at: '2026-11-22T10:00:00Z',
  campaign: 'daily-box',
  server_seed_hash: 'ab'.repeat(32),
  server_seed: null,
  client_seed: null,
  prizes: [{ title: '€5 bonus', weight: 1 }],
  prize: null,
};

const page = (data: Partial<BonusesPageData> = {}): BonusesPageData => ({
  bonuses: [waiting, running],
  freespins: [spins],
  lootboxes: [lootbox],
  ...data,
});

describe('/profile/bonuses', () => {
  it('shows the running bonus with its wagering, the one to activate and the free spins its loader read', async () => {
    renderRoute({
      path: '/profile/bonuses',
      Component: ProfileBonusesPage,
      player: aPlayer(),
      wallet: aWallet({ amount_cents: 18_000, bonus_cents: 8_000 }),
      loaderData: page(),
    });
    const active = await screen.findByRole('region', { name: 'Active bonus' }, firstRender);
    const card = within(active).getByRole('article', { name: 'Welcome package' });
    expect(within(card).getByRole('progressbar').getAttribute('aria-valuenow')).toBe('20');
    expect(card.querySelector('[data-bonus-balance]')?.textContent).toBe('€80.00');
    const issued = screen.getByRole('region', { name: 'Bonuses to activate' });
    expect(within(issued).getByRole('button', { name: 'Activate' })).toBeTruthy();
    expect(within(issued).getByText('Weekend reload')).toBeTruthy();
    const free = screen.getByRole('region', { name: 'Free spins' });
    expect(within(free).getByText(/7 of 10/)).toBeTruthy();
    const boxes = screen.getByRole('region', { name: 'Lootboxes' });
    expect(within(boxes).getByRole('heading', { name: 'Golden box' })).toBeTruthy();
    expect(screen.queryByRole('status', { name: /Loading/ })).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('says in Greek when the bonuses could not be read, with a retry', async () => {
    renderRoute({
      path: '/el/profile/bonuses',
      locale: 'el',
      Component: ProfileBonusesPage,
      player: aPlayer({ language: 'el' }),
      wallet: aWallet({ amount_cents: 5_000 }),
      loaderData: page({ bonuses: null, freespins: [] }),
    });
    const alert = await screen.findByRole('alert', {}, firstRender);
    expect(alert.textContent).toBe('Δεν μπορέσαμε να φορτώσουμε τα μπόνους σας αυτή τη στιγμή.');
    expect(screen.getByRole('heading', { name: 'Μπόνους', level: 2 })).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Μπόνους προς ενεργοποίηση' })).toBeNull();
  });
});

describe('/profile/bonuses posting to its action', () => {
  /** The tab as its loader read it for the player, its forms posting to the action against `answer`. */
  function openTab(answer: (call: ApiCall) => { status: number; body: unknown }) {
    const { context, calls } = stubAppContext({ player: aPlayer(), answer });
    renderRoute({
      path: '/profile/bonuses',
      Component: ProfileBonusesPage,
      player: aPlayer(),
      wallet: aWallet({ amount_cents: 4_000 }),
      loaderData: page(),
      action: ({ request }) => action({ request, context } as never),
    });
    return calls;
  }

  it('cancels the running bonus after its confirmation, and says so', async () => {
    const calls = openTab(() => ({ status: 200, body: { ...running, stage: 'canceled' } }));
    const card = (await screen.findByRole('heading', { name: 'Welcome package' }, firstRender)).closest(
      'article',
    );
    if (!card) throw new Error('no running bonus');
    fireEvent.click(within(card).getByRole('button', { name: 'Cancel bonus' }));
    // Asked in the page: nothing posted yet.
    fireEvent.click(await within(card).findByRole('button', { name: 'Yes, cancel the bonus' }));
    expect(
      await screen.findByText('Welcome package was cancelled. Your real money is untouched.'),
    ).toBeTruthy();
    expect(calls.map((call) => [call.method, call.path])).toEqual([['DELETE', '/player/bonuses/:id']]);
  });

  it('shows a refused coupon at its field, and one accepted with what it granted', async () => {
    let refuse = true;
    openTab(() =>
      refuse
        ? {
            status: 422,
            body: {
              errors: { coupon_code: ['No coupon has this code'] },
              codes: { coupon_code: ['bonuses.coupon_unknown'] },
            },
          }
        : { status: 200, body: { bonuses: [waiting], freespins: [], lootboxes: [] } },
    );
    const field = (await screen.findByLabelText('Coupon code', {}, firstRender)) as HTMLInputElement;
    fireEvent.change(field, { target: { value: 'NOPE' } });
    fireEvent.click(screen.getByRole('button', { name: 'Redeem' }));
    expect(
      await screen.findByText('There is no coupon with this code. Check the spelling and try again.'),
    ).toBeTruthy();
    expect(field.getAttribute('aria-invalid')).toBe('true');
    refuse = false;
    fireEvent.change(field, { target: { value: 'SPRING' } });
    fireEvent.click(screen.getByRole('button', { name: 'Redeem' }));
    expect(await screen.findByText('Coupon accepted. Added to your account: Weekend reload.')).toBeTruthy();
    await waitFor(() => expect(field.value).toBe(''));
  });
});

describe('the /profile/bonuses loader', () => {
  it("reads the session's player's bonuses, free spins and lootboxes through the in-process API", async () => {
    const { context, calls } = stubAppContext({
      player: aPlayer(),
      answer: ({ path }) => ({
        status: 200,
        body: path.includes('freespins') ? [spins] : path.includes('lootboxes') ? [lootbox] : [running],
      }),
    });
    const data = await loader({ context } as never);
    expect(data).toEqual({ bonuses: [running], freespins: [spins], lootboxes: [lootbox] });
    expect(calls.map((call) => `${call.method} ${call.path}`).sort()).toEqual(
      ['GET /player/bonuses/', 'GET /player/freespins/', 'GET /player/lootboxes'].sort(),
    );
  });

  it('gives a visitor nothing and asks the API nothing', async () => {
    const { context, calls } = stubAppContext({ player: null, answer: () => ({ status: 500, body: {} }) });
    expect(await loader({ context } as never)).toBeNull();
    expect(calls).toEqual([]);
  });

  it('keeps the page when a list cannot be read: bonuses null, lootboxes empty (spec §4)', async () => {
    const { context } = stubAppContext({
      player: aPlayer(),
      answer: ({ path }) =>
        path.includes('freespins') ? { status: 200, body: [spins] } : { status: 503, body: {} },
    });
    expect(await loader({ context } as never)).toEqual({ bonuses: null, freespins: [spins], lootboxes: [] });
  });
});

describe('the /profile/bonuses action', () => {
  const nikos = () => aPlayer({ id: '00000000-0000-4000-8000-000000000002', language: 'el' });

  /** The action's answer to `fields` posted to `path` as `player`, the API answering `answer`. */
  async function post(
    player: ReturnType<typeof aPlayer>,
    fields: Record<string, string>,
    answer: { status: number; body: unknown },
    path = '/profile/bonuses',
  ) {
    const { context, calls } = stubAppContext({ player, answer: () => answer });
    const request = formPost(path, fields);
    const result = (await action({ request, context } as never)) as
      | Response
      | { type?: string; data?: unknown; init?: { status?: number } | null };
    return { result, calls: calls.map((call) => [call.method, call.path, call.request]) };
  }

  it("redeems each player's own coupon, saying what it granted, and passes a refusal on with its status", async () => {
    const granted = { bonuses: [waiting], freespins: [spins], lootboxes: [] };
    const eleni = await post(
      aPlayer(),
      { intent: 'coupon', coupon_code: ' SPRING ' },
      { status: 200, body: granted },
    );
    expect(eleni.calls).toEqual([['POST', '/bonuses/coupon', { query: { coupon_code: 'SPRING' } }]]);
    expect(eleni.result).toEqual({
      intent: 'coupon',
      ok: true,
      granted: ['Weekend reload', 'Drachma spins'],
    });

    const problem = { errors: { coupon_code: ['coupon_unknown'] } };
    const greek = await post(
      nikos(),
      { intent: 'coupon', coupon_code: 'NOPE' },
      { status: 422, body: problem },
    );
    expect(greek.result).toMatchObject({
      data: { intent: 'coupon', ok: false, refusal: { status: 422, body: problem } },
      init: { status: 422 },
    });
  });

  it('activates a bonus, opens a lootbox, and cancels a bonus only once confirmed, each by its id', async () => {
    const activated = await post(
      aPlayer(),
      { intent: 'activate', id: waiting.id },
      { status: 200, body: { ...waiting, stage: 'activated' } },
    );
    expect(activated.calls).toEqual([
      ['POST', '/player/bonuses/:id/activation', { params: { id: waiting.id } }],
    ]);
    expect(activated.result).toMatchObject({ intent: 'activate', ok: true, id: waiting.id });

    const asked = await post(aPlayer(), { intent: 'cancel', id: running.id }, { status: 200, body: running });
    expect(asked.result).toEqual({ intent: 'cancel', ok: false, id: running.id, confirm: true });
    expect(asked.calls).toEqual([]);
    const cancelled = await post(
      aPlayer(),
      { intent: 'cancel', id: running.id, confirmed: 'yes' },
      { status: 200, body: { ...running, stage: 'canceled' } },
    );
    expect(cancelled.calls).toEqual([['DELETE', '/player/bonuses/:id', { params: { id: running.id } }]]);

    const prize = { kind: 'bonus', amount_cents: 500, currency: 'EUR', title: '€5 bonus' } as const;
    const opened = await post(
      nikos(),
      { intent: 'lootbox', id: lootbox.id },
      { status: 200, body: { ...lootbox, stage: 'opened', prize } },
    );
    expect(opened.calls).toEqual([
      ['POST', '/player/lootboxes/:id/activation', { params: { id: lootbox.id }, body: {} }],
    ]);
    expect(opened.result).toMatchObject({ intent: 'lootbox', ok: true, lootbox: { prize } });
  });

  it("starts free spins and goes on to their game in the page's language, or to the game's own address", async () => {
    const greek = await post(
      nikos(),
      { intent: 'freespins', id: spins.id },
      { status: 200, body: { launch_url: '/games/chrysos/golden-drachma?mode=real' } },
      '/el/profile/bonuses',
    );
    const elsewhere = await post(
      aPlayer(),
      { intent: 'freespins', id: spins.id },
      { status: 200, body: { launch_url: 'https://studio.example/play?token=t' } },
    );
    expect(greek.calls).toEqual([['POST', '/player/freespins/:id/activation', { params: { id: spins.id } }]]);
    if (!(greek.result instanceof Response) || !(elsewhere.result instanceof Response)) {
      throw new Error('no redirect');
    }
    expect(greek.result.headers.get('location')).toBe('/el/games/chrysos/golden-drachma?mode=real');
    expect(elsewhere.result.headers.get('location')).toBe('https://studio.example/play?token=t');
  });

  it('refuses what the page never sends with a 422, asking the API nothing', async () => {
    const unsent: Record<string, string>[] = [
      { intent: 'coupon', coupon_code: '   ' },
      { intent: 'activate', id: 'b1' },
      { intent: 'spend-it-all' },
    ];
    for (const fields of unsent) {
      const { result, calls } = await post(aPlayer(), fields, { status: 200, body: {} });
      expect(result).toMatchObject({ init: { status: 422 } });
      expect(calls).toEqual([]);
    }
  });
});
