import { randomUUID } from 'node:crypto';
import { schema } from '@chrysos/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../testing/build-test-app.ts';
import { newPlayer } from '../../testing/factories.ts';
import { type PushServiceStandIn, startPushService } from '../../testing/push-service.ts';
import { waitUntil } from '../../testing/wait.ts';
import { issueTickets } from './issue-tickets.ts';
import { runDueDraws } from './run-draw.ts';
import { weekOf } from './week.ts';

describe('a lottery winner hears of the prize', () => {
  let app: Awaited<ReturnType<typeof buildTestApp>>;
  let pushService: PushServiceStandIn;
  beforeAll(async () => {
    pushService = await startPushService();
    app = await buildTestApp('pglite', { PUSH_LOOPBACK_SERVICE: 'true' });
  });
  afterAll(async () => {
    await app?.closeAll();
    await pushService?.close();
  });

  it('by web push in their language, opening their lottery tab', async () => {
    const player = await newPlayer(app);
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
    const at = new Date('2030-05-07T09:00:00Z');
    const week = weekOf(at);
    await app.database.db.transaction((tx) =>
      issueTickets(
        tx,
        app.events,
        { paymentId: randomUUID(), playerId: player.id, currency: 'EUR', amount: 40_00 },
        at,
      ),
    );
    const deps = { wallet: app.wallet, events: app.events };
    expect(await runDueDraws(app.database.db, deps, new Date(week.drawAt.getTime() + 1_000))).toContain(
      week.id,
    );

    // The only player wins first place: €1,000, said in Greek.
    await waitUntil(() => expect(pushService.received).toHaveLength(1), { interval: 50 });
    expect(pushService.received[0]?.payload).toEqual({
      title: 'Κερδίσατε στην εβδομαδιαία κλήρωση!',
      body: expect.stringMatching(
        /^Το λαχείο σας κέρδισε τη θέση 1 στην κλήρωση της Κυριακής: 1\.000,00\s€\.$/,
      ),
      url: '/el/profile/lottery',
      tag: `lottery:${week.id}`,
      kind: 'transactional',
    });
  });
});
