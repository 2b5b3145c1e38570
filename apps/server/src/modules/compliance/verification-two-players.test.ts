import { randomUUID } from 'node:crypto';
import { testDatabaseKinds } from '@chrysos/db/testing';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../testing/build-test-app.ts';
import { newPlayer, type TestPlayer } from '../../testing/factories.ts';

const operatorToken = 'operator-token-for-the-verification-guard-0123';

/** A multipart/form-data upload of one JPEG as a browser sends it. */
function jpegUpload(kind: string, bytes: Buffer) {
  const boundary = `----chrysos${randomUUID()}`;
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="kind"\r\n\r\n${kind}\r\n`),
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${kind}.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`,
    ),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, contentType: `multipart/form-data; boundary=${boundary}` };
}

/** The guard of issue 31: one player verified, the other not; each is treated by their own status. */
describe.each(testDatabaseKinds)('identity verification of two players on %s', (kind) => {
  let app: Awaited<ReturnType<typeof buildTestApp>>;

  beforeAll(async () => {
    app = await buildTestApp(kind, { OPERATOR_API_TOKEN: operatorToken });
  });
  afterAll(() => app.closeAll());

  const api = (player: TestPlayer, method: 'GET' | 'POST', url: string, payload?: object) =>
    app.inject({
      method,
      url: `/api${url}`,
      headers: { cookie: player.cookie },
      ...(payload ? { payload } : {}),
    });
  const upload = async (player: TestPlayer, documentKind: string) => {
    const photo = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#3a6' } })
      .jpeg()
      .toBuffer();
    const body = jpegUpload(documentKind, photo);
    const answer = await app.inject({
      method: 'POST',
      url: '/api/player/documents',
      headers: { cookie: player.cookie, 'content-type': body.contentType },
      payload: body.payload,
    });
    expect(answer.statusCode).toBe(201);
    return answer.json() as { id: string };
  };
  const approve = (id: string) =>
    app.inject({
      method: 'POST',
      url: `/api/operator/documents/${id}/approve`,
      headers: { authorization: `Bearer ${operatorToken}` },
    });
  const withdraw = (player: TestPlayer) =>
    api(player, 'POST', '/payments/withdrawals', { currency: 'EUR', amount_cents: 250_000, method: 'card' });

  it('lets the verified player withdraw a large amount and asks the other for documents', async () => {
    const verified = await newPlayer(app, { funded: 500_000 });
    const unverified = await newPlayer(app, { funded: 500_000 });
    for (const documentKind of ['identity', 'address']) {
      expect((await approve((await upload(verified, documentKind)).id)).statusCode).toBe(200);
    }
    // The other has uploaded their identity, still pending.
    await upload(unverified, 'identity');

    expect((await api(verified, 'GET', '/player')).json().verified).toBe(true);
    expect((await api(unverified, 'GET', '/player')).json().verified).toBe(false);
    expect((await api(verified, 'GET', '/player/documents')).json()).toMatchObject({
      verified: true,
      missing: [],
    });
    const pending = (await api(unverified, 'GET', '/player/documents')).json();
    expect(pending).toMatchObject({ verified: false, missing: ['identity', 'address'] });
    expect(pending.documents).toHaveLength(1);

    expect((await withdraw(verified)).statusCode).toBe(201);
    const refused = await withdraw(unverified);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().codes).toEqual({ amount_cents: ['compliance.verification_required'] });
  });
});
