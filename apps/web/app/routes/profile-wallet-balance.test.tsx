// @vitest-environment happy-dom
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { firstRender, renderRoute } from '../testing/route-stub';
import { aPlayer, aWallet } from '../testing/wallet-fixtures';
import ProfileWalletBalancePage from './profile-wallet-balance';

afterEach(cleanup);

describe('/profile/wallet/balance', () => {
  it("shows the accounts the root loader read, the active one first, in the player's language", async () => {
    renderRoute({
      path: '/el/profile/wallet/balance',
      locale: 'el',
      Component: ProfileWalletBalancePage,
      player: aPlayer({ language: 'el' }),
      wallet: aWallet({ amount_cents: 12_345, available_to_cashout_cents: 10_000, bonus_cents: 2_345 }),
      loaderData: null,
    });
    const card = await screen.findByRole('listitem', { name: /EUR/ }, firstRender);
    expect(within(card).getByText('Ενεργός')).toBeTruthy();
    expect(card.querySelector('.account-card__total')?.textContent).toBe('123,45\u00a0€');
    expect(within(card).getByText('Διαθέσιμο για ανάληψη').nextElementSibling?.textContent).toBe(
      '100,00\u00a0€',
    );
    expect(screen.queryByRole('status')).toBeNull();
  });
});
