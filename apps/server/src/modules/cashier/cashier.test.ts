import { fileURLToPath } from 'node:url';
import { schema } from '@chrysos/db';
import { testDatabaseKinds } from '@chrysos/db/testing';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cookieOf } from '../../testing/accounts.ts';
import { buildTestApp } from '../../testing/build-test-app.ts';
import { newPlayer, type TestPlayer } from '../../testing/factories.ts';
import { automationActor } from '../../testing/operators.ts';
import { waitUntil } from '../../testing/wait.ts';
import { auditLedger } from '../wallet/public.ts';
import { signWebhook } from './sandbox/sandbox-psp.ts';

const fixtures = fileURLToPath(new URL('../content/fixtures', import.meta.url));
const operatorToken = 'operator-token-for-tests-0123456789abcdef';
const pspSecret = 'sandbox-psp-secret-for-tests-0123456789';

describe.each(testDatabaseKinds)('cashier on %s', (kind) => {
  let app: Awaited<ReturnType<typeof buildTestApp>>;

  beforeAll(async () => {
    app = await buildTestApp(kind, {
      CONTENT_DIR: fixtures,
      OPERATOR_API_TOKEN: operatorToken,
      SANDBOX_PSP_SECRET: pspSecret,
      // WITHDRAWAL_AUTO_APPROVE_BELOW left at its default: EUR, USD and GBP under 100.00, no crypto.
    });
  });
  afterAll(() => app.closeAll());

  const operator = (url: string, payload?: Record<string, unknown>) =>
    app.inject({
      method: payload ? 'POST' : 'GET',
      url: `/api/operator${url}`,
      headers: { authorization: `Bearer ${operatorToken}` },
      ...(payload ? { payload } : {}),
    });

  /** What the player does on the provider's page: submit the card form. */
  async function payOnHostedPage(redirectUrl: string, card: string) {
    const page = await app.inject({ url: redirectUrl });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Sandbox');
    return app.inject({
      method: 'POST',
      url: redirectUrl,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({
        number: card,
        expiry: '12/39',
        cvc: '123',
        name: 'Eleni P',
        action: 'pay',
      }).toString(),
    });
  }

  /** The cashier as one player uses it: each case has a player of its own, so no balance carries over. */
  function as(player: Pick<TestPlayer, 'cookie'>) {
    const api = (
      method: 'GET' | 'POST' | 'DELETE',
      url: string,
      payload?: Record<string, unknown>,
      headers: Record<string, string> = {},
    ) =>
      app.inject({
        method,
        url: `/api${url}`,
        headers: { ...headers, cookie: player.cookie },
        ...(payload ? { payload } : {}),
      });
    const account = async (currency = 'EUR') =>
      (await api('GET', '/player/accounts'))
        .json()
        .find((a: { currency: string }) => a.currency === currency);
    const paymentStatus = async (id: string) => (await api('GET', `/player/payments/${id}`)).json().status;
    const deposit = async (amount: number, card: string, currency = 'EUR') => {
      const started = await api('POST', '/payments/deposits', {
        currency,
        amount_cents: amount,
        method: 'card',
      });
      expect(started.statusCode).toBe(201);
      const { payment, redirect_url: redirectUrl } = started.json();
      return {
        id: payment.id as string,
        redirectUrl: redirectUrl as string,
        submitted: await payOnHostedPage(redirectUrl, card),
      };
    };
    /** A card deposit that the provider confirms. */
    const fund = async (currency: string, amount: number) => {
      const { id } = await deposit(amount, '4242 4242 4242 4242', currency);
      await waitUntil(async () => expect(await paymentStatus(id)).toBe('succeeded'));
    };
    const withdraw = (currency: string, amount: number) =>
      api('POST', '/payments/withdrawals', { currency, amount_cents: amount, method: 'card' });
    return { api, eur: () => account('EUR'), account, paymentStatus, deposit, fund, withdraw };
  }

  it('opens with one active account in the registration currency', async () => {
    const created = await app.inject({
      method: 'POST',
      url: '/api/users',
      payload: {
        user: {
          email: 'cashier@example.gr',
          password: 'correct horse battery',
          country: 'GR',
          terms_acceptance: true,
          age_acceptance: true,
        },
      },
    });
    const accounts = (await as({ cookie: cookieOf(created) }).api('GET', '/player/accounts')).json();
    expect(accounts).toEqual([
      { currency: 'EUR', amount_cents: 0, available_to_cashout_cents: 0, bonus_cents: 0, active: true },
    ]);
  });

  it('credits a card deposit only when the provider confirms it', async () => {
    const { deposit, paymentStatus, eur } = as(await newPlayer(app));
    const { id, submitted } = await deposit(5_000, '4242 4242 4242 4242');
    expect(submitted.statusCode).toBe(303);
    expect(submitted.headers.location).toBe(`/profile/wallet/deposit?payment=${id}`);
    await waitUntil(async () => expect(await paymentStatus(id)).toBe('succeeded'));
    expect(await eur()).toMatchObject({ amount_cents: 5_000, available_to_cashout_cents: 5_000 });
  });

  it('returns a deposit started over a game to that game, and takes no other return path', async () => {
    const { api } = as(await newPlayer(app));
    const body = { currency: 'EUR', amount_cents: 2_000, method: 'card' };
    const started = await api('POST', '/payments/deposits', {
      ...body,
      return_to: '/el/game/golden-drachma',
    });
    expect(started.statusCode).toBe(201);
    const { payment, redirect_url: redirectUrl } = started.json();
    const submitted = await payOnHostedPage(redirectUrl, '4242 4242 4242 4242');
    expect(submitted.headers.location).toBe(`/el/game/golden-drachma?payment=${payment.id}`);
    // Never off the site, nor to a page that is not a game's.
    for (const returnTo of [
      'https://evil.example/game/x',
      '//evil.example/game/x',
      '/profile/general',
      '/game/../x',
    ])
      expect((await api('POST', '/payments/deposits', { ...body, return_to: returnTo })).statusCode).toBe(
        422,
      );
  });

  it('leaves the balance alone when the card is declined, with the reason', async () => {
    const { api, deposit, paymentStatus, eur } = as(await newPlayer(app, { funded: 1_000 }));
    const { id } = await deposit(2_000, '4000 0000 0000 0002');
    await waitUntil(async () => expect(await paymentStatus(id)).toBe('failed'));
    expect((await api('GET', `/player/payments/${id}`)).json().failure_reason).toBe('The card was declined');
    expect(await eur()).toMatchObject({ amount_cents: 1_000 });
  });

  it('asks for 3-D Secure and credits after the challenge is passed', async () => {
    const { deposit, paymentStatus, eur } = as(await newPlayer(app));
    const { id, submitted } = await deposit(1_500, '4000 0000 0000 3220');
    expect(submitted.headers.location).toMatch(/^\/sandbox-psp\/3ds\//);
    const challenge = await app.inject({ url: submitted.headers.location as string });
    expect(challenge.body).toContain('3-D Secure');
    expect(await paymentStatus(id)).not.toBe('succeeded');
    const approved = await app.inject({
      method: 'POST',
      url: submitted.headers.location as string,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'action=approve',
    });
    expect(approved.statusCode).toBe(303);
    await waitUntil(async () => expect(await paymentStatus(id)).toBe('succeeded'));
    expect(await eur()).toMatchObject({ amount_cents: 1_500 });
  });

  it('shows the card form again with the problems of a mistyped card', async () => {
    const { api } = as(await newPlayer(app));
    const started = (
      await api('POST', '/payments/deposits', { currency: 'EUR', amount_cents: 1_000, method: 'card' })
    ).json();
    const response = await app.inject({
      method: 'POST',
      url: started.redirect_url,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'number=4242424242424241&expiry=01/20&cvc=1&name=&action=pay',
    });
    expect(response.statusCode).toBe(422);
    for (const message of ['valid card number', 'future expiry', '3 or 4 digits', 'name on the card']) {
      expect(response.body).toContain(message);
    }
  });

  it('refuses amounts outside the method limits and malformed amounts', async () => {
    const { api } = as(await newPlayer(app));
    for (const [amount, error, code, params] of [
      [999, 'must be at least 1000', 'cashier.amount_below_minimum', { min: 1000, currency: 'EUR' }],
      [500_001, 'must be at most 500000', 'cashier.amount_above_maximum', { max: 500_000, currency: 'EUR' }],
    ] as const) {
      const response = await api('POST', '/payments/deposits', {
        currency: 'EUR',
        amount_cents: amount,
        method: 'card',
      });
      expect(response.statusCode).toBe(422);
      expect(response.json()).toEqual({
        errors: { amount_cents: [error] },
        codes: { amount_cents: [code] },
        params: { amount_cents: [params] },
      });
    }
    const greek = await api(
      'POST',
      '/payments/deposits',
      { currency: 'EUR', amount_cents: 999, method: 'card' },
      { 'accept-language': 'el' },
    );
    expect(greek.json().errors.amount_cents).toEqual(['Το ποσό πρέπει να είναι τουλάχιστον 1000 (σε λεπτά)']);
    for (const amount of [0, -100, 10.5, '1000']) {
      const response = await api('POST', '/payments/deposits', {
        currency: 'EUR',
        amount_cents: amount,
        method: 'card',
      });
      expect(response.statusCode).toBe(422);
    }
  });

  it('verifies webhooks: forged, stale, altered or repeated ones change nothing', async () => {
    const { api, deposit, paymentStatus, eur } = as(await newPlayer(app));
    const { id } = await deposit(3_000, '4242 4242 4242 4242');
    await waitUntil(async () => expect(await paymentStatus(id)).toBe('succeeded'));
    expect(await eur()).toMatchObject({ amount_cents: 3_000 });
    const payment = (await api('GET', `/player/payments/${id}`)).json();
    const send = (body: string, signature: string) =>
      app.inject({
        method: 'POST',
        url: '/api/payments/webhooks/sandbox',
        headers: { 'content-type': 'application/json', 'x-sandbox-signature': signature },
        body,
      });
    const [stored] = await app.database.db
      .execute(
        // biome-ignore lint/suspicious/noExplicitAny: raw row
        `select provider_reference from payments where id = '${id}'` as any,
      )
      .then((r) => (r as unknown as { rows: { provider_reference: string }[] }).rows);
    const event = (type: string, amount = 3_000) =>
      JSON.stringify({
        id: `evt_${type}_${amount}`,
        type,
        data: { id: stored?.provider_reference, merchant_reference: payment.id, amount, currency: 'EUR' },
      });
    expect(
      (await send(event('payment.succeeded'), signWebhook(event('payment.succeeded'), 'not the secret')))
        .statusCode,
    ).toBe(400);
    const stale = signWebhook(event('payment.succeeded'), pspSecret, Date.now() - 10 * 60 * 1000);
    expect((await send(event('payment.succeeded'), stale)).statusCode).toBe(400);
    const altered = await send(
      event('payment.succeeded', 300_000),
      signWebhook(event('payment.succeeded', 300_000), pspSecret),
    );
    expect(altered.json()).toEqual({ received: true, outcome: 'ignored' });
    const twice = await send(event('payment.succeeded'), signWebhook(event('payment.succeeded'), pspSecret));
    expect(twice.json()).toEqual({ received: true, outcome: 'duplicate' });
    const late = await send(event('payment.failed'), signWebhook(event('payment.failed'), pspSecret));
    expect(late.json().outcome).toBe('duplicate');
    expect(await paymentStatus(id)).toBe('succeeded');
    expect(await eur()).toMatchObject({ amount_cents: 3_000 });
  });

  it('pays out a small withdrawal without an operator and holds the money until then', async () => {
    const { withdraw, paymentStatus, eur } = as(await newPlayer(app, { funded: 9_500 }));
    const refused = await withdraw('EUR', 9_501);
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toEqual({
      errors: { amount_cents: ['is more than the balance available to cash out'] },
      codes: { amount_cents: ['cashier.amount_over_available'] },
      params: { amount_cents: [{ available: 9_500, currency: 'EUR' }] },
    });

    const small = await withdraw('EUR', 2_500);
    expect(small.json()).toMatchObject({ status: 'approved' });
    expect(await eur()).toMatchObject({ amount_cents: 7_000, available_to_cashout_cents: 7_000 });
    await waitUntil(async () => expect(await paymentStatus(small.json().id)).toBe('paid'), {});
    expect(await eur()).toMatchObject({ amount_cents: 7_000 });
  });

  it('lets the player cancel a pending withdrawal and an operator approve or reject one', async () => {
    const { api, withdraw, paymentStatus, eur } = as(await newPlayer(app, { funded: 55_000 }));
    const first = (await withdraw('EUR', 2_000)).json();
    // 20.00 is under the 100.00 auto-approval threshold: approved at once. Larger ones wait for review.
    expect(first.status).toBe('approved');
    await waitUntil(async () => expect(await paymentStatus(first.id)).toBe('paid'));
    expect(await eur()).toMatchObject({ amount_cents: 53_000 });

    const cancelled = (await withdraw('EUR', 15_000)).json();
    expect(cancelled.status).toBe('pending');
    expect(await eur()).toMatchObject({ amount_cents: 38_000 });
    expect((await api('DELETE', `/payments/withdrawals/${cancelled.id}`)).json().status).toBe('cancelled');
    expect((await api('DELETE', `/payments/withdrawals/${cancelled.id}`)).statusCode).toBe(409);
    expect(await eur()).toMatchObject({ amount_cents: 53_000 });

    const approved = (await withdraw('EUR', 12_000)).json();
    const rejected = (await withdraw('EUR', 13_000)).json();
    const awaiting = (await operator('/withdrawals')).json().map((p: { id: string }) => p.id);
    expect(awaiting).toEqual(expect.arrayContaining([approved.id, rejected.id]));
    expect(awaiting).not.toContain(cancelled.id);
    expect((await operator(`/withdrawals/${approved.id}/approve`, {})).json().status).toBe('approved');
    expect(
      (await operator(`/withdrawals/${rejected.id}/reject`, { reason: 'Documents needed' })).json().status,
    ).toBe('rejected');
    expect((await api('DELETE', `/payments/withdrawals/${approved.id}`)).statusCode).toBe(409);
    await waitUntil(async () => expect(await paymentStatus(approved.id)).toBe('paid'));
    expect(await eur()).toMatchObject({ amount_cents: 41_000 });
  });

  it('writes every decision on a withdrawal to the compliance audit trail: who, what, from where', async () => {
    const player = await newPlayer(app, { funded: 40_000 });
    const { withdraw } = as(player);
    const automatic = (await withdraw('EUR', 3_000)).json();
    const approved = (await withdraw('EUR', 11_000)).json();
    const rejected = (await withdraw('EUR', 12_000)).json();
    await operator(`/withdrawals/${approved.id}/approve`, {});
    await operator(`/withdrawals/${rejected.id}/reject`, { reason: 'Documents needed' });
    // Refused decisions change nothing and leave no record.
    expect((await operator(`/withdrawals/${approved.id}/reject`, { reason: 'Too late' })).statusCode).toBe(
      409,
    );

    const trail = await app.database.db
      .select()
      .from(schema.complianceAuditLog)
      .where(eq(schema.complianceAuditLog.playerId, player.id))
      .orderBy(asc(schema.complianceAuditLog.id));
    const of = (payment: { id: string }, amount: number) => ({
      payment: payment.id,
      amount,
      currency: 'EUR',
      method: 'card',
    });
    // The deployment's OPERATOR_API_TOKEN acts as its own automation account.
    const byToken = await automationActor(app);
    expect(trail.map(({ actor, action, details, ip }) => ({ actor, action, details, ip }))).toEqual([
      {
        actor: 'system',
        action: 'withdrawal.approved',
        details: { ...of(automatic, 3_000), automatic: true },
        ip: null,
      },
      {
        actor: byToken,
        action: 'withdrawal.approved',
        details: { ...of(approved, 11_000), automatic: false },
        ip: '127.0.0.1',
      },
      {
        actor: byToken,
        action: 'withdrawal.rejected',
        details: { ...of(rejected, 12_000), reason: 'Documents needed' },
        ip: '127.0.0.1',
      },
    ]);
  });

  it('returns the money of a payout the bank refused', async () => {
    const { api, withdraw, paymentStatus, eur } = as(await newPlayer(app, { funded: 30_000 }));
    const failing = (await withdraw('EUR', 20_666)).json();
    expect(await eur()).toMatchObject({ amount_cents: 30_000 - 20_666 });
    await operator(`/withdrawals/${failing.id}/approve`, {});
    await waitUntil(async () => expect(await paymentStatus(failing.id)).toBe('failed'));
    expect((await api('GET', `/player/payments/${failing.id}`)).json().failure_reason).toBe(
      'The beneficiary bank rejected the transfer',
    );
    expect(await eur()).toMatchObject({ amount_cents: 30_000 });
  });

  it('keeps the operator API closed without the token', async () => {
    const response = await app.inject({
      url: '/api/operator/withdrawals',
      headers: { authorization: 'Bearer nope' },
    });
    expect(response.statusCode).toBe(401);
  });

  it('switches the active currency, one account active at a time', async () => {
    const { api } = as(await newPlayer(app));
    const accounts = (await api('POST', '/player/accounts', { currency: 'USD' })).json();
    expect(accounts.map((a: { currency: string; active: boolean }) => [a.currency, a.active])).toEqual([
      ['EUR', false],
      ['USD', true],
    ]);
    expect((await api('GET', '/player')).json().currency).toBe('USD');
    expect((await api('POST', '/player/accounts', { currency: 'XXX' })).statusCode).toBe(422);
    await api('POST', '/player/accounts', { currency: 'EUR' });
    expect(
      (await api('GET', '/player/accounts')).json().filter((a: { active: boolean }) => a.active),
    ).toHaveLength(1);
  });

  it('lists every movement in the history, filters it and exports it as CSV', async () => {
    const { api, fund, withdraw, paymentStatus } = as(await newPlayer(app));
    for (const amount of [5_000, 1_500, 3_000, 50_000]) await fund('EUR', amount);
    const paidOut = (await withdraw('EUR', 2_000)).json();
    await waitUntil(async () => expect(await paymentStatus(paidOut.id)).toBe('paid'));

    const all = (await api('GET', '/player/transactions?per_page=100')).json();
    expect(all.total).toBe(all.items.length);
    expect(all.items.filter((t: { kind: string }) => t.kind === 'deposit')).toHaveLength(4);
    // Each deposit and withdrawal movement names the method the player paid with or was paid to.
    const cashier = all.items.filter((t: { kind: string }) => t.kind !== 'bet' && t.kind !== 'win');
    // The four deposits, and the withdrawal held then paid out.
    expect(cashier.map((t: { kind: string }) => t.kind).sort()).toEqual([
      'deposit',
      'deposit',
      'deposit',
      'deposit',
      'payout',
      'withdrawal_hold',
    ]);
    expect(new Set(cashier.map((t: { method: string | null }) => t.method))).toEqual(new Set(['card']));
    const deposits = (await api('GET', '/player/transactions?kind=deposit&per_page=2&page=2')).json();
    expect(deposits).toMatchObject({ total: 4, page: 2, per_page: 2 });
    expect(deposits.items.map((t: { amount_cents: number }) => t.amount_cents)).toEqual([1_500, 5_000]);
    const csv = await api('GET', '/player/transactions.csv?kind=deposit');
    expect(csv.headers['content-type']).toMatch(/text\/csv/);
    expect(csv.body.split('\n')[0]).toBe('date,type,currency,amount,real,bonus,held,game,method,round');
    expect(csv.body).toContain(',deposit,EUR,500.00,500.00,0.00,0.00,,card,');
    expect((await api('GET', '/player/transactions?kind=poker')).statusCode).toBe(422);
  });

  it('approves a withdrawal without an operator only under its currency’s threshold, never in crypto', async () => {
    const player = as(await newPlayer(app));
    await player.fund('EUR', 30_000);
    expect((await player.withdraw('EUR', 5_000)).json().status).toBe('approved');
    expect((await player.withdraw('EUR', 15_000)).json().status).toBe('pending');

    // 99.99 ETH is under 100 whole units, but ETH has no threshold: an operator decides.
    await player.api('POST', '/player/accounts', { currency: 'ETH' });
    await player.fund('ETH', 100 * 10 ** 8);
    const ether = await player.withdraw('ETH', 9_999_000_000);
    expect(ether.statusCode).toBe(201);
    expect(ether.json().status).toBe('pending');

    await player.api('POST', '/player/accounts', { currency: 'BTC' });
    await player.fund('BTC', 10_000_000);
    const bitcoin = await player.withdraw('BTC', 50_000);
    expect(bitcoin.statusCode).toBe(201);
    expect(bitcoin.json().status).toBe('pending');

    const awaiting = (await operator('/withdrawals')).json().map((p: { id: string }) => p.id);
    expect(awaiting).toEqual(expect.arrayContaining([ether.json().id, bitcoin.json().id]));
  });

  it('refuses a deposit or withdrawal in a currency the player holds no account in', async () => {
    const player = as(await newPlayer(app));
    const accounts = async () =>
      (await player.api('GET', '/player/accounts')).json().map((a: { currency: string }) => a.currency);
    expect(await accounts()).toEqual(['EUR']);
    for (const refused of [
      await player.api('POST', '/payments/deposits', {
        currency: 'USD',
        amount_cents: 5_000,
        method: 'card',
      }),
      await player.withdraw('USD', 5_000),
    ]) {
      expect(refused.statusCode).toBe(422);
      expect(refused.json()).toEqual({
        errors: { currency: ['You have no USD account: add it to your accounts first'] },
        codes: { currency: ['cashier.no_account'] },
        params: { currency: [{ currency: 'USD' }] },
      });
    }
    expect((await player.api('GET', '/player/payments')).json()).toEqual([]);
    expect(await accounts()).toEqual(['EUR']);

    // Once the player adds the account, the money goes there and shows in it.
    await player.api('POST', '/player/accounts', { currency: 'USD' });
    await player.fund('USD', 5_000);
    expect(await player.account('USD')).toMatchObject({
      amount_cents: 5_000,
      available_to_cashout_cents: 5_000,
    });
  });

  it('keeps the ledger balanced', async () => {
    expect(await auditLedger(app.database.db)).toEqual({
      driftingAccounts: [],
      negativeAccounts: 0,
      ledgerTotal: 0,
      unbalancedTransactions: 0,
    });
  });
});
