import { fileURLToPath } from 'node:url';
import { notificationReadsKept, type PushMessage } from '@chrysos/contract';
import { schema } from '@chrysos/db';
import { testDatabaseKinds } from '@chrysos/db/testing';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import webpush from 'web-push';
import { buildTestApp } from '../../testing/build-test-app.ts';
import { newPlayer, type TestPlayer } from '../../testing/factories.ts';
import { type PushServiceStandIn, startPushService } from '../../testing/push-service.ts';
import { waitUntil } from '../../testing/wait.ts';
import { announceContentNotifications } from './announce.ts';
import { loadVapidKeys } from './vapid-keys.ts';

const fixtures = fileURLToPath(new URL('../content/fixtures', import.meta.url));

describe.each(testDatabaseKinds)('notifications and web push on %s', (kind) => {
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

  const api = (player: TestPlayer | null, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) =>
    app.inject({
      method,
      url: `/api${url}`,
      headers: { ...(player ? { cookie: player.cookie } : {}), 'accept-language': 'el' },
      ...(payload ? { payload } : {}),
    });

  async function subscribed(player: TestPlayer) {
    const subscription = pushService.subscribe();
    const answer = await api(player, 'POST', '/player/push_subscriptions', {
      ...subscription,
      expirationTime: null,
    });
    expect(answer.statusCode).toBe(201);
    return subscription;
  }
  const pushesTo = (subscription: { endpoint: string }) =>
    pushService.received.filter((push) => push.subscription === pushService.idOf(subscription));

  async function setPlayer(player: TestPlayer, values: Partial<typeof schema.players.$inferInsert>) {
    await app.database.db.update(schema.players).set(values).where(eq(schema.players.id, player.id));
  }

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

  describe('read records', () => {
    it('keeps what a device read for the player, so a second device agrees', async () => {
      const player = await newPlayer(app);
      expect((await api(player, 'GET', '/player/notification_reads')).json()).toEqual({ records: [] });
      const phone = {
        slug: 'weekend-reload-november',
        createdAt: '2026-11-20T08:00:00Z',
        readAt: '2026-11-21T09:00:00Z',
      };
      const saved = await api(player, 'POST', '/player/notification_reads', { records: [phone] });
      expect(saved.statusCode).toBe(200);
      // The laptop read the same notification later, and another one: the first reading stays.
      const laptop = await api(player, 'POST', '/player/notification_reads', {
        records: [
          { ...phone, readAt: '2026-11-22T10:00:00Z' },
          { slug: 'bonus:42', createdAt: '2026-11-21T00:00:00.000Z', readAt: '2026-11-22T11:00:00Z' },
        ],
      });
      expect(laptop.json().records).toEqual([
        { slug: 'bonus:42', createdAt: '2026-11-21T00:00:00.000Z', readAt: '2026-11-22T11:00:00.000Z' },
        { slug: phone.slug, createdAt: '2026-11-20T08:00:00.000Z', readAt: '2026-11-21T09:00:00.000Z' },
      ]);
      expect((await api(player, 'GET', '/player/notification_reads')).json()).toEqual(laptop.json());
      const other = await newPlayer(app);
      expect((await api(other, 'GET', '/player/notification_reads')).json()).toEqual({ records: [] });
      const answer = await api(player, 'GET', '/player/notification_reads');
      expect(answer.headers['cache-control']).toBe('private, no-store');
    });

    it('keeps the newest 100', async () => {
      const player = await newPlayer(app);
      const record = (index: number) => ({
        slug: `note-${index}`,
        createdAt: '2026-11-01T00:00:00.000Z',
        readAt: new Date(Date.UTC(2026, 10, 1, 0, index)).toISOString(),
      });
      await api(player, 'POST', '/player/notification_reads', {
        records: Array.from({ length: 100 }, (_, index) => record(index)),
      });
      const answer = await api(player, 'POST', '/player/notification_reads', {
        records: Array.from({ length: 10 }, (_, index) => record(100 + index)),
      });
      const slugs = answer.json().records.map((kept: { slug: string }) => kept.slug);
      expect(slugs).toHaveLength(notificationReadsKept);
      expect(slugs[0]).toBe('note-109');
      expect(slugs.at(-1)).toBe('note-10');
    });

    it('refuses a visitor and a malformed record', async () => {
      expect((await api(null, 'GET', '/player/notification_reads')).statusCode).toBe(401);
      const player = await newPlayer(app);
      const bad = await api(player, 'POST', '/player/notification_reads', {
        records: [{ slug: '../x', createdAt: 'yesterday', readAt: '2026-11-22T11:00:00Z' }],
      });
      expect(bad.statusCode).toBe(422);
      const tooMany = await api(player, 'POST', '/player/notification_reads', {
        records: Array.from({ length: 101 }, (_, index) => ({
          slug: `n${index}`,
          createdAt: '2026-11-01T00:00:00Z',
          readAt: '2026-11-02T00:00:00Z',
        })),
      });
      expect(tooMany.statusCode).toBe(422);
    });
  });

  describe('subscriptions', () => {
    it('gives the VAPID public key generated on first start and stored for every instance', async () => {
      const player = await newPlayer(app);
      const { publicKey } = (await api(player, 'GET', '/player/push_subscriptions/key')).json();
      const [stored] = await app.database.db.select().from(schema.webPushKeys);
      expect(stored?.publicKey).toBe(publicKey);
      expect(Buffer.from(publicKey, 'base64url')).toHaveLength(65);
      expect((await api(null, 'GET', '/player/push_subscriptions/key')).statusCode).toBe(401);
    });

    it('gives every instance the same key pair: the one stored first', async () => {
      const player = await newPlayer(app);
      const { publicKey } = (await api(player, 'GET', '/player/push_subscriptions/key')).json();
      // What another instance starting on this database does.
      const again = await loadVapidKeys(app.database.db, { VAPID_SUBJECT: 'mailto:ops@chrysos.casino' });
      expect(again.publicKey).toBe(publicKey);
    });

    it('accepts known push services only: never an internal or plain-http address', async () => {
      const player = await newPlayer(app);
      const keys = pushService.subscribe().keys;
      for (const endpoint of [
        'https://evil.example/push/1',
        'http://fcm.googleapis.com/fcm/send/abc',
        'https://10.0.0.7/push',
        'https://169.254.169.254/latest/meta-data',
        'https://fcm.googleapis.com.evil.example/x',
        'https://fcm.googleapis.com:8443/x',
      ]) {
        const answer = await api(player, 'POST', '/player/push_subscriptions', { endpoint, keys });
        expect(answer.statusCode, endpoint).toBe(422);
        expect(answer.json().codes).toEqual({ endpoint: ['notifications.push_service_not_allowed'] });
        expect(answer.json().errors.endpoint[0]).toMatch(/υπηρεσία ειδοποιήσεων/);
      }
      const good = await api(player, 'POST', '/player/push_subscriptions', {
        endpoint: 'https://fcm.googleapis.com/fcm/send/dGVzdA',
        keys,
      });
      expect(good.statusCode).toBe(201);
      const broken = await api(player, 'POST', '/player/push_subscriptions', {
        endpoint: 'https://fcm.googleapis.com/fcm/send/x',
        keys: { p256dh: 'short', auth: keys.auth },
      });
      expect(broken.statusCode).toBe(422);
      expect(
        (
          await api(null, 'POST', '/player/push_subscriptions', {
            endpoint: 'https://fcm.googleapis.com/x',
            keys,
          })
        ).statusCode,
      ).toBe(401);
    });

    it('keeps the ten newest browsers of a player', async () => {
      const player = await newPlayer(app);
      const endpoints: string[] = [];
      for (let index = 0; index < 12; index++) endpoints.push((await subscribed(player)).endpoint);
      const kept = await app.database.db
        .select({ endpoint: schema.pushSubscriptions.endpoint })
        .from(schema.pushSubscriptions)
        .where(eq(schema.pushSubscriptions.playerId, player.id));
      expect(kept.map((row) => row.endpoint).sort()).toEqual(endpoints.slice(2).sort());
    });

    it('forgets a subscription on DELETE, only the player’s own', async () => {
      const player = await newPlayer(app);
      const other = await newPlayer(app);
      const subscription = await subscribed(player);
      const rows = () =>
        app.database.db
          .select()
          .from(schema.pushSubscriptions)
          .where(eq(schema.pushSubscriptions.endpoint, subscription.endpoint));
      await api(other, 'DELETE', '/player/push_subscriptions', { endpoint: subscription.endpoint });
      expect(await rows()).toHaveLength(1);
      const answer = await api(player, 'DELETE', '/player/push_subscriptions', {
        endpoint: subscription.endpoint,
      });
      expect(answer.json()).toEqual({ subscribed: false });
      expect(await rows()).toHaveLength(0);
    });
  });

  describe('pushes from domain events', () => {
    it('tells a player of a confirmed deposit in their language, signed and encrypted to their browser', async () => {
      const greek = await newPlayer(app);
      await setPlayer(greek, { language: 'el' });
      const subscription = await subscribed(greek);
      const { publicKey } = (await api(greek, 'GET', '/player/push_subscriptions/key')).json();
      await deposit(greek, 5_000);
      await waitUntil(() => expect(pushesTo(subscription)).toHaveLength(1), { interval: 50 });
      const [push] = pushesTo(subscription);
      expect(push?.vapidKey).toBe(publicKey);
      expect(push?.claims.sub).toBe('mailto:support@chrysos.casino');
      expect(push?.urgency).toBe('high');
      const message = push?.payload as PushMessage;
      expect(message).toMatchObject({
        title: 'Η κατάθεση πιστώθηκε',
        url: '/el/profile/wallet/transactions',
        kind: 'transactional',
      });
      expect(message.body).toContain('50,00');
      expect(pushService.problems).toEqual([]);
    });

    it('tells a player their withdrawal was paid', async () => {
      const player = await newPlayer(app, { funded: 10_000 });
      const subscription = await subscribed(player);
      const requested = await api(player, 'POST', '/payments/withdrawals', {
        currency: 'EUR',
        amount_cents: 2_500,
        method: 'card',
      });
      expect(requested.statusCode).toBe(201);
      await waitUntil(() => expect(pushesTo(subscription)).toHaveLength(1), { interval: 50 });
      expect(pushesTo(subscription)[0]?.payload).toMatchObject({
        title: 'Withdrawal paid',
        body: 'We have sent €25.00 to your payment method.',
        url: '/profile/wallet/transactions',
      });
    });

    it('deletes a subscription the push service says is gone (410), at once', async () => {
      const player = await newPlayer(app);
      const gone = await subscribed(player);
      const live = await subscribed(player);
      pushService.answer(gone, 410);
      await deposit(player, 2_000);
      await waitUntil(() => expect(pushesTo(live)).toHaveLength(1), { interval: 50 });
      expect(pushesTo(live)[0]?.payload).toMatchObject({ title: 'Deposit received' });
      await waitUntil(
        async () =>
          expect(
            await app.database.db
              .select()
              .from(schema.pushSubscriptions)
              .where(eq(schema.pushSubscriptions.playerId, player.id)),
          ).toEqual([expect.objectContaining({ endpoint: live.endpoint })]),
        { interval: 50 },
      );
    });

    it('sends again later when the push service is briefly unavailable (503)', async () => {
      const player = await newPlayer(app);
      const subscription = await subscribed(player);
      pushService.answer(subscription, 503, 1);
      await deposit(player, 3_000);
      await waitUntil(() => expect(pushesTo(subscription)).toHaveLength(1), { interval: 100 });
      expect(pushService.attemptsAt(subscription)).toBe(2);
    });

    it('announces a new content notification to players who accepted promotions and may see it', async () => {
      const consenting = await newPlayer(app);
      const greek = await newPlayer(app);
      const declined = await newPlayer(app);
      const outsider = await newPlayer(app);
      await setPlayer(consenting, { receivePromos: true });
      await setPlayer(greek, { receivePromos: true, language: 'el' });
      await setPlayer(outsider, { receivePromos: true });
      await app.database.db.insert(schema.playerGroups).values([
        { playerId: consenting.id, group: 'vip' },
        { playerId: greek.id, group: 'vip' },
        { playerId: declined.id, group: 'vip' },
      ]);
      const subscriptions = {
        consenting: await subscribed(consenting),
        greek: await subscribed(greek),
        declined: await subscribed(declined),
        outsider: await subscribed(outsider),
      };
      const createdAt = new Date(Date.now() - 60_000).toISOString();
      const slug = `vip-evening-${kind}`;
      const item = (locale: 'en' | 'el', title: string, text: string) => ({
        collection: 'notificationsCollection',
        locale,
        stem: `99-${slug}`,
        data: {
          slug,
          createdAt,
          type: 'content',
          modal: 'Prize',
          preview: { title, text },
          body: text,
          visibilitySettings: { show: { group: ['vip'] } },
        },
        bodyHtml: `<p>${text}</p>`,
        checksum: `${slug}-${locale}`,
      });
      await app.database.db
        .insert(schema.contentItems)
        .values([
          item('en', 'VIP evening', 'Double comp points tonight.'),
          item('el', 'Βραδιά VIP', 'Διπλοί πόντοι comp απόψε.'),
        ]);
      await app.content.reload();
      await app.jobs.send('notifications.announce', {});

      await waitUntil(
        () => {
          expect(pushesTo(subscriptions.consenting)).toHaveLength(1);
          expect(pushesTo(subscriptions.greek)).toHaveLength(1);
        },
        { interval: 50 },
      );
      expect(pushesTo(subscriptions.consenting)[0]?.payload).toEqual({
        title: 'VIP evening',
        body: 'Double comp points tonight.',
        url: '/notifications#Prize',
        tag: `content-${slug}`,
        kind: 'promotional',
      });
      expect(pushesTo(subscriptions.consenting)[0]?.urgency).toBe('low');
      expect(pushesTo(subscriptions.greek)[0]?.payload).toMatchObject({
        title: 'Βραδιά VIP',
        url: '/el/notifications#Prize',
      });
      // Announced once: a second pass (another instance, the next minute) announces nothing more.
      expect(await announceContentNotifications(app.database.db, app, app.clock.now())).toBe(0);
      const marker = await newPlayer(app);
      const markerSubscription = await subscribed(marker);
      await deposit(marker, 1_000);
      await waitUntil(() => expect(pushesTo(markerSubscription)).toHaveLength(1), { interval: 50 });
      // The handler has passed the announcement: no consent, no push; not in the group, no push.
      expect(pushesTo(subscriptions.declined)).toEqual([]);
      expect(pushesTo(subscriptions.outsider)).toEqual([]);
      expect(pushesTo(subscriptions.consenting)).toHaveLength(1);
      expect(pushService.problems).toEqual([]);
    });
  });
});

describe('configured VAPID keys', () => {
  it('signs pushes with the configured pair and stores none', async () => {
    const pushService = await startPushService();
    const keys = webpush.generateVAPIDKeys();
    const app = await buildTestApp('pglite', {
      CONTENT_DIR: fixtures,
      PUSH_LOOPBACK_SERVICE: 'true',
      VAPID_PUBLIC_KEY: keys.publicKey,
      VAPID_PRIVATE_KEY: keys.privateKey,
      VAPID_SUBJECT: 'https://chrysos.casino/contact',
    });
    try {
      const player = await newPlayer(app);
      const key = await app.inject({
        url: '/api/player/push_subscriptions/key',
        headers: { cookie: player.cookie },
      });
      expect(key.json()).toEqual({ publicKey: keys.publicKey });
      expect(await app.database.db.select().from(schema.webPushKeys)).toEqual([]);
      const subscription = pushService.subscribe();
      await app.inject({
        method: 'POST',
        url: '/api/player/push_subscriptions',
        headers: { cookie: player.cookie },
        payload: subscription,
      });
      await app.database.db.transaction((tx) =>
        app.events.publish(tx, 'cashier.deposit_succeeded', {
          paymentId: 'a0000000-0000-4000-8000-000000000001',
          playerId: player.id,
          currency: 'EUR',
          amount: 1_000,
          method: 'card',
          bonusCode: null,
        }),
      );
      await waitUntil(() => expect(pushService.received).toHaveLength(1), { interval: 50 });
      expect(pushService.received[0]?.vapidKey).toBe(keys.publicKey);
      expect(pushService.received[0]?.claims.sub).toBe('https://chrysos.casino/contact');
      expect(pushService.received[0]?.payload).toMatchObject({
        body: '€10.00 has been added to your balance. Enjoy your games!',
      });
    } finally {
      await app.closeAll();
      await pushService.close();
    }
  });
});
