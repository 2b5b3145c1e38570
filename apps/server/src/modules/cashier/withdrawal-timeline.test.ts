import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import type { Payment } from '@chrysos/contract';
import { testDatabaseKinds } from '@chrysos/db/testing';
import { Centrifuge } from 'centrifuge';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../testing/build-test-app.ts';
import { newPlayer, type TestPlayer } from '../../testing/factories.ts';
import { waitUntil } from '../../testing/wait.ts';

const fixtures = fileURLToPath(new URL('../content/fixtures', import.meta.url));
const operatorToken = 'operator-token-for-tests-0123456789abcdef';
const hour = 3_600_000;

/**
 * A withdrawal's timeline (requested → approved → sent) with the time its next step is expected by,
 * as two players read theirs, and each step published on the player's own `payments_changes`
 * channel, received by the official realtime client.
 */
describe.each(testDatabaseKinds)('the withdrawal timeline on %s', (kind) => {
  let app: Awaited<ReturnType<typeof buildTestApp>>;
  let wsUrl = '';
  const clients: Centrifuge[] = [];

  beforeAll(async () => {
    app = await buildTestApp(
      kind,
      {
        CONTENT_DIR: fixtures,
        OPERATOR_API_TOKEN: operatorToken,
        // Every withdrawal waits for an operator; the operator promises a decision within 48 hours.
        WITHDRAWAL_AUTO_APPROVE_BELOW: '{}',
        WITHDRAWAL_APPROVAL_HOURS: '48',
        WITHDRAWAL_PAYOUT_HOURS: '6',
      },
      { events: { pollMs: 20, holeGraceMs: 100, retryMs: 20 } },
    );
    await app.listen({ host: '127.0.0.1', port: 0 });
    wsUrl = `ws://127.0.0.1:${(app.server.address() as AddressInfo).port}/connection/websocket`;
  });
  afterAll(async () => {
    for (const client of clients) client.disconnect();
    await app.closeAll();
  });

  const as = (player: TestPlayer) => ({
    withdraw: (amount: number) =>
      app.inject({
        method: 'POST',
        url: '/api/payments/withdrawals',
        headers: { cookie: player.cookie },
        payload: { currency: 'EUR', amount_cents: amount, method: 'card' },
      }),
    payments: async (): Promise<Payment[]> =>
      (await app.inject({ url: '/api/player/payments', headers: { cookie: player.cookie } })).json(),
  });
  const approve = (id: string) =>
    app.inject({
      method: 'POST',
      url: `/api/operator/withdrawals/${id}/approve`,
      headers: { authorization: `Bearer ${operatorToken}` },
    });

  /** Delivers the sandbox's webhooks into the app, as the running cashier does. */
  const deliverByInject = async (url: string, headers: Record<string, string>, body: string) =>
    (
      await app.inject({
        method: 'POST',
        url,
        headers: { ...headers, 'content-type': 'application/json' },
        body,
      })
    ).statusCode;

  /** The player's `payments_changes` channel as their browser subscribes to it, with what arrives. */
  async function listen(player: TestPlayer) {
    const settings = (
      await app.inject({ url: '/api/player/settings', headers: { cookie: player.cookie } })
    ).json().cent;
    const client = new Centrifuge(wsUrl, { token: settings.token, minReconnectDelay: 50, timeout: 10_000 });
    clients.push(client);
    const received: Payment[] = [];
    const subscription = client.newSubscription(`payments_changes#${settings.user}`);
    subscription.on('publication', (context) => received.push(context.data as Payment));
    const subscribed = new Promise((resolve) => subscription.once('subscribed', resolve));
    subscription.subscribe();
    client.connect();
    await subscribed;
    return received;
  }

  it("shows each player their own withdrawal's steps and the time the next is expected by", async () => {
    const eleni = await newPlayer(app, { funded: 50_000 });
    const nikos = await newPlayer(app, { funded: 20_000 });
    const requested = (await as(eleni).withdraw(30_000)).json() as Payment;
    await as(nikos).withdraw(5_000);
    const created = Date.parse(requested.created_at);
    expect(requested.timeline).toEqual([
      { step: 'requested', at: requested.created_at, expected_by: null },
      { step: 'approved', at: null, expected_by: new Date(created + 48 * hour).toISOString() },
      { step: 'sent', at: null, expected_by: null },
    ]);
    const eleniSees = await as(eleni).payments();
    expect(eleniSees.map((payment) => payment.amount_cents)).toEqual([30_000]);
    const nikosSees = await as(nikos).payments();
    expect(nikosSees.map((payment) => payment.amount_cents)).toEqual([5_000]);
    expect(nikosSees[0]?.timeline?.[0]?.step).toBe('requested');
  });

  it('publishes the approval on the player’s channel, then the payout, each with its timeline', async () => {
    const eleni = await newPlayer(app, { funded: 50_000 });
    const received = await listen(eleni);
    const requested = (await as(eleni).withdraw(30_000)).json() as Payment;
    await waitUntil(() => expect(received.map((payment) => payment.status)).toContain('pending'));

    // Each step is published as the payment stands when it is delivered, so a payout that lands first
    // would be all the player sees: the sandbox bank holds its transfer until the approval has arrived.
    app.sandboxPsp.stop();
    expect((await approve(requested.id)).statusCode).toBe(200);
    await waitUntil(() => expect(received.map((payment) => payment.status)).toContain('approved'));
    const approved = received.find((payment) => payment.status === 'approved');
    const approvedAt = approved?.timeline?.[1]?.at;
    expect(approved?.id).toBe(requested.id);
    expect(approved?.timeline).toEqual([
      { step: 'requested', at: requested.created_at, expected_by: null },
      { step: 'approved', at: expect.any(String), expected_by: null },
      {
        step: 'sent',
        at: null,
        expected_by: new Date(Date.parse(approvedAt ?? '') + 6 * hour).toISOString(),
      },
    ]);

    // The sandbox provider pays it out: the last step arrives the same way.
    app.sandboxPsp.start(deliverByInject);
    await waitUntil(async () => {
      await app.sandboxPsp.deliverDue(0);
      expect(received.map((payment) => payment.status)).toContain('paid');
    });
    const paid = received.find((payment) => payment.status === 'paid');
    expect(paid?.timeline?.map((step) => [step.step, step.at !== null])).toEqual([
      ['requested', true],
      ['approved', true],
      ['sent', true],
    ]);
    expect(received.every((payment) => payment.id === requested.id)).toBe(true);
  });
});
