import { fileURLToPath } from 'node:url';
import { testDatabaseKinds } from '@chrysos/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cookieOf } from '../../testing/accounts.ts';
import { buildTestApp } from '../../testing/build-test-app.ts';

const fixtures = fileURLToPath(new URL('../content/fixtures', import.meta.url));

/**
 * Spec §4 CompleteRegistration: a player who signed up without a country chooses one and a currency;
 * the chosen currency is then their first, active account — whatever the header read before.
 */
describe.each(testDatabaseKinds)('the currency chosen at CompleteRegistration on %s', (kind) => {
  let app: Awaited<ReturnType<typeof buildTestApp>>;
  beforeAll(async () => {
    app = await buildTestApp(kind, { CONTENT_DIR: fixtures });
  });
  afterAll(() => app.closeAll());

  /** A new player without a country: they start in the reference default currency (USD). */
  async function signUp(email: string) {
    const created = await app.inject({
      method: 'POST',
      url: '/api/users',
      payload: {
        user: { email, password: 'correct horse battery', terms_acceptance: true, age_acceptance: true },
      },
    });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ country: null, currency: 'USD' });
    const cookie = cookieOf(created);
    return {
      id: created.json().id as string,
      accounts: async () => (await app.inject({ url: '/api/player/accounts', headers: { cookie } })).json(),
      player: async () => (await app.inject({ url: '/api/player', headers: { cookie } })).json(),
      complete: (player: Record<string, unknown>) =>
        app.inject({
          method: 'PATCH',
          url: '/api/player',
          headers: { cookie },
          payload: { context: 'complete_registration', player },
        }),
    };
  }

  const only = (currency: string, amountCents = 0) => [
    {
      currency,
      amount_cents: amountCents,
      available_to_cashout_cents: amountCents,
      bonus_cents: 0,
      active: true,
    },
  ];

  it('replaces the untouched account the header read before the choice', async () => {
    const player = await signUp('chose-euros@example.gr');
    // The header of the first page reads the accounts before the modal is answered.
    expect(await player.accounts()).toEqual(only('USD'));

    const done = await player.complete({ country: 'GR', currency: 'EUR' });
    expect(done.statusCode).toBe(200);
    expect(done.json()).toMatchObject({ country: 'GR', currency: 'EUR' });
    expect(await player.accounts()).toEqual(only('EUR'));
    expect(await player.player()).toMatchObject({ currency: 'EUR' });
  });

  it('opens the chosen account when none was read before', async () => {
    const player = await signUp('chose-pounds@example.gr');
    expect((await player.complete({ country: 'GR', currency: 'GBP' })).statusCode).toBe(200);
    expect(await player.accounts()).toEqual(only('GBP'));
  });

  it('keeps an account money has moved in, and makes the chosen one active', async () => {
    const player = await signUp('kept-dollars@example.gr');
    expect(await player.accounts()).toEqual(only('USD'));
    await app.wallet.deposit({
      playerId: player.id,
      currency: 'USD',
      key: 'kept-dollars-dep',
      amount: 2_500,
    });

    expect((await player.complete({ country: 'GR', currency: 'EUR' })).statusCode).toBe(200);
    expect(await player.accounts()).toEqual([
      {
        currency: 'USD',
        amount_cents: 2_500,
        available_to_cashout_cents: 2_500,
        bonus_cents: 0,
        active: false,
      },
      { currency: 'EUR', amount_cents: 0, available_to_cashout_cents: 0, bonus_cents: 0, active: true },
    ]);
  });

  it('changes no account when the form is refused', async () => {
    const player = await signUp('refused-choice@example.gr');
    expect(await player.accounts()).toEqual(only('USD'));
    const refused = await player.complete({ country: 'ZZ', currency: 'EUR' });
    expect(refused.statusCode).toBe(422);
    expect(await player.accounts()).toEqual(only('USD'));
  });
});
