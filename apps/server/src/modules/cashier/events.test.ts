import { fileURLToPath } from 'node:url';
import { testDatabaseKinds } from '@chrysos/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DomainEvent } from '../../platform/events.ts';
import { buildTestApp } from '../../testing/build-test-app.ts';
import { newPlayer, type TestPlayer } from '../../testing/factories.ts';
import { waitUntil } from '../../testing/wait.ts';

const fixtures = fileURLToPath(new URL('../content/fixtures', import.meta.url));
const operatorToken = 'operator-token-for-tests-0123456789abcdef';
const cashierEvents = [
  'cashier.deposit_succeeded',
  'cashier.deposit_failed',
  'cashier.withdrawal_requested',
  'cashier.withdrawal_approved',
  'cashier.withdrawal_cancelled',
  'cashier.withdrawal_rejected',
  'cashier.withdrawal_paid',
  'cashier.withdrawal_failed',
] as const;
type CashierEvent = DomainEvent<(typeof cashierEvents)[number]>;

describe.each(testDatabaseKinds)('cashier events on %s', (kind) => {
  let app: Awaited<ReturnType<typeof buildTestApp>>;
  const seen: CashierEvent[] = [];

  beforeAll(async () => {
    app = await buildTestApp(
      kind,
      { CONTENT_DIR: fixtures, OPERATOR_API_TOKEN: operatorToken },
      {
        events: { pollMs: 20, holeGraceMs: 100 },
        beforeReady: (app) => app.events.on(cashierEvents, 'test.cashier', (event) => void seen.push(event)),
      },
    );
  });
  afterAll(() => app.closeAll());

  /** The events of one payment, by name, in the order they were published. */
  const of = (paymentId: string) =>
    seen.filter((event) => event.payload.paymentId === paymentId).map((event) => event.name);

  function as(player: TestPlayer) {
    const api = (method: 'POST' | 'DELETE', url: string, payload?: Record<string, unknown>) =>
      app.inject({
        method,
        url: `/api${url}`,
        headers: { cookie: player.cookie },
        ...(payload ? { payload } : {}),
      });
    const deposit = async (amount: number, card: string) => {
      const started = (
        await api('POST', '/payments/deposits', { currency: 'EUR', amount_cents: amount, method: 'card' })
      ).json();
      await app.inject({
        method: 'POST',
        url: started.redirect_url,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams({
          number: card,
          expiry: '12/39',
          cvc: '123',
          name: 'Eleni P',
          action: 'pay',
        }).toString(),
      });
      return started.payment.id as string;
    };
    const withdraw = async (amount: number) =>
      (
        await api('POST', '/payments/withdrawals', { currency: 'EUR', amount_cents: amount, method: 'card' })
      ).json().id as string;
    return { api, deposit, withdraw };
  }

  it('announces each deposit’s outcome once, with what the payment was', async () => {
    const player = await newPlayer(app);
    const { deposit } = as(player);
    const paid = await deposit(5_000, '4242 4242 4242 4242');
    const declined = await deposit(2_000, '4000 0000 0000 0002');
    await waitUntil(
      () =>
        expect([of(paid), of(declined)]).toEqual([['cashier.deposit_succeeded'], ['cashier.deposit_failed']]),
      { interval: 20 },
    );
    expect(seen.find((event) => event.payload.paymentId === paid)?.payload).toEqual({
      paymentId: paid,
      playerId: player.id,
      currency: 'EUR',
      amount: 5_000,
      method: 'card',
      bonusCode: null,
    });
    expect(seen.find((event) => event.payload.paymentId === declined)?.payload).toMatchObject({
      reason: 'The card was declined',
    });
  });

  it('follows a withdrawal from request to payout, cancel, rejection or a refused payout', async () => {
    const { api, withdraw } = as(await newPlayer(app, { funded: 100_000 }));
    const operator = (url: string, payload: Record<string, unknown>) =>
      app.inject({
        method: 'POST',
        url: `/api/operator${url}`,
        headers: { authorization: `Bearer ${operatorToken}` },
        payload,
      });

    const small = await withdraw(5_000);
    const cancelled = await withdraw(15_000);
    await api('DELETE', `/payments/withdrawals/${cancelled}`);
    const rejected = await withdraw(13_000);
    await operator(`/withdrawals/${rejected}/reject`, { reason: 'Documents needed' });
    const refused = await withdraw(20_666);
    await operator(`/withdrawals/${refused}/approve`, {});

    await waitUntil(
      () =>
        expect([of(small), of(cancelled), of(rejected), of(refused)]).toEqual([
          ['cashier.withdrawal_requested', 'cashier.withdrawal_approved', 'cashier.withdrawal_paid'],
          ['cashier.withdrawal_requested', 'cashier.withdrawal_cancelled'],
          ['cashier.withdrawal_requested', 'cashier.withdrawal_rejected'],
          ['cashier.withdrawal_requested', 'cashier.withdrawal_approved', 'cashier.withdrawal_failed'],
        ]),
      { interval: 20 },
    );
    expect(
      seen.find(
        (event) => event.name === 'cashier.withdrawal_rejected' && event.payload.paymentId === rejected,
      )?.payload,
    ).toMatchObject({ amount: 13_000, reason: 'Documents needed' });
  });
});
