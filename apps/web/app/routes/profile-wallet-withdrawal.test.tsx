// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { formPost, stubAppContext } from '../testing/app-context-stub';
import { firstRender, renderRoute } from '../testing/route-stub';
import { aPlayer, aWallet, aWithdrawal, cardMethod } from '../testing/wallet-fixtures';
import ProfileWalletWithdrawalPage, { action } from './profile-wallet-withdrawal';

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

describe('cancelling a withdrawal on /profile/wallet/withdrawal', () => {
  /** The page for a player with one withdrawal awaiting approval, cancelling through the action. */
  function openPage(language: 'en' | 'el', answer: { status: number; body: unknown }) {
    const player = aPlayer({ language });
    const { context, calls } = stubAppContext({ player, answer: () => answer });
    const path = `${language === 'el' ? '/el' : ''}/profile/wallet/withdrawal`;
    renderRoute({
      path,
      url: path,
      locale: language,
      Component: ProfileWalletWithdrawalPage,
      player,
      wallet: aWallet({ amount_cents: 25_000 }),
      loaderData: { methods: { currency: 'EUR', methods: [cardMethod] }, withdrawals: [aWithdrawal()] },
      action: ({ request }) => action({ request, context } as never),
    });
    return calls;
  }

  it('cancels the one pressed and says so, each player in their language', async () => {
    const calls = openPage('en', { status: 200, body: aWithdrawal({ status: 'cancelled' }) });
    fireEvent.click(await screen.findByRole('button', { name: /Cancel/ }, firstRender));
    expect(await screen.findByText(/€150\.00/, { selector: '.withdrawals__message' })).toBeTruthy();
    expect(calls.map((call) => [call.method, call.path, call.request])).toEqual([
      ['DELETE', '/payments/withdrawals/:id', { params: { id: aWithdrawal().id } }],
    ]);
    cleanup();

    openPage('el', { status: 409, body: { errors: { base: ['Not pending'] } } });
    const pending = await screen.findByRole('region', { name: 'Αναμένουν έγκριση' }, firstRender);
    fireEvent.click(within(pending).getByRole('button'));
    const said = await screen.findByText(
      (_, element) => element?.classList.contains('withdrawals__message') ?? false,
    );
    expect(said.textContent).not.toContain('€150');
    expect(said.classList.contains('notice--error')).toBe(true);
  });

  it('refuses an id that is no withdrawal of the page without asking the API', async () => {
    const { context, calls } = stubAppContext({
      player: aPlayer(),
      answer: () => ({ status: 200, body: {} }),
    });
    const request = formPost('/profile/wallet/withdrawal', { intent: 'cancel', id: '1 or 1=1' });
    expect(await action({ request, context } as never)).toMatchObject({ init: { status: 422 } });
    expect(calls).toEqual([]);
  });
});
