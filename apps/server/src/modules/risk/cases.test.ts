import { randomUUID } from 'node:crypto';
import { schema } from '@chrysos/db';
import { testDatabaseKinds } from '@chrysos/db/testing';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../testing/build-test-app.ts';
import { uploadDocument } from '../../testing/documents.ts';
import { handlersCaughtUp } from '../../testing/events.ts';
import { depositThroughSandbox, newPlayer, playRound, type TestPlayer } from '../../testing/factories.ts';
import { newOperator, newOperatorToken } from '../../testing/operators.ts';

type Case = { id: string; kind: string; category: string; status: string; facts: Record<string, unknown> };

/**
 * The watch and the cases it raises (issue 38). Every marker is shown with two players whose deposits
 * or play differ: the one who crosses it gets the case, the other none.
 */
describe.each(testDatabaseKinds)('risk cases on %s', (kind) => {
  let app: Awaited<ReturnType<typeof buildTestApp>>;
  let compliance: Awaited<ReturnType<typeof newOperatorToken>>;

  beforeAll(async () => {
    app = await buildTestApp(kind);
    compliance = await newOperatorToken(app, 'compliance');
  });
  afterAll(() => app.closeAll());

  const asCompliance = (method: 'GET' | 'POST', url: string, payload?: object) =>
    app.inject({
      method,
      url: `/api/operator${url}`,
      headers: { authorization: compliance.authorization },
      ...(payload ? { payload } : {}),
    });
  const casesOf = async (player: { id: string }, status = 'unresolved'): Promise<Case[]> => {
    await handlersCaughtUp(app.database.db);
    const answer = await asCompliance('GET', `/cases?player_id=${player.id}&status=${status}`);
    expect(answer.statusCode).toBe(200);
    return answer.json();
  };
  const kinds = async (player: { id: string }) => (await casesOf(player)).map((found) => found.kind).sort();

  /** Identity and address documents uploaded by the player and approved: past the deposit gate. */
  const verify = async (player: TestPlayer) => {
    for (const documentKind of ['identity', 'address']) {
      const id = await uploadDocument(app, player, documentKind);
      expect((await asCompliance('POST', `/documents/${id}/approve`)).statusCode).toBe(200);
    }
  };

  it('opens an AML case when deposits reach €2,000 in 180 days, for that player only, once', async () => {
    const crossing = await newPlayer(app);
    const below = await newPlayer(app);
    await Promise.all([verify(crossing), verify(below)]);
    await depositThroughSandbox(app, crossing, 150_000);
    await depositThroughSandbox(app, below, 150_000);
    await depositThroughSandbox(app, below, 40_000);
    expect(await kinds(crossing)).toEqual([]);
    await depositThroughSandbox(app, crossing, 60_000);
    const [raised] = await casesOf(crossing);
    expect(raised).toMatchObject({
      kind: 'cumulative_deposits',
      category: 'aml',
      status: 'open',
      facts: { total_euro_cents: 210_000, threshold_euro_cents: 200_000, days: 180, deposits: 2 },
    });
    expect(await kinds(below)).toEqual([]);
    // A further deposit under the next multiple raises nothing new.
    await depositThroughSandbox(app, crossing, 10_000);
    expect((await casesOf(crossing)).map((found) => found.id)).toEqual([raised?.id]);
  });

  it('opens a velocity case at the fifth deposit within 24 hours and a spike case for a deposit far above the usual', async () => {
    const quick = await newPlayer(app);
    const steady = await newPlayer(app);
    for (let i = 0; i < 4; i++) {
      await depositThroughSandbox(app, quick, 2_000);
      await depositThroughSandbox(app, steady, 2_000);
    }
    expect(await kinds(quick)).toEqual([]);
    await depositThroughSandbox(app, quick, 2_000);
    expect(await kinds(quick)).toEqual(['deposit_velocity']);
    expect(await kinds(steady)).toEqual([]);

    // Four deposits of €20 averaging €20: €600 is thirty times that.
    await depositThroughSandbox(app, steady, 60_000);
    expect(await kinds(steady)).toEqual(['deposit_spike', 'deposit_velocity']);
    const spike = (await casesOf(steady)).find((found) => found.kind === 'deposit_spike');
    expect(spike).toMatchObject({
      category: 'safer_gambling',
      facts: { deposit_euro_cents: 60_000, average_euro_cents: 2_000, deposits: 4 },
    });
  });

  it('opens a case for many payment methods in a month', async () => {
    const many = await newPlayer(app);
    const one = await newPlayer(app);
    // The cashier offers cards only today; a second and third method reach the watch as their deposits' events.
    const deposited = (player: TestPlayer, method: string) =>
      app.events.publish(app.database.db, 'cashier.deposit_succeeded', {
        paymentId: randomUUID(),
        playerId: player.id,
        currency: 'EUR',
        amount: 5_000,
        method,
        bonusCode: null,
      });
    for (const method of ['card', 'skrill', 'bank_transfer']) await deposited(many, method);
    for (let i = 0; i < 3; i++) await deposited(one, 'card');
    expect(await casesOf(many)).toMatchObject([
      { kind: 'payment_methods', facts: { methods: ['bank_transfer', 'card', 'skrill'], days: 30 } },
    ]);
    expect(await kinds(one)).toEqual([]);
  });

  it('flags a win of 350 times its stake or of €40,000 for review, not a smaller one', async () => {
    const lucky = await newPlayer(app, { funded: 10_000_000 });
    const usual = await newPlayer(app, { funded: 10_000_000 });
    const round = (player: TestPlayer, stake: number, win: number) => playRound(app, player, stake, win);
    await round(usual, 100, 34_900);
    await round(usual, 2_000_000, 3_900_000);
    expect(await kinds(usual)).toEqual([]);
    await round(lucky, 100, 35_000);
    expect(await casesOf(lucky)).toMatchObject([
      {
        kind: 'big_win',
        category: 'payments',
        facts: { win_cents: 35_000, stake_cents: 100, multiple: 350, currency: 'EUR', occurrences: 1 },
      },
    ]);
    // A second big win while the first is unresolved adds to the same case.
    await round(lucky, 1_000_000, 4_000_000);
    expect(await casesOf(lucky)).toMatchObject([
      { kind: 'big_win', facts: { win_cents: 4_000_000, multiple: 4, occurrences: 2 } },
    ]);
  });

  it('opens a safer-gambling case when a player asks to raise a limit, not when they lower one', async () => {
    const raising = await newPlayer(app);
    const lowering = await newPlayer(app);
    const setLimit = (player: TestPlayer, amount: number) =>
      app.inject({
        method: 'PUT',
        url: '/api/player/limits',
        headers: { cookie: player.cookie },
        payload: { kind: 'deposit', period: 'week', currency: 'EUR', amount },
      });
    for (const [player, first, second] of [
      [raising, 10_000, 50_000],
      [lowering, 10_000, 5_000],
    ] as const) {
      expect((await setLimit(player, first)).statusCode).toBe(200);
      expect((await setLimit(player, second)).statusCode).toBe(200);
    }
    expect(await casesOf(raising)).toMatchObject([
      {
        kind: 'limit_raise',
        category: 'safer_gambling',
        facts: { limit: 'deposit', period: 'week', currency: 'EUR', from: 10_000, to: 50_000 },
      },
    ]);
    expect(await kinds(lowering)).toEqual([]);
  });

  it('lets an operator own, intervene on and resolve a case, each step audited under their name', async () => {
    const player = await newPlayer(app);
    const other = await newPlayer(app);
    await app.events.publish(app.database.db, 'compliance.limit_raise_requested', {
      playerId: player.id,
      kind: 'loss',
      period: 'day',
      currency: 'EUR',
      amount: 1_000,
      requested: 9_000,
    });
    const [raised] = await casesOf(player);
    if (!raised) throw new Error('no case raised');
    const officer = await newOperator(app, 'compliance');
    const marketer = await newOperator(app, 'marketing');
    const assign = (ownerId: string) =>
      asCompliance('POST', `/cases/${raised.id}/assign`, { owner_id: ownerId });
    expect((await assign(marketer.id)).json().codes).toEqual({ owner_id: ['risk.owner_invalid'] });
    const owned = await assign(officer.id);
    expect(owned.statusCode).toBe(200);
    expect(owned.json()).toMatchObject({
      status: 'investigating',
      owner_id: officer.id,
      owner_name: 'Test compliance',
    });

    const onOthersCase = await asCompliance('POST', `/players/${other.id}/interventions`, {
      kind: 'contacted',
      note: 'Called about the raise',
      case_id: raised.id,
    });
    expect([onOthersCase.statusCode, onOthersCase.json().codes]).toEqual([
      422,
      { case_id: ['risk.case_of_another_player'] },
    ]);
    const called = await asCompliance('POST', `/players/${player.id}/interventions`, {
      kind: 'limit_suggested',
      note: 'Called the player; suggested keeping the daily loss limit at €10',
      case_id: raised.id,
    });
    expect(called.statusCode).toBe(201);
    expect(called.json()).toMatchObject({ kind: 'limit_suggested', recorded_by: compliance.maker.actor });

    const resolved = await asCompliance('POST', `/cases/${raised.id}/resolve`, {
      outcome: 'intervened',
      note: 'Player agreed to keep the limit',
    });
    expect(resolved.json()).toMatchObject({
      status: 'resolved',
      outcome: 'intervened',
      resolved_by: compliance.maker.actor,
    });
    expect(
      (await asCompliance('POST', `/cases/${raised.id}/resolve`, { outcome: 'no_action', note: 'Again' }))
        .statusCode,
    ).toBe(409);

    const detail = (await asCompliance('GET', `/cases/${raised.id}`)).json();
    expect(detail.interventions).toMatchObject([{ kind: 'limit_suggested', case_id: raised.id }]);
    expect((await asCompliance('GET', `/players/${player.id}/interventions`)).json()).toHaveLength(1);
    expect((await asCompliance('GET', `/players/${other.id}/interventions`)).json()).toEqual([]);
    expect(await casesOf(player, 'resolved')).toMatchObject([{ id: raised.id }]);

    const trail = await app.database.db
      .select({ actor: schema.complianceAuditLog.actor, action: schema.complianceAuditLog.action })
      .from(schema.complianceAuditLog)
      .where(eq(schema.complianceAuditLog.playerId, player.id))
      .orderBy(schema.complianceAuditLog.id);
    expect(trail).toEqual([
      { actor: compliance.maker.actor, action: 'risk.case_assigned' },
      { actor: compliance.maker.actor, action: 'risk.intervention_recorded' },
      { actor: compliance.maker.actor, action: 'risk.case_resolved' },
    ]);
  });

  it('keeps cases from roles that do not work them', async () => {
    const support = await newOperatorToken(app, 'support');
    const finance = await newOperatorToken(app, 'finance');
    const read = (authorization: string) =>
      app.inject({ method: 'GET', url: '/api/operator/cases', headers: { authorization } });
    expect((await read(support.authorization)).statusCode).toBe(403);
    expect((await read(finance.authorization)).statusCode).toBe(200);
    const player = await newPlayer(app);
    const intervene = await app.inject({
      method: 'POST',
      url: `/api/operator/players/${player.id}/interventions`,
      headers: { authorization: finance.authorization },
      payload: { kind: 'contacted', note: 'Called' },
    });
    expect(intervene.statusCode).toBe(403);
  });
});

/** Play markers follow the product clock: bets are placed at the moments the test moves it to. */
describe.each(testDatabaseKinds)('play markers on %s', (kind) => {
  let app: Awaited<ReturnType<typeof buildTestApp>>;
  let risk: Awaited<ReturnType<typeof newOperatorToken>>;
  beforeAll(async () => {
    app = await buildTestApp(kind, { RISK_TIME_ZONE: 'Europe/Athens' });
    risk = await newOperatorToken(app, 'risk');
  });
  afterAll(() => app.closeAll());

  const kinds = async (player: { id: string }) => {
    await handlersCaughtUp(app.database.db);
    const answer = await app.inject({
      method: 'GET',
      url: `/api/operator/cases?player_id=${player.id}`,
      headers: { authorization: risk.authorization },
    });
    return (answer.json() as Case[]).map((found) => found.kind).sort();
  };
  /** Moves the clock to `at`, where each player bets; the watch reads them at the product's time. */
  const betAt = async (at: string, ...players: TestPlayer[]) => {
    app.clock.moveTo(new Date(at));
    for (const player of players) {
      const id = randomUUID();
      await app.wallet.bet({
        playerId: player.id,
        currency: 'EUR',
        round: id,
        gameCode: 'golden-drachma',
        key: `studio:bet-${id}`,
        amount: 100,
      });
    }
    await handlersCaughtUp(app.database.db);
  };

  it('opens a long-session case after three hours without a half-hour break, not for a player who took one', async () => {
    const unbroken = await newPlayer(app, { funded: 100_000 });
    const rested = await newPlayer(app, { funded: 100_000 });
    // 14:00 to 17:20 Athens time (UTC+2): a bet every 25 minutes; the other player breaks for 50 minutes.
    for (let minutes = 0; minutes <= 200; minutes += 25) {
      const at = new Date(Date.UTC(2031, 0, 6, 12, minutes)).toISOString();
      await betAt(at, ...(minutes === 100 ? [unbroken] : [unbroken, rested]));
    }
    expect(await kinds(unbroken)).toEqual(['long_session']);
    expect(await kinds(rested)).toEqual([]);
  });

  it('opens a night-play case on the third night within a week, not for a player who plays by day', async () => {
    const owl = await newPlayer(app, { funded: 100_000 });
    const lark = await newPlayer(app, { funded: 100_000 });
    for (const day of [12, 14, 16]) {
      // 02:30 Athens time is 00:30 UTC; 11:30 Athens is 09:30 UTC.
      await betAt(new Date(Date.UTC(2031, 0, day, 0, 30)).toISOString(), owl);
      await betAt(new Date(Date.UTC(2031, 0, day, 9, 30)).toISOString(), lark);
    }
    expect(await kinds(owl)).toEqual(['night_play']);
    expect(await kinds(lark)).toEqual([]);
  });
});
