import { schema } from '@chrysos/db';
import { testDatabaseKinds } from '@chrysos/db/testing';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../testing/build-test-app.ts';
import { newPlayer } from '../../../testing/factories.ts';
import { newOperatorToken } from '../../../testing/operators.ts';

describe.each(testDatabaseKinds)('balance adjustments on %s', (kind) => {
  let app: Awaited<ReturnType<typeof buildTestApp>>;
  let first: Awaited<ReturnType<typeof newOperatorToken>>;
  let second: Awaited<ReturnType<typeof newOperatorToken>>;
  beforeAll(async () => {
    // Four eyes above EUR 500.00, the default.
    app = await buildTestApp(kind);
    first = await newOperatorToken(app, 'finance');
    second = await newOperatorToken(app, 'finance');
  });
  afterAll(() => app.closeAll());

  const ask = (authorization: string, playerId: string, payload: object) =>
    app.inject({
      method: 'POST',
      url: `/api/operator/players/${playerId}/adjustments`,
      headers: { authorization },
      payload,
    });
  const decide = (authorization: string, id: string, verb: 'approve' | 'reject', payload?: object) =>
    app.inject({
      method: 'POST',
      url: `/api/operator/adjustments/${id}/${verb}`,
      headers: { authorization },
      ...(payload ? { payload } : {}),
    });
  const real = async (playerId: string, currency = 'EUR') =>
    (await app.wallet.ledger.balances(playerId, currency)).real;
  const trail = (playerId: string) =>
    app.database.db
      .select({ actor: schema.complianceAuditLog.actor, action: schema.complianceAuditLog.action })
      .from(schema.complianceAuditLog)
      .where(eq(schema.complianceAuditLog.playerId, playerId))
      .orderBy(schema.complianceAuditLog.id);

  it("books a small credit or debit at once against the house, on that player's balance only", async () => {
    const credited = await newPlayer(app, { funded: 10_000 });
    const debited = await newPlayer(app, { funded: 10_000 });
    const made = await ask(first.authorization, credited.id, {
      currency: 'EUR',
      amount_cents: 2_500,
      reason: 'Goodwill after a game fault',
    });
    expect(made.statusCode).toBe(201);
    expect(made.json()).toMatchObject({
      status: 'booked',
      amount_cents: 2_500,
      requested_by: first.maker.actor,
      decided_by: first.maker.actor,
    });
    const taken = await ask(first.authorization, debited.id, {
      currency: 'EUR',
      amount_cents: -4_000,
      reason: 'Deposit charged back by the bank',
    });
    expect(taken.statusCode).toBe(201);
    expect([await real(credited.id), await real(debited.id)]).toEqual([12_500, 6_000]);
    // One ledger movement each, against the house, under the adjustment's key.
    const [movement] = await app.database.db
      .select({ kind: schema.ledgerTransactions.kind, amount: schema.ledgerTransactions.amount })
      .from(schema.ledgerTransactions)
      .where(eq(schema.ledgerTransactions.idempotencyKey, `adjustment:${made.json().id}`));
    expect(movement).toEqual({ kind: 'balance_adjustment', amount: 2_500 });
    expect(await trail(credited.id)).toContainEqual({
      actor: first.maker.actor,
      action: 'balance_adjustment.booked',
    });
  });

  it('refuses a debit beyond the real balance, a currency the player has no account in, and nothing moves', async () => {
    const player = await newPlayer(app, { funded: 3_000 });
    const over = await ask(first.authorization, player.id, {
      currency: 'EUR',
      amount_cents: -3_001,
      reason: 'Chargeback',
    });
    expect([over.statusCode, over.json().codes]).toEqual([
      422,
      { amount_cents: ['cashier.adjustment_over_balance'] },
    ]);
    expect(over.json().params.amount_cents).toEqual([{ available: '30.00', currency: 'EUR' }]);
    const foreign = await ask(first.authorization, player.id, {
      currency: 'USD',
      amount_cents: 100,
      reason: 'Goodwill',
    });
    expect([foreign.statusCode, foreign.json().codes]).toEqual([
      422,
      { currency: ['cashier.adjustment_currency_not_held'] },
    ]);
    expect(await real(player.id)).toBe(3_000);
    const stored = await app.database.db
      .select()
      .from(schema.balanceAdjustments)
      .where(eq(schema.balanceAdjustments.playerId, player.id));
    expect(stored).toEqual([]);
  });

  it('books one above four eyes only when a second operator approves it, never the one who asked', async () => {
    const player = await newPlayer(app, { funded: 1_000 });
    const other = await newPlayer(app, { funded: 1_000 });
    const asked = await ask(first.authorization, player.id, {
      currency: 'EUR',
      amount_cents: 75_000,
      reason: 'Jackpot paid short by the provider',
    });
    expect(asked.statusCode).toBe(202);
    const { id } = asked.json();
    expect(await real(player.id)).toBe(1_000);
    const queue = await app.inject({
      method: 'GET',
      url: '/api/operator/adjustments',
      headers: { authorization: second.authorization },
    });
    expect(queue.json().map((row: { id: string }) => row.id)).toContain(id);

    const self = await decide(first.authorization, id, 'approve');
    expect([self.statusCode, self.json().codes]).toEqual([
      409,
      { status: ['cashier.adjustment_second_approver_required'] },
    ]);
    expect(await real(player.id)).toBe(1_000);
    const approved = await decide(second.authorization, id, 'approve');
    expect(approved.statusCode).toBe(200);
    expect(approved.json()).toMatchObject({
      status: 'booked',
      requested_by: first.maker.actor,
      decided_by: second.maker.actor,
    });
    expect([await real(player.id), await real(other.id)]).toEqual([76_000, 1_000]);
    const again = await decide(second.authorization, id, 'approve');
    expect([again.statusCode, again.json().codes]).toEqual([
      409,
      { status: ['cashier.adjustment_not_pending'] },
    ]);
    expect(await real(player.id)).toBe(76_000);
    expect((await trail(player.id)).filter((row) => row.action.startsWith('balance_adjustment.'))).toEqual([
      { actor: first.maker.actor, action: 'balance_adjustment.requested' },
      { actor: second.maker.actor, action: 'balance_adjustment.booked' },
    ]);
  });

  it('lets a second operator reject a waiting adjustment with a reason, and no money moves', async () => {
    const player = await newPlayer(app, { funded: 90_000 });
    const asked = await ask(first.authorization, player.id, {
      currency: 'EUR',
      amount_cents: -60_000,
      reason: 'Bonus abuse found by risk',
    });
    const rejected = await decide(second.authorization, asked.json().id, 'reject', {
      reason: 'Risk withdrew the finding',
    });
    expect(rejected.json()).toMatchObject({
      status: 'rejected',
      rejection_reason: 'Risk withdrew the finding',
    });
    expect(await real(player.id)).toBe(90_000);
    const booked = await app.database.db
      .select()
      .from(schema.ledgerTransactions)
      .where(
        and(
          eq(schema.ledgerTransactions.playerId, player.id),
          eq(schema.ledgerTransactions.kind, 'balance_adjustment'),
        ),
      );
    expect(booked).toEqual([]);
  });

  it('leaves adjustments to finance: support and marketing are refused', async () => {
    const player = await newPlayer(app, { funded: 1_000 });
    for (const role of ['support', 'marketing'] as const) {
      const token = await newOperatorToken(app, role);
      const refused = await ask(token.authorization, player.id, {
        currency: 'EUR',
        amount_cents: 100,
        reason: 'Goodwill',
      });
      expect(refused.statusCode).toBe(403);
    }
    expect(await real(player.id)).toBe(1_000);
  });
});
