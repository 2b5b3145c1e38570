import { fileURLToPath } from 'node:url';
import { schema } from '@chrysos/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../testing/build-test-app.ts';
import { newPlayer } from '../../testing/factories.ts';
import { type PushServiceStandIn, startPushService } from '../../testing/push-service.ts';
import { waitUntil } from '../../testing/wait.ts';
import { studioCalls } from '../../testing/wallet/studio-calls.ts';

const fixtures = fileURLToPath(new URL('../content/fixtures', import.meta.url));
const secret = 'a-studio-secret-that-is-long-enough-1234';
const operatorToken = 'an-operator-token-that-is-long-enough-42';

describe('a jackpot winner hears of the win', () => {
  let app: Awaited<ReturnType<typeof buildTestApp>>;
  let pushService: PushServiceStandIn;
  beforeAll(async () => {
    pushService = await startPushService();
    app = await buildTestApp(
      'pglite',
      {
        CONTENT_DIR: fixtures,
        STUDIO_SECRET: secret,
        OPERATOR_API_TOKEN: operatorToken,
        JACKPOT_CURRENCIES: 'EUR',
        JACKPOT_TEST_DROP: 'on',
        PUSH_LOOPBACK_SERVICE: 'true',
      },
      { events: { pollMs: 20, holeGraceMs: 100, retryMs: 20 } },
    );
  });
  afterAll(async () => {
    await app?.closeAll();
    await pushService?.close();
  });

  it('by web push in their language, opening their transaction history', async () => {
    const player = await newPlayer(app, { funded: 10_000 });
    await app.database.db
      .update(schema.players)
      .set({ language: 'el' })
      .where(eq(schema.players.id, player.id));
    const subscribed = await app.inject({
      method: 'POST',
      url: '/api/player/push_subscriptions',
      headers: { cookie: player.cookie },
      payload: { ...pushService.subscribe(), expirationTime: null },
    });
    expect(subscribed.statusCode).toBe(201);
    const forced = await app.inject({
      method: 'POST',
      url: '/api/operator/jackpots/EUR/mini/drop',
      headers: { authorization: `Bearer ${operatorToken}` },
    });
    expect(forced.statusCode).toBe(200);
    const slot = studioCalls(app, player, { secret, gameCode: 'golden-drachma' });
    expect(await (await slot).bet('p1', 1_000)).toMatchObject({ status: 'RS_OK' });

    // The Mini at its seed, €50, and the bet's 5 cents: €50.05, said in Greek.
    await waitUntil(() => expect(pushService.received).toHaveLength(1), { interval: 50 });
    expect(pushService.received[0]?.payload).toEqual({
      title: 'Κερδίσατε το τζάκποτ Mini!',
      body: expect.stringMatching(/^50,05\s€ πιστώθηκαν στο πραγματικό σας υπόλοιπο\.$/),
      url: '/el/profile/wallet/transactions',
      tag: 'jackpot-mini',
      kind: 'transactional',
    });
  });
});
