// @vitest-environment happy-dom
import type { DepositOffer, Player, PlayerLimits, VerificationStatus } from '@chrysos/contract';
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { type ApiCall, stubAppContext } from '../testing/app-context-stub';
import { firstRender, renderRoute } from '../testing/route-stub';
import { aPlayer, aWallet, cardMethod } from '../testing/wallet-fixtures';
import ProfileWalletDepositPage, { loader } from './profile-wallet-deposit';

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
const answering = (player: Player) => (call: ApiCall) => {
  const hers = player.id === eleni.id;
  const path = call.path;
  if (path.endsWith('/payments/methods')) return { status: 200, body: [cardMethod] };
  if (path.endsWith('/deposit_offers')) return { status: 200, body: hers ? [welcome] : [] };
  if (path.endsWith('/limits'))
    return { status: 200, body: hers ? weeklyLimit(1_000) : { ...weeklyLimit(0), limits: [] } };
  if (path.endsWith('/documents')) return { status: 200, body: verification(hers) };
  return { status: 404, body: { errors: [] } };
};

/** The page for `player` as its loader reads it in the locale. */
async function openPage(player: Player, locale: 'en' | 'el') {
  const { context, calls } = stubAppContext({ player, answer: answering(player) });
  const loaderData = await loader({ context } as never);
  const path = locale === 'el' ? '/el/profile/wallet/deposit' : '/profile/wallet/deposit';
  renderRoute({
    path,
    Component: ProfileWalletDepositPage,
    loaderData,
    locale,
    player,
    wallet: aWallet({ amount_cents: 7_350 }),
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
