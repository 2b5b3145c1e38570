// @vitest-environment happy-dom
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { firstRender, renderRoute } from '../testing/route-stub';
import { aPlayer, aWallet, aWithdrawal, cardMethod } from '../testing/wallet-fixtures';
import ProfileWalletWithdrawalPage from './profile-wallet-withdrawal';

afterEach(cleanup);

describe('/profile/wallet/withdrawal', () => {
  it("shows the methods and the player's withdrawals its loader read, with nothing left loading", async () => {
    renderRoute({
      path: '/profile/wallet/withdrawal',
      Component: ProfileWalletWithdrawalPage,
      player: aPlayer(),
      wallet: aWallet({ amount_cents: 25_000 }),
      loaderData: {
        methods: { currency: 'EUR', methods: [cardMethod] },
        withdrawals: [
          aWithdrawal({ amount_cents: 15_000 }),
          aWithdrawal({ id: '00000000-0000-4000-8000-0000000000a2', amount_cents: 4_000, status: 'paid' }),
        ],
      },
    });
    const pending = await screen.findByRole('region', { name: 'Awaiting approval' }, firstRender);
    expect(within(pending).getByText('€150.00')).toBeTruthy();
    expect(within(pending).getByRole('button', { name: /Cancel/ })).toBeTruthy();
    const recent = screen.getByRole('region', { name: 'Recent withdrawals' });
    expect(within(recent).getByText('€40.00')).toBeTruthy();
    expect(screen.getByRole('radio', { name: /Bank card/ })).toBeTruthy();
    expect(screen.getByText('Available to withdraw').nextElementSibling?.textContent).toBe('€250.00');
    expect(screen.queryByRole('status', { name: /Loading/ })).toBeNull();
    expect(screen.queryByText(/Loading/)).toBeNull();
  });

  it('says in Greek when the withdrawals could not be read', async () => {
    renderRoute({
      path: '/el/profile/wallet/withdrawal',
      url: '/el/profile/wallet/withdrawal',
      locale: 'el',
      Component: ProfileWalletWithdrawalPage,
      player: aPlayer({ language: 'el' }),
      wallet: aWallet({ amount_cents: 25_000 }),
      loaderData: { methods: { currency: 'EUR', methods: [cardMethod] }, withdrawals: null },
    });
    expect(await screen.findByRole('heading', { name: 'Ανάληψη' }, firstRender)).toBeTruthy();
    expect(screen.getByText('Διαθέσιμο για ανάληψη').nextElementSibling?.textContent).toBe('250,00\u00a0€');
    expect(screen.getByRole('alert').textContent).not.toBe('');
    expect(screen.queryByRole('region', { name: 'Αναμένουν έγκριση' })).toBeNull();
  });
});
