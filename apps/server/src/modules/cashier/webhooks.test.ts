import { schema } from '@chrysos/db';
import { testDatabaseKinds } from '@chrysos/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rateLimits } from '../../platform/rate-limit.ts';
import { cookieOf } from '../../testing/accounts.ts';
import { buildTestApp } from '../../testing/build-test-app.ts';
import { signWebhook } from './sandbox/sandbox-psp.ts';

const pspSecret = 'sandbox-psp-secret-for-webhook-tests-0123';
const url = '/api/payments/webhooks/sandbox';

describe.each(testDatabaseKinds)('payment webhooks on %s', (kind) => {
  let app: Awaited<ReturnType<typeof buildTestApp>>;
  let payment = { id: '', reference: '' };

  beforeAll(async () => {
    app = await buildTestApp(kind, { SANDBOX_PSP_SECRET: pspSecret });
    // Deliveries of the sandbox itself are left to the test.
    await app.sandboxPsp.stop();
    const created = await app.inject({
      method: 'POST',
      url: '/api/users',
      payload: {
        user: {
          email: 'webhooks@example.gr',
          password: 'correct horse battery',
          country: 'GR',
          terms_acceptance: true,
          age_acceptance: true,
        },
      },
    });
    const started = await app.inject({
      method: 'POST',
      url: '/api/payments/deposits',
      headers: { cookie: cookieOf(created) },
      payload: { currency: 'EUR', amount_cents: 2_000, method: 'card' },
    });
    expect(started.statusCode).toBe(201);
    const reference = String(started.json().redirect_url).split('/').pop()?.split('?')[0] ?? '';
    payment = { id: started.json().payment.id, reference };
  });
  afterAll(() => app.closeAll());

  const storedRows = async () => (await app.database.db.select().from(schema.paymentWebhooks)).length;
  const event = (id: string, amount = 2_000) =>
    JSON.stringify({
      id,
      type: 'payment.succeeded',
      data: { id: payment.reference, merchant_reference: payment.id, amount, currency: 'EUR' },
    });
  const deliver = (body: string, signature: string | undefined, remoteAddress: string) =>
    app.inject({
      method: 'POST',
      url,
      remoteAddress,
      headers: {
        'content-type': 'application/json',
        ...(signature === undefined ? {} : { 'x-sandbox-signature': signature }),
      },
      body,
    });

  it('stores nothing of a delivery whose signature is missing, wrong or stale', async () => {
    const before = await storedRows();
    const body = `{"filler":"${'x'.repeat(9_000)}"}`;
    for (const signature of [
      undefined,
      'garbage',
      signWebhook(body, 'not the secret of the sandbox psp'),
      signWebhook(body, pspSecret, Date.now() - 10 * 60 * 1000),
    ]) {
      const response = await deliver(body, signature, '10.1.0.1');
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        errors: { signature: ['The webhook signature is invalid or stale'] },
        codes: { signature: ['cashier.webhook_signature_invalid'] },
      });
    }
    expect(await storedRows()).toBe(before);
  });

  it('stores nothing of a signed delivery that carries no event it reads', async () => {
    const before = await storedRows();
    for (const body of [
      'null',
      '{"id":"evt_1","type":"payment.refunded","data":{}}',
      event('evt_\u0000'),
      event('evt_x').replace(payment.id, 'not-a-payment-id'),
    ]) {
      const response = await deliver(body, signWebhook(body, pspSecret), '10.2.0.1');
      expect(response.statusCode).toBe(422);
      expect(response.json()).toEqual({
        errors: { body: ['The webhook carries no event this casino reads'] },
        codes: { body: ['cashier.webhook_unreadable'] },
      });
    }
    expect(await storedRows()).toBe(before);
  });

  it('slows down an address that keeps sending refused deliveries, never the provider’s signed ones', async () => {
    const address = '10.3.0.1';
    for (let attempt = 1; attempt <= rateLimits.refusedWebhook.max; attempt++) {
      expect((await deliver('{"forged":true}', 'v1=00', address)).statusCode).toBe(400);
    }
    const limited = await deliver('{"forged":true}', 'v1=00', address);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().errors.base[0]).toMatch(
      /^Too many refused deliveries\. Please try again in \d+ seconds\.$/,
    );
    expect(limited.json().codes).toEqual({ base: ['cashier.too_many_refused_webhooks'] });
    // Another address is not slowed down, and a signed delivery from the limited one still arrives.
    expect((await deliver('{"forged":true}', 'v1=00', '10.3.0.2')).statusCode).toBe(400);
    const body = event('evt_signed');
    const signed = await deliver(body, signWebhook(body, pspSecret), address);
    expect(signed.statusCode).toBe(200);
    expect(signed.json()).toEqual({ received: true, outcome: 'applied' });
    const rows = await app.database.db.select().from(schema.paymentWebhooks);
    expect(rows).toEqual([
      expect.objectContaining({ eventId: 'evt_signed', verified: true, outcome: 'applied' }),
    ]);
  });
});
