// @vitest-environment happy-dom
import type { WalletTransaction } from '@chrysos/contract';
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { firstRender, renderRoute } from '../testing/route-stub';
import { aPlayer, aWallet } from '../testing/wallet-fixtures';
import ProfileWalletTransactionsPage from './profile-wallet-transactions';

afterEach(cleanup);

const movement = (overrides: Partial<WalletTransaction>): WalletTransaction => ({
  id: 1,
  kind: 'deposit',
  currency: 'EUR',
  amount_cents: 5_000,
  real_cents: 5_000,
  bonus_cents: 0,
  held_cents: 0,
  game_code: null,
  game_title: null,
  method: 'card',
  round_win_cents: null,
  round: null,
  created_at: '2026-11-29T12:00:00.000Z',
  ...overrides,
});

const totals = {
  from: null,
  to: null,
  currencies: [
    {
      currency: 'EUR',
      staked_cents: 300,
      won_cents: 120,
      win_loss_cents: -180,
      deposited_cents: 5_000,
      withdrawn_cents: 2_000,
      net_deposits_cents: 3_000,
    },
  ],
};

describe('/profile/wallet/transactions', () => {
  it('shows the page of the history and the totals its loader read', async () => {
    renderRoute({
      path: '/profile/wallet/transactions',
      Component: ProfileWalletTransactionsPage,
      player: aPlayer(),
      wallet: aWallet({ amount_cents: 2_820 }),
      loaderData: {
        history: {
          items: [
            movement({
              id: 2,
              kind: 'bet',
              amount_cents: -300,
              real_cents: -300,
              method: null,
              game_code: 'golden-drachma',
              game_title: 'Golden Drachma',
              round_win_cents: 0,
              round: '00000000-0000-4000-8000-0000000000b1',
            }),
            movement({}),
          ],
          page: 1,
          per_page: 20,
          total: 2,
        },
        totals,
      },
    });
    expect(await screen.findByText('Transactions found: 2', {}, firstRender)).toBeTruthy();
    const rows = within(screen.getByRole('table', { name: 'Transactions' }))
      .getAllByRole('row')
      .slice(1);
    expect(rows.map((row) => row.querySelector('.history-table__what')?.textContent)).toEqual([
      'Golden Drachma · no win',
      'Bank card',
    ]);
    expect(rows.map((row) => row.lastElementChild?.textContent)).toEqual(['−€3.00', '+€50.00']);
    const summary = screen.getByRole('region', { name: 'Your totals' });
    expect(summary.querySelector('[data-total="win-loss"]')?.textContent).toBe('−€1.80');
    expect(summary.querySelector('[data-total="net-deposits"]')?.textContent).toBe('+€30.00');
  });

  it('says in Greek that a player without movements has none yet', async () => {
    renderRoute({
      path: '/el/profile/wallet/transactions',
      locale: 'el',
      Component: ProfileWalletTransactionsPage,
      player: aPlayer({ language: 'el' }),
      wallet: aWallet({ amount_cents: 0 }),
      loaderData: {
        history: { items: [], page: 1, per_page: 20, total: 0 },
        totals: { from: null, to: null, currencies: [] },
      },
    });
    expect(await screen.findByRole('heading', { name: 'Συναλλαγές' }, firstRender)).toBeTruthy();
    expect(screen.getByText(/^Δεν υπάρχουν ακόμη συναλλαγές/)).toBeTruthy();
    expect(screen.getByText('Δεν υπάρχουν ακόμη κινήσεις χρημάτων, άρα ούτε σύνολα.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Κάντε την πρώτη σας κατάθεση' })).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
  });
});
