// @vitest-environment happy-dom
import type { Player } from '@chrysos/contract';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { formPost, stubAppContext } from '../testing/app-context-stub';
import { firstRender, renderRoute } from '../testing/route-stub';
import { aPlayer, aWallet } from '../testing/wallet-fixtures';
import ProfileWalletBalancePage, { action } from './profile-wallet-balance';

afterEach(cleanup);

const eleni = aPlayer();
const nikos = aPlayer({ id: '00000000-0000-4000-8000-000000000002', language: 'el' });

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

describe('switching account through /profile/wallet/balance', () => {
  /** The action's answer to `fields` posted as `player`, the API answering `answer`. */
  async function post(
    player: Player,
    fields: Record<string, string>,
    answer: { status: number; body: unknown } = { status: 200, body: [] },
  ) {
    const { context, calls } = stubAppContext({ player, answer: () => answer });
    const result = await action({ request: formPost('/profile/wallet/balance', fields), context } as never);
    return { result, calls: calls.map((call) => [call.method, call.path, call.request.body]) };
  }

  it("makes each player's own account active, or opens one, as the session's player", async () => {
    const hers = await post(eleni, { intent: 'activate', currency: 'GBP' });
    expect(hers.calls).toEqual([['POST', '/player/accounts', { currency: 'GBP' }]]);
    expect(hers.result).toEqual({ intent: 'activate', ok: true, currency: 'GBP' });
    const his = await post(nikos, { intent: 'add', currency: 'btc' });
    expect(his.calls).toEqual([['POST', '/player/accounts', { currency: 'BTC' }]]);
    expect(his.result).toEqual({ intent: 'add', ok: true, currency: 'BTC' });
  });

  it("passes the API's refusal on, and refuses a currency no form offers without asking", async () => {
    const refused = await post(eleni, { currency: 'XYZ' }, { status: 422, body: { errors: {} } });
    expect(refused.result).toMatchObject({ data: { ok: false, status: 422 }, init: { status: 422 } });
    for (const currency of ['', 'EUR; DROP', '€']) {
      const never = await post(eleni, { intent: 'activate', currency });
      expect(never.calls).toEqual([]);
      expect(never.result).toMatchObject({ data: { ok: false, status: 422 }, init: { status: 422 } });
    }
  });

  it("says the switch once it is done, in each player's language", async () => {
    for (const [player, locale, said] of [
      [eleni, 'en', 'GBP is now your active account.'],
      [nikos, 'el', 'Ο λογαριασμός σε GBP είναι πλέον ο ενεργός σας λογαριασμός.'],
    ] as const) {
      const { context, calls } = stubAppContext({ player, answer: () => ({ status: 200, body: [] }) });
      renderRoute({
        path: `${locale === 'el' ? '/el' : ''}/profile/wallet/balance`,
        locale,
        Component: ProfileWalletBalancePage,
        player,
        wallet: aWallet({ amount_cents: 5_000 }, { currency: 'GBP', amount_cents: 700 }),
        loaderData: null,
        action: ({ request }) => action({ request, context } as never),
      });
      const card = await screen.findByRole('listitem', { name: /GBP/ }, firstRender);
      fireEvent.click(within(card).getByRole('button', { name: /GBP/ }));
      expect(await screen.findByText(said)).toBeTruthy();
      expect(calls.map((call) => call.request.body)).toEqual([{ currency: 'GBP' }]);
      cleanup();
    }
  });
});
