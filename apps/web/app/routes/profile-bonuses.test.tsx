// @vitest-environment happy-dom
import type { Bonus, Freespin, Lootbox } from '@chrysos/contract';
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { BonusesPageData } from '../features/bonuses/bonus-pages.server';
import { stubAppContext } from '../testing/app-context-stub';
import { firstRender, renderRoute } from '../testing/route-stub';
import { aPlayer, aWallet } from '../testing/wallet-fixtures';
import ProfileBonusesPage, { loader } from './profile-bonuses';

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
