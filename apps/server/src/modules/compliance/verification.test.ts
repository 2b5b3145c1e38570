import { randomUUID } from 'node:crypto';
import { createDatabase, type Database, schema } from '@chrysos/db';
import { openTestDatabase, testDatabaseKinds } from '@chrysos/db/testing';
import { eq } from 'drizzle-orm';
import { PDFDocument, PDFName, PDFString } from 'pdf-lib';
import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { sessionCookieName } from '../../platform/http-session.ts';
import { hashToken, randomToken } from '../../platform/tokens.ts';
import { buildTestApp } from '../../testing/build-test-app.ts';
import { newPlayer, type TestPlayer } from '../../testing/factories.ts';
import { describeOnPostgres } from '../../testing/on-postgres.ts';
import { automationActor } from '../../testing/operators.ts';
import { type PushServiceStandIn, startPushService } from '../../testing/push-service.ts';
import { waitUntil } from '../../testing/wait.ts';
import { parseConfig } from '../config.ts';

const operatorToken = 'operator-token-for-tests-0123456789abcdef';

/** A multipart/form-data body as a browser sends it: fields first, then the file. */
function multipart(fields: Record<string, string>, file?: { name: string; type: string; bytes: Buffer }) {
  const boundary = `----chrysos${randomUUID()}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    parts.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
    );
  }
  if (file) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`,
      ),
      file.bytes,
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), contentType: `multipart/form-data; boundary=${boundary}` };
}

/** A photo as a phone takes it: EXIF with the camera, the owner and where it was taken. */
const photoWithExif = () =>
  sharp({ create: { width: 640, height: 480, channels: 3, background: { r: 40, g: 90, b: 160 } } })
    .jpeg()
    .withExif({
      IFD0: { Make: 'ChrysosPhone', Model: 'Passport Cam', Copyright: 'Eleni Papadopoulou' },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '37/1 58/1 0/1',
        GPSLongitudeRef: 'E',
        GPSLongitude: '23/1 43/1 0/1',
      },
    })
    .toBuffer();

describe.each(testDatabaseKinds)('identity verification on %s', (kind) => {
  let app: Awaited<ReturnType<typeof buildTestApp>>;

  beforeAll(async () => {
    app = await buildTestApp(kind, { OPERATOR_API_TOKEN: operatorToken });
  });
  afterAll(() => app.closeAll());
  // A test that moved the product clock puts it back, so the next starts at the real time.
  afterEach(() => app.clock.moveTo(new Date()));

  const api = (player: Pick<TestPlayer, 'cookie'>, method: 'GET' | 'POST', url: string, payload?: object) =>
    app.inject({
      method,
      url: `/api${url}`,
      headers: { cookie: player.cookie },
      ...(payload ? { payload } : {}),
    });
  const upload = (
    player: Pick<TestPlayer, 'cookie'>,
    kind: string,
    file?: { name: string; type: string; bytes: Buffer },
  ) => {
    const body = multipart({ kind }, file);
    return app.inject({
      method: 'POST',
      url: '/api/player/documents',
      headers: { cookie: player.cookie, 'content-type': body.contentType },
      payload: body.payload,
    });
  };
  const operator = (method: 'GET' | 'POST', url: string, payload?: object) =>
    app.inject({
      method,
      url: `/api/operator${url}`,
      headers: { authorization: `Bearer ${operatorToken}` },
      ...(payload ? { payload } : {}),
    });

  it('stores a photo without its EXIF and GPS, serves it to its owner only, never cached', async () => {
    const player = await newPlayer(app);
    const photo = await photoWithExif();
    expect((await sharp(photo).metadata()).exif).toBeDefined();
    expect(photo.includes('ChrysosPhone')).toBe(true);

    const created = await upload(player, 'identity', {
      name: 'passport.jpg',
      type: 'image/jpeg',
      bytes: photo,
    });
    expect(created.statusCode).toBe(201);
    const document = created.json();
    expect(document).toMatchObject({
      kind: 'identity',
      status: 'pending',
      file_name: 'passport.jpg',
      content_type: 'image/jpeg',
      pages: null,
      rejection_code: null,
      rejection_note: null,
    });

    const file = await api(player, 'GET', `/player/documents/${document.id}/file`);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/jpeg');
    expect(file.headers['cache-control']).toBe('private, no-store');
    expect(file.headers['x-content-type-options']).toBe('nosniff');
    const stored = file.rawPayload;
    const metadata = await sharp(stored).metadata();
    expect(metadata.exif).toBeUndefined();
    expect(metadata.format).toBe('jpeg');
    expect([metadata.width, metadata.height]).toEqual([640, 480]);
    expect(stored.includes('ChrysosPhone')).toBe(false);
    expect(stored.includes('Papadopoulou')).toBe(false);

    const other = await newPlayer(app);
    const refused = await api(other, 'GET', `/player/documents/${document.id}/file`);
    expect(refused.statusCode).toBe(404);
    expect(refused.json().codes).toEqual({ document: ['compliance.document_not_found'] });
    expect((await api(other, 'GET', '/player/documents')).json().documents).toEqual([]);
    expect((await app.inject({ url: `/api/player/documents/${document.id}/file` })).statusCode).toBe(401);

    const listed = (await api(player, 'GET', '/player/documents')).json();
    expect(listed.documents.map((d: { id: string }) => d.id)).toEqual([document.id]);
    expect(listed.verified).toBe(false);
    expect(listed.missing).toEqual(['identity', 'address']);
  });

  it('judges a file by its bytes: a renamed program, a large file and a long PDF are refused', async () => {
    const player = await newPlayer(app);
    const program = Buffer.concat([
      Buffer.from('MZ\x90\x00\x03\x00\x00\x00', 'latin1'),
      Buffer.alloc(2048, 7),
    ]);
    const exe = await upload(player, 'identity', {
      name: 'passport.jpg',
      type: 'image/jpeg',
      bytes: program,
    });
    expect(exe.statusCode).toBe(422);
    expect(exe.json().codes).toEqual({ file: ['compliance.document_type'] });

    const large = await upload(player, 'address', {
      name: 'bill.pdf',
      type: 'application/pdf',
      bytes: Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(10 * 1024 * 1024, 32)]),
    });
    expect(large.statusCode).toBe(413);
    expect(large.json().codes).toEqual({ file: ['compliance.document_too_large'] });

    const pdf = await PDFDocument.create();
    for (let page = 0; page < 11; page++) pdf.addPage();
    const long = await upload(player, 'address', {
      name: 'bill.pdf',
      type: 'application/pdf',
      bytes: Buffer.from(await pdf.save()),
    });
    expect(long.statusCode).toBe(422);
    expect(long.json().codes).toEqual({ file: ['compliance.document_pages'] });

    pdf.removePage(10);
    const fits = await upload(player, 'address', {
      name: 'bill.pdf',
      type: 'application/pdf',
      bytes: Buffer.from(await pdf.save()),
    });
    expect(fits.statusCode).toBe(201);
    expect(fits.json()).toMatchObject({ content_type: 'application/pdf', pages: 10 });

    const badKind = await upload(player, 'selfie', {
      name: 'a.png',
      type: 'image/png',
      bytes: await sharp({ create: { width: 4, height: 4, channels: 3, background: '#fff' } })
        .png()
        .toBuffer(),
    });
    expect(badKind.statusCode).toBe(422);
    expect(badKind.json().codes).toEqual({ kind: ['validation.invalid'] });
    const noFile = await upload(player, 'identity');
    expect(noFile.json().codes).toEqual({ file: ['validation.required'] });
    const json = await api(player, 'POST', '/player/documents', { kind: 'identity' });
    expect(json.statusCode).toBe(415);
    expect((await api(player, 'GET', '/player/documents')).json().documents).toHaveLength(1);
  });

  // Issue 31 item 5: a PDF that runs JavaScript when opened must never be opened by the site's origin.
  it('serves a PDF with JavaScript as an attachment in a sandbox, to its owner and to the operator', async () => {
    const player = await newPlayer(app);
    const pdf = await PDFDocument.create();
    pdf.addPage();
    pdf.catalog.set(
      PDFName.of('OpenAction'),
      pdf.context.obj({ Type: 'Action', S: 'JavaScript', JS: PDFString.of('app.alert(document.cookie)') }),
    );
    const bytes = Buffer.from(await pdf.save({ useObjectStreams: false }));
    expect(bytes.includes('/OpenAction')).toBe(true);
    expect(bytes.includes('/JS')).toBe(true);
    const created = await upload(player, 'identity', {
      name: 'passport.pdf',
      type: 'application/pdf',
      bytes,
    });
    expect(created.statusCode).toBe(201);
    const { id } = created.json();

    for (const file of [
      await api(player, 'GET', `/player/documents/${id}/file`),
      await operator('GET', `/documents/${id}/file`),
    ]) {
      expect(file.statusCode).toBe(200);
      expect(file.headers['content-type']).toBe('application/pdf');
      expect(file.headers['content-disposition']).toBe(`attachment; filename="identity-${id}.pdf"`);
      expect(String(file.headers['content-security-policy']).split(/;\s*/)).toContain('sandbox');
      expect(file.headers['x-content-type-options']).toBe('nosniff');
      expect(file.headers['cache-control']).toBe('private, no-store');
    }
  });

  it('needs approved identity and address for a large withdrawal; once approved, verified and it goes through', async () => {
    const player = await newPlayer(app, { funded: 500_000 });
    const before = await api(player, 'POST', '/payments/withdrawals', {
      currency: 'EUR',
      amount_cents: 250_000,
      method: 'card',
    });
    expect(before.statusCode).toBe(403);
    expect(before.json().codes).toEqual({ amount_cents: ['compliance.verification_required'] });
    expect(before.json().params.amount_cents[0]).toMatchObject({ reason: 'withdrawal', threshold: 200_000 });
    const small = await api(player, 'POST', '/payments/withdrawals', {
      currency: 'EUR',
      amount_cents: 5_000,
      method: 'card',
    });
    expect(small.statusCode).toBe(201);

    // Money the player does not have is refused as such, not with a call to verify.
    const poor = await newPlayer(app);
    const unaffordable = await api(poor, 'POST', '/payments/withdrawals', {
      currency: 'EUR',
      amount_cents: 250_000,
      method: 'card',
    });
    expect(unaffordable.json().codes).toEqual({ amount_cents: ['cashier.amount_over_available'] });

    const status = (await api(player, 'GET', '/player/documents')).json();
    expect(status.withdrawal_thresholds).toEqual([{ currency: 'EUR', amount_cents: 200_000 }]);

    const photo = await photoWithExif();
    const identity = (
      await upload(player, 'identity', { name: 'id.jpg', type: 'image/jpeg', bytes: photo })
    ).json();
    const address = (
      await upload(player, 'address', { name: 'bill.jpg', type: 'image/jpeg', bytes: photo })
    ).json();
    const pending = (await operator('GET', '/documents?status=pending')).json();
    expect(pending.map((d: { id: string }) => d.id)).toEqual(
      expect.arrayContaining([identity.id, address.id]),
    );
    expect(pending.find((d: { id: string }) => d.id === identity.id).player_id).toBe(player.id);
    const operatorFile = await operator('GET', `/documents/${identity.id}/file`);
    expect(operatorFile.statusCode).toBe(200);
    expect(operatorFile.headers['cache-control']).toBe('private, no-store');
    expect((await app.inject({ url: `/api/operator/documents/${identity.id}/file` })).statusCode).toBe(401);

    const rejected = await operator('POST', `/documents/${address.id}/reject`, {
      code: 'address_too_old',
      note: 'The bill is from January',
    });
    expect(rejected.json()).toMatchObject({
      status: 'rejected',
      rejection_code: 'address_too_old',
      rejection_note: 'The bill is from January',
    });
    expect((await operator('POST', `/documents/${address.id}/approve`)).statusCode).toBe(409);
    expect((await operator('POST', `/documents/${randomUUID()}/approve`)).statusCode).toBe(404);
    expect((await operator('POST', `/documents/${identity.id}/approve`)).json().status).toBe('approved');
    expect((await api(player, 'GET', '/player')).json().verified).toBe(false);
    const mine = (await api(player, 'GET', '/player/documents')).json();
    expect(mine.missing).toEqual(['address']);
    expect(mine.documents.find((d: { id: string }) => d.id === address.id)).toMatchObject({
      rejection_code: 'address_too_old',
      rejection_note: 'The bill is from January',
    });

    const again = (
      await upload(player, 'address', { name: 'bill-new.jpg', type: 'image/jpeg', bytes: photo })
    ).json();
    expect((await operator('POST', `/documents/${again.id}/approve`)).json()).toMatchObject({
      status: 'approved',
      reviewed_by: await automationActor(app),
    });
    expect((await api(player, 'GET', '/player')).json().verified).toBe(true);
    expect((await api(player, 'GET', '/player/documents')).json()).toMatchObject({
      verified: true,
      missing: [],
    });

    const large = await api(player, 'POST', '/payments/withdrawals', {
      currency: 'EUR',
      amount_cents: 250_000,
      method: 'card',
    });
    expect(large.statusCode).toBe(201);
    expect(large.json()).toMatchObject({ status: 'pending', amount_cents: 250_000 });
  });

  it("refuses deposits that would reach the licence's cumulative threshold until verified", async () => {
    const player = await newPlayer(app);
    const deposit = (amount: number) =>
      api(player, 'POST', '/payments/deposits', { currency: 'EUR', amount_cents: amount, method: 'card' });
    // Curaçao (the default licence): €5,000 within 180 days.
    expect((await deposit(300_000)).statusCode).toBe(201);
    const over = await deposit(200_000);
    expect(over.statusCode).toBe(403);
    expect(over.json().params.amount_cents[0]).toMatchObject({ reason: 'deposits', threshold: 500_000 });
    expect((await deposit(150_000)).statusCode).toBe(201);
    const status = (await api(player, 'GET', '/player/documents')).json();
    expect(status.deposits).toEqual({
      total_euro_cents: 450_000,
      threshold_euro_cents: 500_000,
      days: 180,
      blocked: false,
    });

    // 180 days and a minute later on the product clock, those deposits are out of the window.
    app.clock.moveTo(new Date(Date.now() + 180 * 24 * 60 * 60 * 1000 + 60_000));
    const token = randomToken();
    await app.database.db.insert(schema.sessions).values({
      tokenHash: hashToken(token),
      playerId: player.id,
      ip: '127.0.0.1',
      expiresAt: new Date(Date.now() + 365 * 24 * 60 * 60 * 1000),
    });
    const back = { cookie: `${sessionCookieName}=${token}` };
    expect((await api(back, 'GET', '/player/documents')).json().deposits).toMatchObject({
      total_euro_cents: 0,
      blocked: false,
    });
    expect(
      (
        await api(back, 'POST', '/payments/deposits', {
          currency: 'EUR',
          amount_cents: 200_000,
          method: 'card',
        })
      ).statusCode,
    ).toBe(201);
  });

  // Last: it spends what is left of the hour's uploads from this address.
  it('slows down a flood of uploads from one address (20 an hour)', async () => {
    const player = await newPlayer(app);
    const junk = { name: 'junk.jpg', type: 'image/jpeg', bytes: Buffer.from('not an image at all') };
    let answer = await upload(player, 'identity', junk);
    for (let sent = 1; answer.statusCode !== 429 && sent <= 20; sent++) {
      answer = await upload(player, 'identity', junk);
    }
    expect(answer.statusCode).toBe(429);
    expect(answer.json().codes).toEqual({ base: ['rate_limited'] });
  });
});

describe('identity verification under the Maltese licence', () => {
  let app: Awaited<ReturnType<typeof buildTestApp>>;
  beforeAll(async () => {
    app = await buildTestApp('pglite', { LICENSE: 'malta' });
  });
  afterAll(() => app.closeAll());

  it('asks for documents once 180 days of deposits would reach €2,000 (FIAU)', async () => {
    const player = await newPlayer(app);
    const deposit = (amount: number) =>
      app.inject({
        method: 'POST',
        url: '/api/payments/deposits',
        headers: { cookie: player.cookie },
        payload: { currency: 'EUR', amount_cents: amount, method: 'card' },
      });
    expect((await deposit(150_000)).statusCode).toBe(201);
    const over = await deposit(50_000);
    expect(over.statusCode).toBe(403);
    expect(over.json().params.amount_cents[0]).toMatchObject({ reason: 'deposits', threshold: 200_000 });
    expect((await deposit(49_999)).statusCode).toBe(201);
    const status = await app.inject({ url: '/api/player/documents', headers: { cookie: player.cookie } });
    expect(status.json().deposits).toEqual({
      total_euro_cents: 199_999,
      threshold_euro_cents: 200_000,
      days: 180,
      blocked: false,
    });
  });
});

describeOnPostgres('identity documents across two instances', () => {
  let database: Database & { url?: string };
  const pools: Database[] = [];
  const instances: Awaited<ReturnType<typeof buildApp>>[] = [];

  beforeAll(async () => {
    database = await openTestDatabase('postgres');
    for (let started = 0; started < 2; started++) {
      const pool = await createDatabase({ url: database.url, poolSize: 4 });
      pools.push(pool);
      const env = { NODE_ENV: 'test', OPERATOR_API_TOKEN: operatorToken };
      const app = await buildApp({ config: parseConfig(env), database: pool, web: false, logger: false });
      await app.ready();
      instances.push(app);
    }
  });
  afterAll(async () => {
    for (const app of instances) await app.close();
    for (const pool of pools) await pool.close();
    await database?.close();
  });

  it('serves a document uploaded through one instance from the other, and its approval counts on both', async () => {
    const [a, b] = instances as [(typeof instances)[number], (typeof instances)[number]];
    const player = await newPlayer(a as unknown as Parameters<typeof newPlayer>[0]);
    const photo = await photoWithExif();
    const body = multipart({ kind: 'identity' }, { name: 'id.jpg', type: 'image/jpeg', bytes: photo });
    const created = await a.inject({
      method: 'POST',
      url: '/api/player/documents',
      headers: { cookie: player.cookie, 'content-type': body.contentType },
      payload: body.payload,
    });
    expect(created.statusCode).toBe(201);
    const { id } = created.json();
    const served = await b.inject({
      url: `/api/player/documents/${id}/file`,
      headers: { cookie: player.cookie },
    });
    expect(served.statusCode).toBe(200);
    expect((await sharp(served.rawPayload).metadata()).exif).toBeUndefined();
    const operator = { authorization: `Bearer ${operatorToken}` };
    expect(
      (
        await b.inject({ method: 'POST', url: `/api/operator/documents/${id}/approve`, headers: operator })
      ).json().status,
    ).toBe('approved');
    const seen = await a.inject({ url: '/api/player/documents', headers: { cookie: player.cookie } });
    expect(seen.json()).toMatchObject({ missing: ['address'], documents: [{ id, status: 'approved' }] });
  });
});

describe('the player hears of a decision on their document', () => {
  let app: Awaited<ReturnType<typeof buildTestApp>>;
  let pushService: PushServiceStandIn;
  beforeAll(async () => {
    pushService = await startPushService();
    app = await buildTestApp('pglite', { OPERATOR_API_TOKEN: operatorToken, PUSH_LOOPBACK_SERVICE: 'true' });
  });
  afterAll(async () => {
    await app?.closeAll();
    await pushService?.close();
  });

  it('by push in their language: a rejection with its reason, an approval', async () => {
    const player = await newPlayer(app);
    const subscription = pushService.subscribe();
    const subscribed = await app.inject({
      method: 'POST',
      url: '/api/player/push_subscriptions',
      headers: { cookie: player.cookie },
      payload: { ...subscription, expirationTime: null },
    });
    expect(subscribed.statusCode).toBe(201);
    const send = async () => {
      const body = multipart(
        { kind: 'address' },
        { name: 'bill.jpg', type: 'image/jpeg', bytes: await photoWithExif() },
      );
      return (
        await app.inject({
          method: 'POST',
          url: '/api/player/documents',
          headers: { cookie: player.cookie, 'content-type': body.contentType },
          payload: body.payload,
        })
      ).json().id as string;
    };
    const operator = { authorization: `Bearer ${operatorToken}` };
    const first = await send();
    await app.inject({
      method: 'POST',
      url: `/api/operator/documents/${first}/reject`,
      headers: operator,
      payload: { code: 'address_too_old' },
    });
    await waitUntil(() => expect(pushService.received).toHaveLength(1), { interval: 50 });
    expect(pushService.received[0]?.payload).toEqual({
      title: 'Document not accepted',
      body: "We couldn't accept your proof of address: it is older than three months. Please upload a new one under Verification.",
      url: '/profile/general/verification',
      tag: `document-${first}`,
      kind: 'transactional',
    });

    await app.database.db
      .update(schema.players)
      .set({ language: 'el' })
      .where(eq(schema.players.id, player.id));
    const second = await send();
    await app.inject({ method: 'POST', url: `/api/operator/documents/${second}/approve`, headers: operator });
    await waitUntil(() => expect(pushService.received).toHaveLength(2), { interval: 50 });
    expect(pushService.received[1]?.payload).toMatchObject({
      title: 'Το έγγραφο εγκρίθηκε',
      body: 'Το αποδεικτικό διεύθυνσής σας εγκρίθηκε.',
      url: '/el/profile/general/verification',
    });
  });
});
