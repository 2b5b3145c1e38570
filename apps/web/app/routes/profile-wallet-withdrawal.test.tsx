// @vitest-environment happy-dom

import type { Player } from '@chrysos/contract';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { type ApiCall, formPost, stubAppContext } from '../testing/app-context-stub';
import { firstRender, renderRoute } from '../testing/route-stub';
import { aPlayer, aWallet, aWithdrawal, cardMethod, euro } from '../testing/wallet-fixtures';
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

describe('requesting a withdrawal on /profile/wallet/withdrawal', () => {
  const eleni = aPlayer();
  const nikos = aPlayer({ id: '00000000-0000-4000-8000-000000000002', language: 'el' });
  const bonusId = '4733b984-5d1c-4c1e-9f0a-2b8f1c0f7e11';
  const bonusActive = {
    status: 409,
    body: {
      errors: { forfeit_bonus: ['You have a bonus running.'] },
      codes: { forfeit_bonus: ['cashier.bonus_active'] },
      params: { forfeit_bonus: [{ bonus: bonusId }] },
    },
  };

  /**
   * The API as each player's server answers: Nikos has a bonus running, so his withdrawal is refused
   * until he confirms forfeiting it; Eleni has none.
   */
  const answering =
    (player: Player) =>
    ({ path, request }: ApiCall) => {
      if (path === '/player/bonuses/') return { status: 200, body: [{ id: bonusId, title: 'Καλωσόρισμα' }] };
      const body = request.body as { forfeit_bonus?: boolean; amount_cents: number };
      if (player.id === nikos.id && !body.forfeit_bonus) return bonusActive;
      return { status: 201, body: aWithdrawal({ amount_cents: body.amount_cents }) };
    };

  async function post(player: Player, fields: Record<string, string>) {
    const { context, calls } = stubAppContext({ player, answer: answering(player) });
    const request = formPost('/profile/wallet/withdrawal', { intent: 'withdraw', ...fields });
    const result = await action({ request, context } as never);
    return { result, calls: calls.map((call) => [call.method, call.path, call.request.body]) };
  }

  it("requests each player's own withdrawal; a running bonus is named and forfeited only once confirmed", async () => {
    const fields = { currency: 'EUR', method: 'card', amount_minor: '5000' };
    const hers = await post(eleni, fields);
    expect(hers.calls).toEqual([
      ['POST', '/payments/withdrawals', { currency: 'EUR', amount_cents: 5_000, method: 'card' }],
    ]);
    expect(hers.result).toMatchObject({ intent: 'withdraw', ok: true, payment: { amount_cents: 5_000 } });

    const his = await post(nikos, fields);
    expect(his.result).toMatchObject({
      data: { ok: false, forfeit: { code: 'cashier.bonus_active', params: { bonus: 'Καλωσόρισμα' } } },
      init: { status: 409 },
    });
    const confirmed = await post(nikos, { ...fields, forfeit_bonus: 'yes' });
    expect(confirmed.calls).toEqual([
      [
        'POST',
        '/payments/withdrawals',
        { currency: 'EUR', amount_cents: 5_000, method: 'card', forfeit_bonus: true },
      ],
    ]);
    expect(confirmed.result).toMatchObject({ ok: true });
  });

  it('reads an amount typed without JavaScript in the currency, and asks nothing for one it cannot read', async () => {
    const { context, calls } = stubAppContext({
      player: eleni,
      answer: ({ path, request }) =>
        path === '/info/currencies'
          ? { status: 200, body: [euro] }
          : {
              status: 201,
              body: aWithdrawal({ amount_cents: (request.body as { amount_cents: number }).amount_cents }),
            },
    });
    const typed = formPost('/profile/wallet/withdrawal', {
      intent: 'withdraw',
      currency: 'EUR',
      method: 'card',
      amount: '42.5',
    });
    expect(await action({ request: typed, context } as never)).toMatchObject({
      ok: true,
      payment: { amount_cents: 4_250 },
    });
    const unread = await post(eleni, { currency: 'EUR', method: 'card', amount: 'all of it' });
    expect(unread.result).toMatchObject({
      data: { field: 'invalid', amount: 'all of it' },
      init: { status: 422 },
    });
    expect(unread.calls.filter((call) => call[1] === '/payments/withdrawals')).toEqual([]);
    expect(calls.map((call) => call.path)).toEqual(['/info/currencies', '/payments/withdrawals']);
  });

  it('asks a player with a running bonus first, by its title, and withdraws once they confirm', async () => {
    const { context } = stubAppContext({ player: nikos, answer: answering(nikos) });
    renderRoute({
      path: '/el/profile/wallet/withdrawal',
      locale: 'el',
      Component: ProfileWalletWithdrawalPage,
      player: nikos,
      wallet: aWallet({ amount_cents: 25_000 }),
      loaderData: { methods: { currency: 'EUR', methods: [cardMethod] }, withdrawals: [] },
      action: ({ request }) => action({ request, context } as never),
    });
    fireEvent.change(await screen.findByLabelText('Ποσό (EUR)', {}, firstRender), {
      target: { value: '50' },
    });
    fireEvent.click(screen.getByRole('button', { name: /^Ανάληψη 50,00/ }));
    const asked = await screen.findByRole('alertdialog');
    expect(asked.textContent).toContain('Έχετε ενεργό μπόνους (Καλωσόρισμα)');
    expect(asked.textContent).not.toContain(bonusId);
    fireEvent.click(within(asked).getAllByRole('button')[0] as HTMLElement);
    expect(await screen.findByText(/^Η ανάληψη 50,00\s€ αναμένει έγκριση/)).toBeTruthy();
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });
});
