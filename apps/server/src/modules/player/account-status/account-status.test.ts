import { fileURLToPath } from 'node:url';
import type { OperatorRole } from '@chrysos/contract';
import { schema } from '@chrysos/db';
import { testDatabaseKinds } from '@chrysos/db/testing';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { operatorSessionCookieName, sessionCookieName } from '../../../platform/http-session.ts';
import { hashPassword } from '../../../platform/passwords.ts';
import { hashToken, randomToken } from '../../../platform/tokens.ts';
import { buildTestApp } from '../../../testing/build-test-app.ts';
import { newPlayer, type TestPlayer } from '../../../testing/factories.ts';
import { newOperator, newOperatorToken, type TestOperator } from '../../../testing/operators.ts';

const fixtures = fileURLToPath(new URL('../../content/fixtures', import.meta.url));
const password = 'a long and private passphrase';
const hour = 60 * 60 * 1000;

type TestApp = Awaited<ReturnType<typeof buildTestApp>>;
type Response = Awaited<ReturnType<TestApp['inject']>>;

/**
 * Operators suspend, reinstate and close players' accounts (issue 38): each player meets only their
 * own account's state, whichever way they come in and wherever money comes in; every change is
 * audited under the operator who made it, and closing is final.
 */
describe.each(testDatabaseKinds)('accounts operators suspend, reinstate and close on %s', (kind) => {
  let app: TestApp;
  let support: TestOperator;
  /** The Cookie header of support's signed-in console. */
  let supportCookie: string;
  let addresses = 0;

  beforeAll(async () => {
    app = await buildTestApp(kind, { CONTENT_DIR: fixtures, CAPTCHA_AFTER_FAILED_SIGN_INS: '0' });
    support = await newOperator(app, 'support');
    const signedIn = await app.inject({
      method: 'POST',
      url: '/api/operator/session',
      remoteAddress: '198.18.40.1',
      payload: { email: support.email, password: support.password, code: support.code() },
    });
    const cookie = signedIn.cookies.find((each) => each.name === operatorSessionCookieName);
    if (!cookie) throw new Error(`support could not sign in: ${signedIn.statusCode} ${signedIn.body}`);
    supportCookie = `${operatorSessionCookieName}=${cookie.value}`;
  });
  afterAll(() => app.closeAll());

  /** A signed-in player with a password and money to withdraw. */
  const playerWithPassword = async () => {
    const player = await newPlayer(app, { funded: 50_000 });
    await app.database.db
      .update(schema.playerCredentials)
      .set({ passwordHash: await hashPassword(password) })
      .where(eq(schema.playerCredentials.playerId, player.id));
    return player;
  };
  const change = (
    verb: 'suspend' | 'reinstate' | 'close',
    who: TestPlayer,
    reason = 'Chargeback under review',
    headers: Record<string, string> = { cookie: supportCookie },
  ) =>
    app.inject({
      method: 'POST',
      url: `/api/operator/players/${who.id}/${verb}`,
      headers,
      payload: { reason },
    });
  const api = (who: TestPlayer, method: 'GET' | 'POST', url: string, payload?: object) =>
    app.inject({
      method,
      url: `/api${url}`,
      headers: { cookie: who.cookie, 'accept-language': 'en' },
      ...(payload ? { payload } : {}),
    });
  const signIn = (who: TestPlayer) => {
    addresses += 1;
    return app.inject({
      method: 'POST',
      url: '/api/users/sign_in',
      remoteAddress: `198.18.41.${addresses}`,
      payload: { user: { email: who.email, password } },
    });
  };
  const sessionOf = (response: Response) =>
    response.cookies.find((cookie) => cookie.name === sessionCookieName && cookie.value !== '');
  /** A session made behind the sign-in's back: what the routes that move money must not trust. */
  async function slippedSession(who: TestPlayer): Promise<TestPlayer> {
    const token = randomToken();
    await app.database.db.insert(schema.sessions).values({
      tokenHash: hashToken(token),
      playerId: who.id,
      ip: '127.0.0.1',
      expiresAt: new Date(Date.now() + hour),
    });
    return { ...who, cookie: `${sessionCookieName}=${token}` };
  }
  const codeOf = (response: Response) => [response.statusCode, response.json().codes?.base?.[0]];
  const overview = async (who: TestPlayer) =>
    (
      await app.inject({
        method: 'GET',
        url: `/api/operator/players/${who.id}`,
        headers: { cookie: supportCookie },
      })
    ).json();

  it('suspends one of two players: only they are signed out and refused sign-in and money, the other plays on', async () => {
    const [suspended, active] = [await playerWithPassword(), await playerWithPassword()];

    const answer = await change('suspend', suspended, 'Chargeback under review');
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({
      state: 'suspended',
      reason: 'Chargeback under review',
      changed_at: expect.any(String),
      changed_by: support.actor,
      changed_by_name: 'Test support',
    });

    // Their session ended at once; the other's did not.
    expect((await api(suspended, 'GET', '/player')).statusCode).toBe(401);
    expect((await api(active, 'GET', '/player')).statusCode).toBe(200);

    const refused = await signIn(suspended);
    expect(codeOf(refused)).toEqual([403, 'auth.account_suspended']);
    expect(sessionOf(refused)).toBeUndefined();
    const admitted = await signIn(active);
    expect(admitted.statusCode).toBe(200);
    expect(sessionOf(admitted)).toBeDefined();

    // Money: refused even through a session that slipped past the sign-in, taken from the other.
    const deposit = { currency: 'EUR', amount_cents: 2_000, method: 'card' };
    const withdrawal = { currency: 'EUR', amount_cents: 2_000, method: 'card' };
    const slipped = await slippedSession(suspended);
    expect(codeOf(await api(slipped, 'POST', '/payments/deposits', deposit))).toEqual([
      403,
      'auth.account_suspended',
    ]);
    expect(codeOf(await api(slipped, 'POST', '/payments/withdrawals', withdrawal))).toEqual([
      403,
      'auth.account_suspended',
    ]);
    expect((await api(active, 'POST', '/payments/deposits', deposit)).statusCode).toBe(201);
    expect((await api(active, 'POST', '/payments/withdrawals', withdrawal)).statusCode).toBe(201);
    const payments = async (who: TestPlayer) =>
      (await app.database.db.select().from(schema.payments).where(eq(schema.payments.playerId, who.id)))
        .length;
    expect([await payments(suspended), await payments(active)]).toEqual([0, 2]);

    // A password reset link changes the password but gives the suspended player no session.
    const token = randomToken();
    await app.database.db
      .update(schema.playerCredentials)
      .set({ resetPasswordTokenHash: hashToken(token), resetPasswordSentAt: new Date() })
      .where(eq(schema.playerCredentials.playerId, suspended.id));
    const reset = await app.inject({
      method: 'PUT',
      url: '/api/users/password',
      payload: { user: { reset_password_token: token, password: `${password} renewed` } },
    });
    expect(codeOf(reset)).toEqual([403, 'auth.account_suspended']);
    expect(sessionOf(reset)).toBeUndefined();

    // Player 360 shows each their own state; bets stop for the suspended one (disabled).
    expect(await overview(suspended)).toMatchObject({
      status: 'disabled',
      account_state: {
        state: 'suspended',
        reason: 'Chargeback under review',
        changed_by: support.actor,
        changed_by_name: 'Test support',
      },
    });
    expect(await overview(active)).toMatchObject({
      status: 'active',
      account_state: {
        state: 'active',
        reason: null,
        changed_at: null,
        changed_by: null,
        changed_by_name: null,
      },
    });

    // On the audit trail under support, with the reason; and published for other modules.
    const audited = await app.database.db
      .select()
      .from(schema.complianceAuditLog)
      .where(eq(schema.complianceAuditLog.playerId, suspended.id));
    expect(audited.filter((row) => row.action.startsWith('player.account_'))).toEqual([
      expect.objectContaining({
        actor: support.actor,
        action: 'player.account_suspended',
        details: { reason: 'Chargeback under review', from: 'active', to: 'suspended' },
      }),
    ]);
    const published = await app.database.db
      .select({ payload: schema.events.payload })
      .from(schema.events)
      .where(eq(schema.events.name, 'player.account_status_changed'));
    expect(published.map((row) => row.payload)).toContainEqual({
      playerId: suspended.id,
      status: 'suspended',
      previous: 'active',
    });
  });

  it('reinstates a suspended player, who signs in and deposits again; only a suspension is reinstated', async () => {
    const player = await playerWithPassword();
    expect(codeOf(await change('reinstate', player))).toEqual([409, 'player.account_not_suspended']);
    expect((await change('suspend', player)).statusCode).toBe(200);
    expect(codeOf(await change('suspend', player))).toEqual([409, 'player.account_already_suspended']);
    expect(codeOf(await signIn(player))).toEqual([403, 'auth.account_suspended']);

    const reinstated = await change('reinstate', player, 'Chargeback withdrawn by the bank');
    expect(reinstated.statusCode).toBe(200);
    expect(reinstated.json()).toMatchObject({
      state: 'active',
      reason: 'Chargeback withdrawn by the bank',
      changed_by: support.actor,
    });
    const admitted = await signIn(player);
    expect(admitted.statusCode).toBe(200);
    const cookie = sessionOf(admitted);
    const signedIn = { ...player, cookie: `${sessionCookieName}=${cookie?.value}` };
    expect(
      (
        await api(signedIn, 'POST', '/payments/deposits', {
          currency: 'EUR',
          amount_cents: 2_000,
          method: 'card',
        })
      ).statusCode,
    ).toBe(201);
    expect((await overview(player)).status).toBe('active');
  });

  it('closes an account for good: never reinstated, suspended or closed again', async () => {
    const [closed, active] = [await playerWithPassword(), await playerWithPassword()];
    const answer = await change('close', closed, 'Asked to close the account');
    expect(answer.json()).toMatchObject({ state: 'closed', reason: 'Asked to close the account' });
    expect((await api(closed, 'GET', '/player')).statusCode).toBe(401);
    expect((await api(active, 'GET', '/player')).statusCode).toBe(200);
    expect(codeOf(await signIn(closed))).toEqual([403, 'auth.account_closed']);

    for (const verb of ['reinstate', 'suspend', 'close'] as const) {
      expect(codeOf(await change(verb, closed))).toEqual([409, 'player.account_already_closed']);
    }
    expect(codeOf(await signIn(closed))).toEqual([403, 'auth.account_closed']);
    expect((await overview(closed)).account_state).toMatchObject({
      state: 'closed',
      reason: 'Asked to close the account',
    });
    // A suspended account can be closed too, and stays closed.
    const suspendedFirst = await playerWithPassword();
    expect((await change('suspend', suspendedFirst)).statusCode).toBe(200);
    expect((await change('close', suspendedFirst)).json().state).toBe('closed');
    expect(codeOf(await change('reinstate', suspendedFirst))).toEqual([409, 'player.account_already_closed']);
  });

  it('lets support, risk and compliance change an account and refuses finance, marketing and content', async () => {
    const allowed: OperatorRole[] = ['support', 'risk', 'compliance'];
    const refused: OperatorRole[] = ['finance', 'marketing', 'content'];
    for (const role of refused) {
      const player = await newPlayer(app);
      const { authorization } = await newOperatorToken(app, role);
      const answer = await change('suspend', player, 'Chargeback under review', { authorization });
      expect([role, ...codeOf(answer)]).toEqual([role, 403, 'operators.forbidden']);
      expect((await api(player, 'GET', '/player')).statusCode).toBe(200);
    }
    for (const role of allowed) {
      const player = await newPlayer(app);
      const token = await newOperatorToken(app, role);
      const answer = await change('suspend', player, 'Chargeback under review', {
        authorization: token.authorization,
      });
      expect([role, answer.statusCode]).toEqual([role, 200]);
      // An API token acts under the admin who made it.
      const [row] = await app.database.db
        .select({ actor: schema.complianceAuditLog.actor })
        .from(schema.complianceAuditLog)
        .where(
          and(
            eq(schema.complianceAuditLog.playerId, player.id),
            eq(schema.complianceAuditLog.action, 'player.account_suspended'),
          ),
        );
      expect(row?.actor).toBe(token.maker.actor);
    }
  });

  it('asks for a reason of one line, 3 to 300 characters, and a player of ours', async () => {
    const player = await newPlayer(app);
    for (const reason of ['no', 'x'.repeat(301), 'two\nlines']) {
      const answer = await change('suspend', player, reason);
      expect([reason, answer.statusCode, Object.keys(answer.json().codes)]).toEqual([
        reason,
        422,
        ['reason'],
      ]);
    }
    const missing = await app.inject({
      method: 'POST',
      url: `/api/operator/players/${player.id}/suspend`,
      headers: { cookie: supportCookie },
      payload: {},
    });
    expect(missing.statusCode).toBe(422);
    const unknown = await change('suspend', { ...player, id: '6f1c1d4e-0a3b-4c2d-9e8f-7a6b5c4d3e2f' });
    expect(codeOf(unknown)).toEqual([404, 'player.not_found']);
    expect((await api(player, 'GET', '/player')).statusCode).toBe(200);
  });
});
