// @vitest-environment happy-dom
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { firstRender, renderRoute } from '../testing/route-stub';
import { aPlayer, aWallet, cardMethod } from '../testing/wallet-fixtures';
import ProfileWalletDepositPage from './profile-wallet-deposit';

afterEach(cleanup);

describe('/profile/wallet/deposit', () => {
  it('shows in Greek the balance and the methods its loader read, with their limits', async () => {
    renderRoute({
      path: '/el/profile/wallet/deposit',
      locale: 'el',
      Component: ProfileWalletDepositPage,
      player: aPlayer({ language: 'el' }),
      wallet: aWallet({ amount_cents: 7_350 }),
      loaderData: { methods: { currency: 'EUR', methods: [cardMethod] } },
    });
    expect(await screen.findByRole('heading', { name: 'Κατάθεση' }, firstRender)).toBeTruthy();
    // Testing Library reads the no-break space of Greek money as a space.
    expect(screen.getByText('73,50 €')).toBeTruthy();
    expect(screen.getByRole('radio', { name: /Τραπεζική κάρτα/ })).toBeTruthy();
    expect(screen.getByText(/10,00 €.*5\.000,00 €/)).toBeTruthy();
  });
});
