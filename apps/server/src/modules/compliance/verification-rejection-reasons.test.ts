import type { AddressInfo } from 'node:net';
import type { PlayerDocument } from '@chrysos/contract';
import { schema } from '@chrysos/db';
import { testDatabaseKinds } from '@chrysos/db/testing';
import { Centrifuge } from 'centrifuge';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../testing/build-test-app.ts';
import { uploadDocument } from '../../testing/documents.ts';
import { newPlayer, type TestPlayer } from '../../testing/factories.ts';
import { newOperatorToken } from '../../testing/operators.ts';
import { waitUntil } from '../../testing/wait.ts';

/** Issue 38: the KYC team rejects with a code from its list and a note; each player reads their own. */
describe.each(testDatabaseKinds)('rejection reasons of two players on %s', (kind) => {
  let app: Awaited<ReturnType<typeof buildTestApp>>;
  let compliance: string;
  let support: string;
  let wsUrl = '';
  const clients: Centrifuge[] = [];

  beforeAll(async () => {
    app = await buildTestApp(kind, {}, { events: { pollMs: 20, holeGraceMs: 100, retryMs: 20 } });
    await app.listen({ host: '127.0.0.1', port: 0 });
    wsUrl = `ws://127.0.0.1:${(app.server.address() as AddressInfo).port}/connection/websocket`;
    compliance = (await newOperatorToken(app, 'compliance')).authorization;
    support = (await newOperatorToken(app, 'support')).authorization;
  });
  afterAll(async () => {
    for (const client of clients) client.disconnect();
    await app.closeAll();
  });

  /** The player's `documents_changes` channel as their verification page subscribes to it. */
  async function listen(player: TestPlayer) {
    const settings = (
      await app.inject({ url: '/api/player/settings', headers: { cookie: player.cookie } })
    ).json().cent;
    const client = new Centrifuge(wsUrl, { token: settings.token, minReconnectDelay: 50, timeout: 10_000 });
    clients.push(client);
    const received: PlayerDocument[] = [];
    const subscription = client.newSubscription(`documents_changes#${settings.user}`);
    subscription.on('publication', (context) => received.push(context.data as PlayerDocument));
    const subscribed = new Promise((resolve) => subscription.once('subscribed', resolve));
    subscription.subscribe();
    client.connect();
    await subscribed;
    return received;
  }

  const upload = (player: TestPlayer, documentKind: string) => uploadDocument(app, player, documentKind);
  const reject = (id: string, payload: object, authorization = compliance) =>
    app.inject({
      method: 'POST',
      url: `/api/operator/documents/${id}/reject`,
      headers: { authorization },
      payload,
    });
  const documentsOf = async (player: TestPlayer) =>
    (await app.inject({ url: '/api/player/documents', headers: { cookie: player.cookie } })).json()
      .documents as { id: string; status: string; rejection_code: string; rejection_note: string }[];

  it('stores the code and the note, and shows each player only their own reason', async () => {
    const blurred = await newPlayer(app);
    const other = await newPlayer(app);
    const blurredId = await upload(blurred, 'identity');
    const otherId = await upload(other, 'address');
    const blurredHears = await listen(blurred);
    const otherHears = await listen(other);

    const first = await reject(blurredId, { code: 'blurred' });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({
      status: 'rejected',
      rejection_code: 'blurred',
      rejection_note: null,
      player_id: blurred.id,
    });
    const second = await reject(otherId, { code: 'other', note: '  The bill is in another name  ' });
    expect(second.statusCode).toBe(200);
    expect(second.json()).toMatchObject({
      rejection_code: 'other',
      rejection_note: 'The bill is in another name',
    });

    expect(await documentsOf(blurred)).toEqual([
      expect.objectContaining({
        id: blurredId,
        status: 'rejected',
        rejection_code: 'blurred',
        rejection_note: null,
      }),
    ]);
    expect(await documentsOf(other)).toEqual([
      expect.objectContaining({
        id: otherId,
        status: 'rejected',
        rejection_code: 'other',
        rejection_note: 'The bill is in another name',
      }),
    ]);

    // Each page hears of its own decision, with the code, and of nobody else's.
    await waitUntil(() => expect(blurredHears).toHaveLength(1));
    await waitUntil(() => expect(otherHears).toHaveLength(1));
    expect(blurredHears[0]).toMatchObject({ id: blurredId, status: 'rejected', rejection_code: 'blurred' });
    expect(otherHears[0]).toMatchObject({
      id: otherId,
      status: 'rejected',
      rejection_code: 'other',
      rejection_note: 'The bill is in another name',
    });
  });

  it('refuses a rejection without a note for other, an unknown code, and a role that may not approve', async () => {
    const player = await newPlayer(app);
    const id = await upload(player, 'identity');

    const noNote = await reject(id, { code: 'other' });
    expect(noNote.statusCode).toBe(422);
    expect(noNote.json().codes).toEqual({ note: ['validation.required'] });
    const blankNote = await reject(id, { code: 'other', note: '   ' });
    expect(blankNote.statusCode).toBe(422);
    expect(Object.keys(blankNote.json().codes)).toEqual(['note']);

    const unknown = await reject(id, { code: 'too_pretty' });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().codes).toEqual({ code: ['validation.invalid'] });
    const missing = await reject(id, { reason: 'The photo is too dark to read' });
    expect(missing.statusCode).toBe(422);
    // The old free-text body: the code is missing (zod names a missing enum value `invalid`).
    expect(missing.json().codes).toEqual({ code: ['validation.invalid'] });

    const refused = await reject(id, { code: 'blurred' }, support);
    expect(refused.statusCode).toBe(403);

    // Nothing of that was stored: the document still waits for review.
    expect(await documentsOf(player)).toEqual([
      expect.objectContaining({ id, status: 'pending', rejection_code: null, rejection_note: null }),
    ]);
  });

  it("shows a rejection stored before the codes as 'other' with its text", async () => {
    const player = await newPlayer(app);
    const id = await upload(player, 'address');
    // As the free-text review left it: a reason, no code.
    await app.database.db
      .update(schema.playerDocuments)
      .set({
        status: 'rejected',
        rejectionReason: 'The bill is older than three months',
        reviewedAt: new Date(),
      })
      .where(eq(schema.playerDocuments.id, id));

    expect(await documentsOf(player)).toEqual([
      expect.objectContaining({
        id,
        status: 'rejected',
        rejection_code: 'other',
        rejection_note: 'The bill is older than three months',
      }),
    ]);
  });
});
