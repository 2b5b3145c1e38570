import { schema } from '@chrysos/db';
import { testDatabaseKinds } from '@chrysos/db/testing';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../testing/build-test-app.ts';
import { depositThroughSandbox, newPlayer, type TestPlayer } from '../../../testing/factories.ts';
import { newOperatorToken } from '../../../testing/operators.ts';
import { waitUntil } from '../../../testing/wait.ts';

describe.each(testDatabaseKinds)('the payments desk on %s', (kind) => {
  let app: Awaited<ReturnType<typeof buildTestApp>>;
  let finance: Awaited<ReturnType<typeof newOperatorToken>>;
  let risk: Awaited<ReturnType<typeof newOperatorToken>>;
  beforeAll(async () => {
    app = await buildTestApp(kind);
    finance = await newOperatorToken(app, 'finance');
    risk = await newOperatorToken(app, 'risk');
  });
  afterAll(() => app.closeAll());

  const operator = (authorization: string, method: 'GET' | 'POST', url: string, payload?: object) =>
    app.inject({
      method,
      url: `/api/operator${url}`,
      headers: { authorization },
      ...(payload ? { payload } : {}),
    });
  const withdraw = async (player: TestPlayer, cents: number) => {
    const asked = await app.inject({
      method: 'POST',
      url: '/api/payments/withdrawals',
      headers: { cookie: player.cookie },
      payload: { currency: 'EUR', amount_cents: cents, method: 'card' },
    });
    expect(asked.statusCode).toBe(201);
    return asked.json() as { id: string; status: string };
  };
  const queue = async () =>
    (await operator(finance.authorization, 'GET', '/withdrawals')).json() as {
      id: string;
      hold_reason: string | null;
    }[];

  it("holds one player's withdrawals, even below the automatic threshold, and never the other's", async () => {
    const held = await newPlayer(app, { funded: 100_000 });
    const free = await newPlayer(app, { funded: 100_000 });
    const placed = await operator(risk.authorization, 'POST', `/players/${held.id}/withdrawal_hold`, {
      reason: 'Big win under review',
    });
    expect(placed.statusCode).toBe(201);
    expect(placed.json()).toMatchObject({
      reason: 'Big win under review',
      placed_by: risk.maker.actor,
      lifted_at: null,
    });
    const again = await operator(finance.authorization, 'POST', `/players/${held.id}/withdrawal_hold`, {
      reason: 'Chargeback',
    });
    expect([again.statusCode, again.json().codes]).toEqual([
      409,
      { base: ['cashier.withdrawal_hold_exists'] },
    ]);

    // 20.00 is under the automatic threshold (100.00): the free player's is approved, the held one's waits.
    expect((await withdraw(free, 2_000)).status).toBe('approved');
    const small = await withdraw(held, 2_000);
    expect(small.status).toBe('pending');
    const large = await withdraw(held, 30_000);
    const otherLarge = await withdraw(free, 30_000);
    const waiting = await queue();
    expect(waiting.find((each) => each.id === small.id)?.hold_reason).toBe('Big win under review');
    expect(waiting.find((each) => each.id === otherLarge.id)?.hold_reason).toBeNull();

    const refused = await operator(finance.authorization, 'POST', `/withdrawals/${large.id}/approve`);
    expect([refused.statusCode, refused.json().codes]).toEqual([
      409,
      { base: ['cashier.withdrawal_on_hold'] },
    ]);
    expect(
      (await operator(finance.authorization, 'POST', `/withdrawals/${otherLarge.id}/approve`)).statusCode,
    ).toBe(200);

    const lifted = await operator(finance.authorization, 'POST', `/players/${held.id}/withdrawal_hold/lift`, {
      reason: 'Win verified against the round',
    });
    expect(lifted.json()).toMatchObject({
      lifted_by: finance.maker.actor,
      lift_reason: 'Win verified against the round',
    });
    expect(
      (await operator(finance.authorization, 'GET', `/players/${held.id}/withdrawal_hold`)).json(),
    ).toEqual({
      hold: null,
    });
    expect(
      (await operator(finance.authorization, 'POST', `/withdrawals/${large.id}/approve`)).statusCode,
    ).toBe(200);
    const liftAgain = await operator(
      finance.authorization,
      'POST',
      `/players/${held.id}/withdrawal_hold/lift`,
      {
        reason: 'Again',
      },
    );
    expect([liftAgain.statusCode, liftAgain.json().codes]).toEqual([
      409,
      { base: ['cashier.withdrawal_hold_missing'] },
    ]);

    const trail = await app.database.db
      .select({ actor: schema.complianceAuditLog.actor, action: schema.complianceAuditLog.action })
      .from(schema.complianceAuditLog)
      .where(eq(schema.complianceAuditLog.playerId, held.id))
      .orderBy(schema.complianceAuditLog.id);
    expect(trail.filter((row) => row.action.startsWith('withdrawal.hold'))).toEqual([
      { actor: risk.maker.actor, action: 'withdrawal.hold_placed' },
      { actor: finance.maker.actor, action: 'withdrawal.hold_lifted' },
    ]);
  });

  it('lets support read a hold but not place one, and refuses a bad reason', async () => {
    const support = await newOperatorToken(app, 'support');
    const player = await newPlayer(app);
    expect(
      (await operator(support.authorization, 'GET', `/players/${player.id}/withdrawal_hold`)).statusCode,
    ).toBe(200);
    const refused = await operator(support.authorization, 'POST', `/players/${player.id}/withdrawal_hold`, {
      reason: 'Checking',
    });
    expect(refused.statusCode).toBe(403);
    const short = await operator(finance.authorization, 'POST', `/players/${player.id}/withdrawal_hold`, {
      reason: 'x',
    });
    expect(short.statusCode).toBe(422);
  });

  it("lists failed deposits, and one player's payments without another's", async () => {
    const declined = await newPlayer(app);
    const paying = await newPlayer(app);
    const started = await app.inject({
      method: 'POST',
      url: '/api/payments/deposits',
      headers: { cookie: declined.cookie },
      payload: { currency: 'EUR', amount_cents: 4_321, method: 'card' },
    });
    expect(started.statusCode).toBe(201);
    await app.inject({
      method: 'POST',
      url: started.json().redirect_url,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({
        number: '4000 0000 0000 0002',
        expiry: '12/39',
        cvc: '123',
        name: 'Eleni P',
        action: 'pay',
      }).toString(),
    });
    await depositThroughSandbox(app, paying, 1_234);
    const list = async (query: string) =>
      (await operator(finance.authorization, 'GET', `/payments?${query}`)).json() as {
        player_email: string;
        amount_cents: number;
        status: string;
      }[];
    // The decline reaches the casino by the provider's webhook, after the payment page answers.
    await waitUntil(async () =>
      expect(
        (await list(`kind=deposit&status=failed&player_id=${declined.id}`)).map((each) => each.amount_cents),
      ).toEqual([4_321]),
    );
    expect(
      (await list(`player_id=${paying.id}`)).map((each) => [each.player_email, each.amount_cents]),
    ).toEqual([[paying.email, 1_234]]);
    expect(await list(`kind=deposit&status=failed&player_id=${paying.id}`)).toEqual([]);
  });
});
