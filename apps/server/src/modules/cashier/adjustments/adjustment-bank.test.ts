import { schema } from '@chrysos/db';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildTestApp } from '../../../testing/build-test-app.ts';
import { newPlayer, type TestPlayer } from '../../../testing/factories.ts';
import { describeOnPostgres } from '../../../testing/on-postgres.ts';
import { newOperatorToken } from '../../../testing/operators.ts';
import { auditLedger } from '../../wallet/public.ts';

const players = 10;
const funded = 20_000;

/**
 * The bank test of balance adjustments: finance operators credit and debit players while the same
 * players ask for withdrawals, all at once; some debits ask for more than is left, and adjustments
 * above four eyes are approved by their asker and by a second operator twice at once. Afterwards every
 * ledger invariant holds; every booked adjustment is exactly one ledger movement against the house and
 * nothing else is; what was refused stored nothing; each player holds what they were given plus what
 * was booked for them; no adjustment above four eyes was booked by the operator who asked for it.
 */
describeOnPostgres('balance adjustment bank test on PostgreSQL', () => {
  let app: Awaited<ReturnType<typeof buildTestApp>>;
  const rows = async <T>(query: ReturnType<typeof sql>) =>
    ((await app.database.db.execute(query)) as unknown as { rows: T[] }).rows;

  beforeAll(async () => {
    app = await buildTestApp('postgres', {
      // Withdrawals wait for an operator: their money stays held, in the player's balance sheet.
      WITHDRAWAL_AUTO_APPROVE_BELOW: '{}',
      BALANCE_ADJUSTMENT_FOUR_EYES_ABOVE: '{"EUR":50000}',
      DATABASE_POOL_SIZE: '20',
    });
  });
  afterAll(() => app.closeAll());

  it('creates and destroys no money, books each adjustment once, and keeps four eyes', async () => {
    const [asker, approver] = [
      await newOperatorToken(app, 'finance'),
      await newOperatorToken(app, 'finance'),
    ];
    const everyone: TestPlayer[] = [];
    for (let n = 0; n < players; n++) everyone.push(await newPlayer(app, { funded }));
    const answers: { approval: boolean; status: number; code?: string }[] = [];
    const call = async (authorization: string, url: string, payload?: object) => {
      const answer = await app.inject({
        method: 'POST',
        url,
        headers: { authorization },
        ...(payload ? { payload } : {}),
      });
      answers.push({
        approval: url.endsWith('/approve'),
        status: answer.statusCode,
        code: Object.values(answer.json().codes ?? {}).flat()[0] as string,
      });
      return answer;
    };
    const adjust = (player: TestPlayer, amount: number) =>
      call(asker.authorization, `/api/operator/players/${player.id}/adjustments`, {
        currency: 'EUR',
        amount_cents: amount,
        reason: amount > 0 ? 'Goodwill' : 'Chargeback',
      });
    const withdraw = (player: TestPlayer) =>
      app.inject({
        method: 'POST',
        url: '/api/payments/withdrawals',
        headers: { cookie: player.cookie },
        payload: { currency: 'EUR', amount_cents: 3_000, method: 'card' },
      });

    await Promise.all(
      everyone.map(async (player) => {
        // Four small credits, six small debits (more than the balance can give once withdrawals hold
        // theirs), two withdrawals and two adjustments above four eyes, all at once.
        const large = await Promise.all([adjust(player, 60_000), adjust(player, -70_000)]);
        await Promise.all([
          ...Array.from({ length: 4 }, () => adjust(player, 1_000)),
          ...Array.from({ length: 6 }, () => adjust(player, -4_000)),
          withdraw(player),
          withdraw(player),
          ...large.flatMap((asked) => {
            const url = `/api/operator/adjustments/${asked.json().id}/approve`;
            // The asker's own approval, and the second operator's sent twice at once.
            return [
              call(asker.authorization, url),
              call(approver.authorization, url),
              call(approver.authorization, url),
            ];
          }),
        ]);
      }),
    );

    // Every answer is one the contract names: booked, waiting, refused for a reason; never a fault.
    expect(answers.filter((answer) => answer.status >= 500)).toEqual([]);
    const refusedForBalance = answers.filter(
      (answer) => answer.code === 'cashier.adjustment_over_balance',
    ).length;
    expect(refusedForBalance).toBeGreaterThan(0);
    // An approval books, or is refused: by its own asker, once booked, or for a balance too small.
    const approvalAnswers = answers.filter((answer) => answer.approval);
    const approvalRefusals = [
      'cashier.adjustment_second_approver_required',
      'cashier.adjustment_not_pending',
      'cashier.adjustment_over_balance',
    ];
    expect(
      approvalAnswers.filter(
        (answer) => answer.status !== 200 && !approvalRefusals.includes(answer.code ?? ''),
      ),
    ).toEqual([]);

    // What was refused stored nothing: the rows are the requests answered 201 or 202.
    const stored = await app.database.db.select().from(schema.balanceAdjustments);
    const mine = stored.filter((row) => everyone.some((player) => player.id === row.playerId));
    // (an approval answers 200, a request 201 booked or 202 waiting)
    const asked = answers.filter((answer) => answer.status === 201 || answer.status === 202).length;
    expect(mine).toHaveLength(asked);
    const largeBooked = mine.filter((row) => row.status === 'booked' && Math.abs(row.amount) > 50_000);
    expect(approvalAnswers.filter((answer) => answer.status === 200)).toHaveLength(largeBooked.length);
    // Every player's large credit was booked, by the second operator: nothing stood in its way.
    expect(largeBooked.filter((row) => row.amount > 0)).toHaveLength(players);
    // Each booked adjustment is one movement against the house under its key, nothing else is one.
    const movements = await rows<{ key: string; amount: number; player: string }>(sql`
      select t.idempotency_key as key, e.amount::int as amount, t.player_id as player
      from ledger_transactions t
      join ledger_entries e on e.transaction_id = t.id
      join ledger_accounts a on a.id = e.account_id and a.kind = 'real'
      where t.kind = 'balance_adjustment'`);
    const booked = mine.filter((row) => row.status === 'booked');
    expect(movements.map((movement) => [movement.key, movement.amount]).sort()).toEqual(
      booked.map((row) => [`adjustment:${row.id}`, row.amount]).sort(),
    );
    // Four eyes: none above EUR 500 booked by its asker; the small ones by their asker at once.
    for (const row of booked) {
      if (Math.abs(row.amount) > 50_000) expect(row.decidedBy).not.toBe(row.requestedBy);
      else expect(row.decidedBy).toBe(row.requestedBy);
    }
    // Each player holds what they were given plus what was booked for them, held withdrawals included.
    for (const player of everyone) {
      const { real, held } = await app.wallet.ledger.balances(player.id, 'EUR');
      const theirs = booked
        .filter((row) => row.playerId === player.id)
        .reduce((sum, row) => sum + row.amount, 0);
      expect({ player: player.id, total: real + held }).toEqual({
        player: player.id,
        total: funded + theirs,
      });
    }
    // Every booking is on the audit trail under who booked it.
    const trail = await app.database.db
      .select({ actor: schema.complianceAuditLog.actor, details: schema.complianceAuditLog.details })
      .from(schema.complianceAuditLog)
      .where(eq(schema.complianceAuditLog.action, 'balance_adjustment.booked'));
    for (const row of booked) {
      expect(trail.filter((entry) => entry.details.adjustment === row.id)).toEqual([
        expect.objectContaining({ actor: row.decidedBy }),
      ]);
    }
    expect(await auditLedger(app.database.db)).toEqual({
      driftingAccounts: [],
      negativeAccounts: 0,
      ledgerTotal: 0,
      unbalancedTransactions: 0,
    });
  }, 300_000);
});
