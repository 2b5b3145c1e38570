import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { schema } from '@chrysos/db';
import { testDatabaseKinds } from '@chrysos/db/testing';
import { asc, eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../testing/build-test-app.ts';
import { newPlayer, type TestPlayer } from '../../testing/factories.ts';
import { newOperatorToken } from '../../testing/operators.ts';
import { verifyAuditLog } from './audit-log.ts';

/*
 * The audit trail as the compliance actions write it (decision 24): a player's limit changes and an
 * operator's document decisions each leave one row, with who, what and from where, and the chain of every
 * row written holds. (Withdrawals: cashier.test.ts; bonus grants: bonuses/operator-routes.test.ts; breaks
 * and exclusions: exclusions.test.ts.)
 */

const fixtures = fileURLToPath(new URL('../content/fixtures', import.meta.url));
const operatorToken = 'operator-token-for-tests-0123456789abcdef';

/** A multipart/form-data body as a browser sends it: the kind, then the file. */
function multipart(kind: string, file: { name: string; type: string; bytes: Buffer }) {
  const boundary = `----chrysos${randomUUID()}`;
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="kind"\r\n\r\n${kind}\r\n`),
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`,
    ),
    file.bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, contentType: `multipart/form-data; boundary=${boundary}` };
}

describe.each(testDatabaseKinds)('the compliance actions in the audit trail on %s', (kind) => {
  let app: Awaited<ReturnType<typeof buildTestApp>>;

  beforeAll(async () => {
    app = await buildTestApp(kind, { CONTENT_DIR: fixtures, OPERATOR_API_TOKEN: operatorToken });
  });
  afterAll(() => app.closeAll());

  const api = (who: TestPlayer, method: 'GET' | 'PUT' | 'DELETE' | 'POST', url: string, payload?: object) =>
    app.inject({
      method,
      url: `/api${url}`,
      headers: { cookie: who.cookie, 'x-forwarded-for': '203.0.113.9' },
      ...(payload ? { payload } : {}),
    });
  const operator = (url: string, payload: object, authorization = `Bearer ${operatorToken}`) =>
    app.inject({
      method: 'POST',
      url: `/api/operator${url}`,
      headers: { authorization },
      payload,
    });
  const upload = async (who: TestPlayer, documentKind: string) => {
    const bytes = await sharp({
      create: { width: 320, height: 200, channels: 3, background: { r: 30, g: 60, b: 120 } },
    })
      .png()
      .toBuffer();
    const body = multipart(documentKind, { name: `${documentKind}.png`, type: 'image/png', bytes });
    const answer = await app.inject({
      method: 'POST',
      url: '/api/player/documents',
      headers: { cookie: who.cookie, 'content-type': body.contentType },
      payload: body.payload,
    });
    expect(answer.statusCode).toBe(201);
    return answer.json().id as string;
  };
  const trailOf = (playerId: string) =>
    app.database.db
      .select()
      .from(schema.complianceAuditLog)
      .where(eq(schema.complianceAuditLog.playerId, playerId))
      .orderBy(asc(schema.complianceAuditLog.id));

  it("records each of a player's limit changes and an operator's document decisions", async () => {
    const player = await newPlayer(app, { funded: 10_000 });
    const weekly = { kind: 'deposit', period: 'week', currency: 'EUR' };
    expect((await api(player, 'PUT', '/player/limits', { ...weekly, amount: 5_000 })).statusCode).toBe(200);
    expect((await api(player, 'PUT', '/player/limits', { ...weekly, amount: 4_000 })).statusCode).toBe(200);
    expect((await api(player, 'PUT', '/player/limits', { ...weekly, amount: 8_000 })).statusCode).toBe(200);
    expect((await api(player, 'DELETE', '/player/limits/deposit/week/pending?currency=EUR')).statusCode).toBe(
      200,
    );
    expect((await api(player, 'DELETE', '/player/limits/deposit/week?currency=EUR')).statusCode).toBe(200);
    // A refused change (not a limit the licence offers) leaves nothing.
    expect(
      (await api(player, 'PUT', '/player/limits', { ...weekly, period: 'year', amount: 1 })).statusCode,
    ).toBe(422);

    const identity = await upload(player, 'identity');
    const address = await upload(player, 'address');
    // Two compliance officers, each with a token of their own: the trail names each.
    const first = await newOperatorToken(app, 'compliance');
    const second = await newOperatorToken(app, 'compliance');
    expect((await operator(`/documents/${identity}/approve`, {}, first.authorization)).statusCode).toBe(200);
    expect(
      (
        await operator(
          `/documents/${address}/reject`,
          { code: 'other', note: 'The bill is older than 3 months' },
          second.authorization,
        )
      ).statusCode,
    ).toBe(200);

    const trail = await trailOf(player.id);
    const me = `player:${player.id}`;
    expect(trail.map(({ actor, action }) => [actor, action])).toEqual([
      [me, 'limit.set'],
      [me, 'limit.lowered'],
      [me, 'limit.raise_requested'],
      [me, 'limit.pending_cancelled'],
      [me, 'limit.removal_requested'],
      [me, 'document.uploaded'],
      [me, 'document.uploaded'],
      [first.maker.actor, 'document.approved'],
      [second.maker.actor, 'document.rejected'],
    ]);
    expect(trail[0]?.details).toMatchObject({
      kind: 'deposit',
      period: 'week',
      currency: 'EUR',
      amount: 5_000,
    });
    expect(trail[2]?.details).toMatchObject({ amount: 4_000, previous: 4_000 });
    expect(trail[8]?.details).toMatchObject({
      document: address,
      code: 'other',
      note: 'The bill is older than 3 months',
    });
    for (const row of trail) {
      expect(row.ip).toMatch(/^(127\.0\.0\.1|203\.0\.113\.9)$/);
      expect(row.hash).toMatch(/^[0-9a-f]{64}$/);
    }
    expect(await verifyAuditLog(app.database.db)).toMatchObject({ ok: true });
  });

  it('records a raise or removal that came due when it is written, by the platform, with when it applied', async () => {
    const player = await newPlayer(app);
    const daily = { kind: 'deposit', period: 'day', currency: 'EUR' };
    /** As if the pending change was asked for 24 hours ago: it is due now. */
    const comeDue = () =>
      app.database.db
        .update(schema.playerLimits)
        .set({ effectiveAt: sql`now() - interval '1 minute'` })
        .where(eq(schema.playerLimits.playerId, player.id));

    await api(player, 'PUT', '/player/limits', { ...daily, amount: 1_000 });
    await api(player, 'PUT', '/player/limits', { ...daily, amount: 3_000 });
    await comeDue();
    expect((await api(player, 'PUT', '/player/limits', { ...daily, amount: 3_000 })).json()).toMatchObject({
      amount: 3_000,
      pending_amount: null,
    });
    await api(player, 'DELETE', '/player/limits/deposit/day?currency=EUR');
    await comeDue();
    expect((await api(player, 'PUT', '/player/limits', { ...daily, amount: 2_000 })).statusCode).toBe(200);

    const trail = await trailOf(player.id);
    const me = `player:${player.id}`;
    expect(trail.map(({ actor, action }) => [actor, action])).toEqual([
      [me, 'limit.set'],
      [me, 'limit.raise_requested'],
      ['system', 'limit.raise_applied'],
      [me, 'limit.kept'],
      [me, 'limit.removal_requested'],
      ['system', 'limit.removed'],
      [me, 'limit.set'],
    ]);
    expect(trail[2]).toMatchObject({
      ip: null,
      details: { amount: 3_000, previous: 1_000, applied_at: expect.any(String) },
    });
    expect(await verifyAuditLog(app.database.db)).toMatchObject({ ok: true });
  });
});
