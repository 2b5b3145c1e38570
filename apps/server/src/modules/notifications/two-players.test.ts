import { fileURLToPath } from 'node:url';
import type { PushMessage } from '@chrysos/contract';
import { schema } from '@chrysos/db';
import { testDatabaseKinds } from '@chrysos/db/testing';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../testing/build-test-app.ts';
import { newPlayer, type TestPlayer } from '../../testing/factories.ts';
import { type PushServiceStandIn, startPushService } from '../../testing/push-service.ts';
import { waitUntil } from '../../testing/wait.ts';

const fixtures = fileURLToPath(new URL('../content/fixtures', import.meta.url));

/** The guard of issue 31: two players whose settings differ, each sees only their own effect. */
describe.each(testDatabaseKinds)('notifications of two players on %s', (kind) => {
  let app: Awaited<ReturnType<typeof buildTestApp>>;
  let pushService: PushServiceStandIn;

  beforeAll(async () => {
    pushService = await startPushService();
    app = await buildTestApp(
      kind,
      { CONTENT_DIR: fixtures, PUSH_LOOPBACK_SERVICE: 'true' },
      { events: { pollMs: 20, holeGraceMs: 100 } },
    );
  });
  afterAll(async () => {
    await app?.closeAll();
    await pushService?.close();
  });

  const api = (player: TestPlayer, method: 'GET' | 'POST', url: string, payload?: object) =>
    app.inject({
      method,
      url: `/api${url}`,
      headers: { cookie: player.cookie },
      ...(payload ? { payload } : {}),
    });
  const pushesTo = (subscription: { endpoint: string }) =>
    pushService.received.filter((push) => push.subscription === pushService.idOf(subscription));

  async function deposit(player: TestPlayer, amount: number) {
    const started = await api(player, 'POST', '/payments/deposits', {
      currency: 'EUR',
      amount_cents: amount,
      method: 'card',
    });
    await app.inject({
      method: 'POST',
      url: started.json().redirect_url,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({
        number: '4242 4242 4242 4242',
        expiry: '12/39',
        cvc: '123',
        name: 'Eleni P',
        action: 'pay',
      }).toString(),
    });
  }

  it('keeps each player’s read records apart', async () => {
    const eleni = await newPlayer(app);
    const nikos = await newPlayer(app);
    const read = (slug: string) => ({
      slug,
      createdAt: '2026-11-20T08:00:00.000Z',
      readAt: '2026-11-21T09:00:00.000Z',
    });
    await api(eleni, 'POST', '/player/notification_reads', { records: [read('weekend-reload')] });
    await api(nikos, 'POST', '/player/notification_reads', {
      records: [read('vip-evening'), read('bonus:7')],
    });
    const slugs = async (player: TestPlayer) =>
      (await api(player, 'GET', '/player/notification_reads'))
        .json()
        .records.map((record: { slug: string }) => record.slug)
        .sort();
    expect(await slugs(eleni)).toEqual(['weekend-reload']);
    expect(await slugs(nikos)).toEqual(['bonus:7', 'vip-evening']);
  });

  it('pushes a deposit to its player’s browsers only, in that player’s language', async () => {
    const greek = await newPlayer(app);
    const english = await newPlayer(app);
    await app.database.db
      .update(schema.players)
      .set({ language: 'el' })
      .where(eq(schema.players.id, greek.id));
    const subscribe = async (player: TestPlayer) => {
      const subscription = pushService.subscribe();
      const answer = await api(player, 'POST', '/player/push_subscriptions', {
        ...subscription,
        expirationTime: null,
      });
      expect(answer.statusCode).toBe(201);
      return subscription;
    };
    const greekBrowser = await subscribe(greek);
    const englishBrowser = await subscribe(english);

    await deposit(greek, 5_000);
    await waitUntil(() => expect(pushesTo(greekBrowser)).toHaveLength(1), { interval: 50 });
    await deposit(english, 2_000);
    await waitUntil(() => expect(pushesTo(englishBrowser)).toHaveLength(1), { interval: 50 });

    // Each browser got its own player's deposit only, in its player's language.
    const toGreek = pushesTo(greekBrowser)[0]?.payload as PushMessage;
    expect(toGreek).toMatchObject({ title: 'Η κατάθεση πιστώθηκε', url: '/el/profile/wallet/transactions' });
    expect(toGreek.body).toContain('50,00');
    const toEnglish = pushesTo(englishBrowser)[0]?.payload as PushMessage;
    expect(toEnglish.url).toBe('/profile/wallet/transactions');
    expect(toEnglish.body).toContain('20.00');
    expect(toEnglish.body).not.toContain('50');
    expect(pushesTo(greekBrowser)).toHaveLength(1);
    expect(pushService.problems).toEqual([]);
  });
});
