// @vitest-environment happy-dom
import type { DepositOffer, Player, PlayerLimits, VerificationStatus } from '@chrysos/contract';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { type ApiCall, formPost, stubAppContext } from '../testing/app-context-stub';
import { firstRender, renderRoute } from '../testing/route-stub';
import { aPlayer, aWallet, cardMethod, euro } from '../testing/wallet-fixtures';
import ProfileWalletDepositPage, { action, loader } from './profile-wallet-deposit';

afterEach(cleanup);

const eleni = aPlayer();
const nikos = aPlayer({ id: '00000000-0000-4000-8000-000000000002', email: 'nikos@example.gr' });

const welcome: DepositOffer = {
  code: 'WELCOME100',
  campaign: 'welcome-package',
  title: 'Welcome bonus',
  percent: 100,
  max_cents: 20_000,
  min_deposit_cents: 2_000,
  wagering_multiplier: 35,
  wager_days: 30,
  max_bet_cents: null,
  terms_url: '/promotions/welcome-package',
};

const weeklyLimit = (remaining: number): PlayerLimits => ({
  limits: [
    {
      kind: 'deposit',
      period: 'week',
      currency: 'EUR',
      amount: 5_000,
      used: 5_000 - remaining,
      remaining,
      pending_amount: null,
      pending_removal: false,
      effective_at: null,
      updated_at: '2026-11-30T09:00:00.000Z',
    },
  ],
  options: [],
  offered_before_first_deposit: false,
});

const verification = (blocked: boolean): VerificationStatus => ({
  verified: false,
  missing: ['identity', 'address'],
  withdrawal_thresholds: [],
  deposits: { total_euro_cents: blocked ? 200_000 : 0, threshold_euro_cents: 200_000, days: 30, blocked },
  documents: [],
});

/**
 * The API as each player's server answers: Eleni has a €50 weekly deposit limit with €10 left, the
 * welcome offer and deposits at the verification threshold; Nikos none of these.
 */
const answering = (player: Player, deposit?: Answer) => (call: ApiCall) => {
  const hers = player.id === eleni.id;
  const path = call.path;
  if (path.endsWith('/payments/deposits') && deposit) return deposit;
  if (path.endsWith('/info/currencies')) return { status: 200, body: [euro] };
  if (path.endsWith('/payments/methods')) return { status: 200, body: [cardMethod] };
  if (path.endsWith('/deposit_offers')) return { status: 200, body: hers ? [welcome] : [] };
  if (path.endsWith('/limits'))
    return { status: 200, body: hers ? weeklyLimit(1_000) : { ...weeklyLimit(0), limits: [] } };
  if (path.endsWith('/documents')) return { status: 200, body: verification(hers) };
  return { status: 404, body: { errors: [] } };
};

type Answer = { status: number; body: unknown };

/** The page for `player` as its loader reads it in the locale; a deposit posted is answered `deposit`. */
async function openPage(player: Player, locale: 'en' | 'el', deposit?: Answer) {
  const { context, calls } = stubAppContext({ player, answer: answering(player, deposit) });
  const loaderData = await loader({ context } as never);
  const path = locale === 'el' ? '/el/profile/wallet/deposit' : '/profile/wallet/deposit';
  renderRoute({
    path,
    Component: ProfileWalletDepositPage,
    loaderData,
    locale,
    player,
    wallet: aWallet({ amount_cents: 7_350 }),
    action: ({ request }) => action({ request, context } as never),
  });
  return calls;
}

describe('/profile/wallet/deposit', () => {
  it('shows in Greek the balance and the methods its loader read, with their limits', async () => {
    await openPage(aPlayer({ language: 'el' }), 'el');
    expect(await screen.findByRole('heading', { name: 'Κατάθεση' }, firstRender)).toBeTruthy();
    // Testing Library reads the no-break space of Greek money as a space.
    expect(screen.getByText('73,50 €')).toBeTruthy();
    expect(screen.getByRole('radio', { name: /Τραπεζική κάρτα/ })).toBeTruthy();
    expect(screen.getByText(/10,00 €.*5\.000,00 €/)).toBeTruthy();
  });

  it("renders each player's own offers, allowance and verification notice from its loader, in English", async () => {
    const calls = await openPage(eleni, 'en');
    expect(
      await screen.findByText('Your deposit limit allows €10.00 more for now.', {}, firstRender),
    ).toBeTruthy();
    expect(screen.getByRole('checkbox', { name: /Yes, I want Welcome bonus/ })).toBeTruthy();
    expect(screen.getByTestId('verification-notice')).toBeTruthy();
    expect(calls.every((call) => call.method === 'GET')).toBe(true);
    cleanup();

    await openPage(nikos, 'en');
    expect(await screen.findByRole('radio', { name: /Bank card/ }, firstRender)).toBeTruthy();
    expect(document.querySelector('[data-deposit-allowance]')).toBeNull();
    expect(document.querySelector('[data-deposit-offers]')).toBeNull();
    expect(screen.queryByTestId('verification-notice')).toBeNull();
  });

  it('says the same in Greek', async () => {
    await openPage(eleni, 'el');
    expect(
      await screen.findByText(
        'Το όριο καταθέσεών σας επιτρέπει ακόμη 10,00 € προς το παρόν.',
        {},
        firstRender,
      ),
    ).toBeTruthy();
    expect(screen.getByRole('checkbox', { name: /Ναι, θέλω το Welcome bonus/ })).toBeTruthy();
    expect(screen.getByText(/Οι καταθέσεις σας έφτασαν το ποσό/)).toBeTruthy();
  });

  it('reads nothing for a visitor', async () => {
    const { context, calls } = stubAppContext({ player: null, answer: () => ({ status: 500, body: {} }) });
    expect(await loader({ context } as never)).toBeNull();
    expect(calls).toEqual([]);
  });
});

describe('a deposit posted to /profile/wallet/deposit', () => {
  const started = { status: 201, body: { payment: {}, redirect_url: '/payments/sandbox/pay/p1' } };
  const belowMinimum = {
    status: 422,
    body: {
      errors: { amount_cents: ['must be at least 1000'] },
      codes: { amount_cents: ['cashier.amount_below_minimum'] },
      params: { amount_cents: [{ min: 1_000 }] },
    },
  };

  /** The action's answer to `fields` posted as `player` to `path`, the API answering a deposit `deposit`. */
  async function post(
    player: Player,
    fields: Record<string, string>,
    deposit: Answer,
    path = '/profile/wallet/deposit',
  ) {
    const { context, calls } = stubAppContext({ player, answer: answering(player, deposit) });
    const result = (await action({ request: formPost(path, fields), context } as never)) as
      | Response
      | { data?: unknown; init?: { status?: number } | null };
    const sent = calls
      .filter((call) => call.path.endsWith('/payments/deposits'))
      .map((call) => call.request.body);
    return { result, sent };
  }

  it("starts each player's own deposit: the typed code wins over the offer, a game page is kept to come back to", async () => {
    const hers = await post(
      eleni,
      {
        currency: 'EUR',
        method: 'card',
        amount_minor: '2500',
        amount: '25',
        offer: 'WELCOME100',
        bonus_code: '',
      },
      started,
    );
    expect(hers.sent).toEqual([
      { currency: 'EUR', amount_cents: 2_500, method: 'card', bonus_code: 'WELCOME100' },
    ]);
    if (!(hers.result instanceof Response)) throw new Error('no redirect');
    expect(hers.result.headers.get('location')).toBe('/payments/sandbox/pay/p1');
    // The document reloads at the payment page: a fetcher's answer would keep the page.
    expect(hers.result.headers.get('x-remix-reload-document')).toBe('true');

    // Without JavaScript: the amount as typed in Greek, in the currency's unit.
    const his = await post(
      nikos,
      {
        currency: 'eur',
        method: 'card',
        amount: '25,50',
        offer: 'WELCOME100',
        bonus_code: ' SPRING ',
        return_to: '/el/game/golden-drachma',
      },
      belowMinimum,
      '/el/profile/wallet/deposit',
    );
    expect(his.sent).toEqual([
      {
        currency: 'EUR',
        amount_cents: 2_550,
        method: 'card',
        bonus_code: 'SPRING',
        return_to: '/el/game/golden-drachma',
      },
    ]);
    expect(his.result).toMatchObject({
      data: { intent: 'deposit', ok: false, refusal: belowMinimum, amount: '25,50', coded: true },
      init: { status: 422 },
    });
  });

  it('sends no address other than a game page to come back to, and no amount it cannot read', async () => {
    const away = await post(
      eleni,
      { currency: 'EUR', method: 'card', amount_minor: '2500', return_to: 'https://elsewhere.example/' },
      started,
    );
    expect(away.sent).toEqual([{ currency: 'EUR', amount_cents: 2_500, method: 'card' }]);
    for (const amount of ['', 'ten', '-5', '0']) {
      const unread = await post(nikos, { currency: 'EUR', method: 'card', amount }, started);
      expect(unread.sent).toEqual([]);
      expect(unread.result).toMatchObject({
        data: { field: 'invalid', coded: false },
        init: { status: 422 },
      });
    }
  });

  it('posts the offer the player ticked, by its code', async () => {
    const calls = await openPage(eleni, 'en', started);
    fireEvent.click(await screen.findByRole('checkbox', { name: /Welcome bonus/ }, firstRender));
    fireEvent.change(screen.getByLabelText('Amount (EUR)'), { target: { value: '20' } });
    fireEvent.click(screen.getByRole('button', { name: 'Deposit €20.00' }));
    await expect
      .poll(() => calls.filter((call) => call.method === 'POST').map((call) => call.request.body))
      .toEqual([{ currency: 'EUR', amount_cents: 2_000, method: 'card', bonus_code: 'WELCOME100' }]);
  });

  it("shows the refusal at the amount in each player's language and money format", async () => {
    await openPage(eleni, 'en', belowMinimum);
    fireEvent.change(await screen.findByLabelText('Amount (EUR)', {}, firstRender), {
      target: { value: '20' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Deposit €20.00' }));
    expect(await screen.findByText('The minimum is €10.00.')).toBeTruthy();
    cleanup();

    await openPage(aPlayer({ ...nikos, language: 'el' }), 'el', belowMinimum);
    fireEvent.change(await screen.findByLabelText('Ποσό (EUR)', {}, firstRender), {
      target: { value: '20' },
    });
    fireEvent.click(screen.getByRole('button', { name: /^Κατάθεση 20,00/ }));
    expect(await screen.findByText('Το ελάχιστο ποσό είναι 10,00 €.')).toBeTruthy();
  });
});
