import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { type OperatorRole, operatorRoleRules, operatorRoles } from '@chrysos/contract';
import { schema } from '@chrysos/db';
import { testDatabaseKinds } from '@chrysos/db/testing';
import { and, desc, eq, like, sql } from 'drizzle-orm';
import type { RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { operatorSessionCookieName } from '../../platform/http-session.ts';
import { latestEmail } from '../../testing/accounts.ts';
import { buildTestApp } from '../../testing/build-test-app.ts';
import { newPlayer } from '../../testing/factories.ts';
import { newOperator, newOperatorToken, type TestOperator } from '../../testing/operators.ts';
import { abilitiesOf } from './abilities.ts';
import { totpCodeAt } from './totp.ts';

const legacyToken = 'legacy-operator-token-0123456789abcdef';

describe.each(testDatabaseKinds)('operators as principals on %s', (kind) => {
  let app: Awaited<ReturnType<typeof buildTestApp>>;
  /** Every operator route the app registered (its own options, as Fastify had them). */
  const operatorRoutes: RouteOptions[] = [];
  beforeAll(async () => {
    app = await buildTestApp(
      kind,
      {
        OPERATOR_API_TOKEN: legacyToken,
        TEST_CLOCK: 'on',
        JACKPOT_TEST_DROP: 'on',
        JACKPOT_CURRENCIES: 'EUR',
        // Four eyes above EUR 400.00 here, so a withdrawal below the KYC threshold shows it.
        WITHDRAWAL_FOUR_EYES_ABOVE: '{"EUR":40000}',
      },
      {
        onRoute: (route) => {
          const paths = [route.url].flat();
          if (paths.some((path) => path.startsWith('/api/operator/') || path.startsWith('/api/test/'))) {
            operatorRoutes.push(route);
          }
        },
      },
    );
  });
  afterAll(() => app.closeAll());

  // Sign-ins are limited per address: each comes from one of its own unless a test names one.
  let addresses = 0;
  const freshAddress = () => {
    addresses += 1;
    return `198.18.${Math.floor(addresses / 250)}.${(addresses % 250) + 1}`;
  };
  const signIn = (operator: TestOperator, options: { code?: string; ip?: string; password?: string } = {}) =>
    app.inject({
      method: 'POST',
      url: '/api/operator/session',
      remoteAddress: options.ip ?? freshAddress(),
      payload: {
        email: operator.email,
        password: options.password ?? operator.password,
        code: options.code ?? operator.code(),
      },
    });
  const cookieOf = (response: Awaited<ReturnType<typeof signIn>>) => {
    const cookie = response.cookies.find((each) => each.name === operatorSessionCookieName);
    if (!cookie) throw new Error(`no operator cookie: ${response.statusCode} ${response.body}`);
    return `${operatorSessionCookieName}=${cookie.value}`;
  };
  const me = (cookie: string, ip = '127.0.0.1') =>
    app.inject({ method: 'GET', url: '/api/operator/me', headers: { cookie }, remoteAddress: ip });

  it('signs each operator in with their password and code, as themselves, in their own cookie', async () => {
    const support = await newOperator(app, 'support');
    const finance = await newOperator(app, 'finance');
    const supportIn = await signIn(support);
    const financeIn = await signIn(finance);
    expect(supportIn.statusCode).toBe(200);
    const cookie = supportIn.cookies.find((each) => each.name === operatorSessionCookieName);
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/' });
    // Never a player's session.
    expect(supportIn.cookies.map((each) => each.name)).not.toContain('chrysos_session');
    expect(supportIn.headers['cache-control']).toBe('private, no-store');

    const supportMe = (await me(cookieOf(supportIn))).json();
    const financeMe = (await me(cookieOf(financeIn))).json();
    expect(supportMe).toMatchObject({
      id: support.id,
      email: support.email,
      role: 'support',
      via: 'session',
    });
    expect(supportMe.rules).toEqual(operatorRoleRules.support);
    expect(financeMe).toMatchObject({ id: finance.id, role: 'finance' });
    expect(financeMe.rules).toEqual(operatorRoleRules.finance);
    // Nothing secret in what they are told.
    expect(JSON.stringify([supportIn.json(), supportMe])).not.toMatch(/password|totp|secret/i);

    // Each sign-in is on the audit trail under the operator's own id.
    const trail = await app.database.db
      .select({ actor: schema.complianceAuditLog.actor, action: schema.complianceAuditLog.action })
      .from(schema.complianceAuditLog)
      .where(eq(schema.complianceAuditLog.action, 'operator.signed_in'));
    expect(trail).toEqual(
      expect.arrayContaining([
        { actor: support.actor, action: 'operator.signed_in' },
        { actor: finance.actor, action: 'operator.signed_in' },
      ]),
    );
  });

  it('refuses a wrong password, a wrong code, a code used once already and an unknown email alike', async () => {
    const operator = await newOperator(app, 'risk');
    const refused = async (response: Awaited<ReturnType<typeof signIn>>) => {
      expect(response.statusCode).toBe(401);
      expect(response.json().codes).toEqual({ base: ['operators.sign_in_failed'] });
      expect(response.cookies).toEqual([]);
    };
    await refused(await signIn(operator, { password: 'Not-the-password-1234' }));
    const wrongCode = String((Number(operator.code()) + 1) % 1_000_000).padStart(6, '0');
    await refused(await signIn(operator, { code: wrongCode }));
    await refused(await signIn({ ...operator, email: 'nobody@chrysos.example' }));
    // Guessing from one address is cut short, whatever the account.
    const guesser = freshAddress();
    for (let attempt = 0; attempt < 10; attempt++) {
      await refused(await signIn(operator, { code: wrongCode, ip: guesser }));
    }
    expect((await signIn(operator, { ip: guesser })).statusCode).toBe(429);
    // Without a code there is no session at all.
    const noCode = await app.inject({
      method: 'POST',
      url: '/api/operator/session',
      payload: { email: operator.email, password: operator.password },
    });
    expect(noCode.statusCode).toBe(422);
    expect(noCode.cookies).toEqual([]);

    const code = operator.code();
    expect((await signIn(operator, { code })).statusCode).toBe(200);
    // The same code again (overheard, or replayed) within its 30 seconds.
    await refused(await signIn(operator, { code }));
  });

  it('lets an operator with an allow-list in only from it, and checks it on every request', async () => {
    const listed = await newOperator(app, 'finance', { ipAllowList: ['10.20.0.0/16'] });
    const anywhere = await newOperator(app, 'finance');
    const outside = await signIn(listed, { ip: '203.0.113.9' });
    expect(outside.statusCode).toBe(403);
    expect(outside.json().codes).toEqual({ base: ['operators.address_not_allowed'] });
    expect(outside.cookies).toEqual([]);
    app.clock.moveTo(new Date(app.clock.now().getTime() + 31_000));
    const inside = await signIn(listed, { ip: '10.20.4.7' });
    expect(inside.statusCode).toBe(200);
    expect((await me(cookieOf(inside), '10.20.4.7')).statusCode).toBe(200);
    // The session taken elsewhere is refused there.
    expect((await me(cookieOf(inside), '198.51.100.3')).json().codes).toEqual({
      base: ['operators.address_not_allowed'],
    });
    // The other operator, with no list, signs in from that address.
    expect((await signIn(anywhere, { ip: '198.51.100.3' })).statusCode).toBe(200);
  });

  it('ends a session left idle, while a colleague who kept working stays signed in', async () => {
    const resting = await newOperator(app, 'support');
    const working = await newOperator(app, 'support');
    const restingCookie = cookieOf(await signIn(resting));
    const workingCookie = cookieOf(await signIn(working));
    const minutes = app.config.OPERATOR_IDLE_MINUTES;
    const start = app.clock.now().getTime();
    // The working one makes a request two thirds of the way through; the resting one does not.
    app.clock.moveTo(new Date(start + (minutes * 60_000 * 2) / 3));
    expect((await me(workingCookie)).statusCode).toBe(200);
    app.clock.moveTo(new Date(start + minutes * 60_000 + 60_000));
    const expired = await me(restingCookie);
    expect(expired.statusCode).toBe(401);
    expect(expired.json().codes).toEqual({ base: ['operators.session_expired'] });
    expect((await me(workingCookie)).json()).toMatchObject({ id: working.id });
    // Ended, not just idle: it stays refused.
    expect((await me(restingCookie)).statusCode).toBe(401);
  });

  it('signs out: the session is ended on the server, not only forgotten by the browser', async () => {
    const operator = await newOperator(app, 'content');
    const cookie = cookieOf(await signIn(operator));
    // A state change carrying the cookie from another site is refused (CSRF).
    const crossSite = await app.inject({
      method: 'DELETE',
      url: '/api/operator/session',
      headers: { cookie, origin: 'https://elsewhere.example' },
    });
    expect(crossSite.statusCode).toBe(403);
    expect((await me(cookie)).statusCode).toBe(200);
    const out = await app.inject({ method: 'DELETE', url: '/api/operator/session', headers: { cookie } });
    expect(out.statusCode).toBe(204);
    expect((await me(cookie)).statusCode).toBe(401);
  });

  it('gives each API token its own role, audited under the admin who made it, until revoked', async () => {
    const admin = await newOperator(app, 'admin');
    const adminCookie = cookieOf(await signIn(admin));
    const made = await app.inject({
      method: 'POST',
      url: '/api/operator/api_tokens',
      headers: { cookie: adminCookie },
      payload: { name: 'payments robot', role: 'finance' },
    });
    expect(made.statusCode).toBe(201);
    const token = made.json();
    expect(token).toMatchObject({ name: 'payments robot', role: 'finance', created_by: admin.id });
    const asToken = { authorization: `Bearer ${token.token}` };
    expect(
      (await app.inject({ method: 'GET', url: '/api/operator/me', headers: asToken })).json(),
    ).toMatchObject({
      id: admin.id,
      role: 'finance',
      via: 'api_token',
    });
    // Finance's ability, not its maker's: it reads withdrawals, it may not make tokens.
    expect(
      (await app.inject({ method: 'GET', url: '/api/operator/withdrawals', headers: asToken })).statusCode,
    ).toBe(200);
    const escalation = await app.inject({
      method: 'POST',
      url: '/api/operator/api_tokens',
      headers: asToken,
      payload: { name: 'admin please', role: 'admin' },
    });
    expect(escalation.statusCode).toBe(403);
    expect(escalation.json().codes).toEqual({ base: ['operators.forbidden'] });
    // The list never shows a secret.
    const listed = await app.inject({
      method: 'GET',
      url: '/api/operator/api_tokens',
      headers: { cookie: adminCookie },
    });
    expect(listed.body).not.toContain(token.token);

    const revoked = await app.inject({
      method: 'DELETE',
      url: `/api/operator/api_tokens/${token.id}`,
      headers: { cookie: adminCookie },
    });
    expect(revoked.json().revoked_at).not.toBeNull();
    expect((await app.inject({ method: 'GET', url: '/api/operator/me', headers: asToken })).statusCode).toBe(
      401,
    );
    const trail = await app.database.db
      .select({ actor: schema.complianceAuditLog.actor, action: schema.complianceAuditLog.action })
      .from(schema.complianceAuditLog)
      .where(
        and(
          eq(schema.complianceAuditLog.actor, admin.actor),
          like(schema.complianceAuditLog.action, 'operator.api_token%'),
        ),
      )
      .orderBy(schema.complianceAuditLog.id);
    expect(trail.map((row) => row.action)).toEqual([
      'operator.api_token_created',
      'operator.api_token_revoked',
    ]);
  });

  it('records who decided: two operators approving two withdrawals are each on the audit trail', async () => {
    const first = await newOperatorToken(app, 'finance');
    const second = await newOperatorToken(app, 'finance');
    const decide = async (authorization: string) => {
      const player = await newPlayer(app, { funded: 50_000 });
      const requested = await app.inject({
        method: 'POST',
        url: '/api/payments/withdrawals',
        headers: { cookie: player.cookie },
        payload: { currency: 'EUR', amount_cents: 30_000, method: 'card' },
      });
      expect(requested.statusCode).toBe(201);
      const id = requested.json().id as string;
      const approved = await app.inject({
        method: 'POST',
        url: `/api/operator/withdrawals/${id}/approve`,
        headers: { authorization },
      });
      expect(approved.statusCode).toBe(200);
      return id;
    };
    const firstPayment = await decide(first.authorization);
    const secondPayment = await decide(second.authorization);
    const approvals = await app.database.db
      .select({ actor: schema.complianceAuditLog.actor, details: schema.complianceAuditLog.details })
      .from(schema.complianceAuditLog)
      .where(eq(schema.complianceAuditLog.action, 'withdrawal.approved'));
    const actorOf = (payment: string) =>
      approvals.find((row) => (row.details as { payment?: string }).payment === payment)?.actor;
    expect(actorOf(firstPayment)).toBe(first.maker.actor);
    expect(actorOf(secondPayment)).toBe(second.maker.actor);
  });

  it('pays a withdrawal above the four-eyes amount only once a second finance operator approves it', async () => {
    const first = await newOperatorToken(app, 'finance');
    const second = await newOperatorToken(app, 'finance');
    const player = await newPlayer(app, { funded: 100_000 });
    const withdraw = async (amount: number) =>
      (
        await app.inject({
          method: 'POST',
          url: '/api/payments/withdrawals',
          headers: { cookie: player.cookie },
          payload: { currency: 'EUR', amount_cents: amount, method: 'card' },
        })
      ).json().id as string;
    const approve = (id: string, authorization: string) =>
      app.inject({
        method: 'POST',
        url: `/api/operator/withdrawals/${id}/approve`,
        headers: { authorization },
      });
    const status = async (id: string) =>
      (await app.inject({ url: `/api/player/payments/${id}`, headers: { cookie: player.cookie } })).json()
        .status;

    const large = await withdraw(45_000);
    const firstApproval = await approve(large, first.authorization);
    expect(firstApproval.statusCode).toBe(202);
    expect(firstApproval.json()).toMatchObject({ status: 'pending', first_approved_by: first.maker.actor });
    expect(await status(large)).toBe('pending');
    // The same operator cannot be the second pair of eyes.
    const again = await approve(large, first.authorization);
    expect(again.statusCode).toBe(409);
    expect(again.json().codes).toEqual({ status: ['cashier.second_approver_required'] });
    expect(await status(large)).toBe('pending');
    const secondApproval = await approve(large, second.authorization);
    expect(secondApproval.statusCode).toBe(200);
    expect(secondApproval.json().status).not.toBe('pending');

    // Below the amount, one approval is enough.
    const small = await withdraw(30_000);
    expect((await approve(small, second.authorization)).statusCode).toBe(200);

    const trail = await app.database.db
      .select({
        actor: schema.complianceAuditLog.actor,
        action: schema.complianceAuditLog.action,
        details: schema.complianceAuditLog.details,
      })
      .from(schema.complianceAuditLog)
      .where(eq(schema.complianceAuditLog.playerId, player.id))
      .orderBy(schema.complianceAuditLog.id);
    const decisions = trail.filter((row) => row.action.startsWith('withdrawal.'));
    expect(
      decisions.map((row) => [row.actor, row.action, (row.details as { payment?: string }).payment]),
    ).toEqual([
      [first.maker.actor, 'withdrawal.first_approval', large],
      [second.maker.actor, 'withdrawal.approved', large],
      [second.maker.actor, 'withdrawal.approved', small],
    ]);
    expect(decisions[1]?.details).toMatchObject({ first_approved_by: first.maker.actor });
  });

  it('never lets one operator be both pairs of eyes, however their approvals interleave', async () => {
    const first = await newOperatorToken(app, 'finance');
    const second = await newOperatorToken(app, 'finance');
    const player = await newPlayer(app, { funded: 600_000 });
    const ids: string[] = [];
    for (let n = 0; n < 10; n++) {
      const requested = await app.inject({
        method: 'POST',
        url: '/api/payments/withdrawals',
        headers: { cookie: player.cookie },
        payload: { currency: 'EUR', amount_cents: 45_000 + n, method: 'card' },
      });
      ids.push(requested.json().id as string);
    }
    // Each withdrawal approved four times at once: twice by each operator.
    const answers = await Promise.all(
      ids.flatMap((id) =>
        [first, second, first, second].map((operator) =>
          app.inject({
            method: 'POST',
            url: `/api/operator/withdrawals/${id}/approve`,
            headers: { authorization: operator.authorization },
          }),
        ),
      ),
    );
    const trail = await app.database.db
      .select({
        actor: schema.complianceAuditLog.actor,
        action: schema.complianceAuditLog.action,
        details: schema.complianceAuditLog.details,
      })
      .from(schema.complianceAuditLog)
      .where(eq(schema.complianceAuditLog.playerId, player.id));
    // Per withdrawal: one first approval (202), one approval (200); the other two refused.
    const statuses = answers.map((answer) => answer.statusCode);
    expect(statuses.filter((status) => status === 202)).toHaveLength(ids.length);
    expect(statuses.filter((status) => status === 200)).toHaveLength(ids.length);
    expect(statuses.filter((status) => status === 409)).toHaveLength(ids.length * 2);
    for (const id of ids) {
      const rows = trail.filter((row) => (row.details as { payment?: string }).payment === id);
      const firsts = rows.filter((row) => row.action === 'withdrawal.first_approval');
      const approvals = rows.filter((row) => row.action === 'withdrawal.approved');
      // One first approval and one approval, by two different operators.
      expect(firsts).toHaveLength(1);
      expect(approvals).toHaveLength(1);
      expect(approvals[0]?.actor).not.toBe(firsts[0]?.actor);
      expect([first.maker.actor, second.maker.actor]).toContain(approvals[0]?.actor);
    }
  });

  it('shows compliance the audit trail and its verification, and support neither', async () => {
    const compliance = await newOperatorToken(app, 'compliance');
    const support = await newOperatorToken(app, 'support');
    const finance = await newOperatorToken(app, 'finance');
    const player = await newPlayer(app, { funded: 50_000 });
    const requested = await app.inject({
      method: 'POST',
      url: '/api/payments/withdrawals',
      headers: { cookie: player.cookie },
      payload: { currency: 'EUR', amount_cents: 30_000, method: 'card' },
    });
    await app.inject({
      method: 'POST',
      url: `/api/operator/withdrawals/${requested.json().id}/approve`,
      headers: { authorization: finance.authorization },
    });
    const read = (authorization: string, query: string) =>
      app.inject({ url: `/api/operator/audit_log${query}`, headers: { authorization } });

    const rows = await read(compliance.authorization, `?player_id=${player.id}&action=withdrawal.`);
    expect(rows.statusCode).toBe(200);
    expect(rows.json()).toEqual([
      expect.objectContaining({
        actor: finance.maker.actor,
        action: 'withdrawal.approved',
        player_id: player.id,
      }),
    ]);
    const byActor = await read(compliance.authorization, `?actor=${encodeURIComponent(finance.maker.actor)}`);
    expect(byActor.json().map((row: { action: string }) => row.action)).toEqual(['withdrawal.approved']);
    const verified = await read(compliance.authorization, '/verification');
    expect(verified.json()).toMatchObject({ ok: true });
    expect(verified.json().rows).toBeGreaterThan(0);

    for (const query of [`?player_id=${player.id}`, '/verification']) {
      const refused = await read(support.authorization, query);
      expect(refused.statusCode).toBe(403);
      expect(refused.json().codes).toEqual({ base: ['operators.forbidden'] });
    }
  });

  it("sends a player the usual password reset email from support, that player's only, with its reason audited", async () => {
    const support = await newOperatorToken(app, 'support');
    const finance = await newOperatorToken(app, 'finance');
    const locked = await newPlayer(app);
    const other = await newPlayer(app);
    await app.database.db
      .update(schema.players)
      .set({ language: 'el' })
      .where(eq(schema.players.id, locked.id));
    const send = (authorization: string, id: string) =>
      app.inject({
        method: 'POST',
        url: `/api/operator/players/${id}/password_reset`,
        headers: { authorization },
        payload: { reason: 'Called us: cannot sign in' },
      });
    expect((await send(finance.authorization, locked.id)).statusCode).toBe(403);
    const sent = await send(support.authorization, locked.id);
    expect(sent.statusCode).toBe(202);
    expect(sent.json()).toEqual({ sent: true });
    const email = await latestEmail(app, locked.email, 'reset_password');
    // The player's own language, the usual link.
    expect(email.text).toContain('/el/users/password/edit?reset_password_token=');
    const toOther = await app.database.db
      .select()
      .from(schema.emails)
      .where(eq(schema.emails.to, other.email));
    expect(toOther).toEqual([]);
    // Asked again at once: no second email, still on the trail.
    expect((await send(support.authorization, locked.id)).json()).toEqual({ sent: false });
    const trail = await app.database.db
      .select({
        actor: schema.complianceAuditLog.actor,
        action: schema.complianceAuditLog.action,
        details: schema.complianceAuditLog.details,
      })
      .from(schema.complianceAuditLog)
      .where(eq(schema.complianceAuditLog.playerId, locked.id))
      .orderBy(schema.complianceAuditLog.id);
    expect(trail).toEqual([
      {
        actor: support.maker.actor,
        action: 'player.password_reset_sent',
        details: { reason: 'Called us: cannot sign in', sent: true },
      },
      {
        actor: support.maker.actor,
        action: 'player.password_reset_sent',
        details: { reason: 'Called us: cannot sign in', sent: false },
      },
    ]);
  });

  it('lets an admin make an operator, who enrols the TOTP secret shown once and signs in with that role', async () => {
    const admin = await newOperatorToken(app, 'admin');
    const support = await newOperatorToken(app, 'support');
    const email = `Finance-${Date.now().toString(36)}@Chrysos.example`;
    const account = {
      email,
      name: 'Daphne Finance',
      role: 'finance',
      password: 'Harbour-Lantern-2026-x',
      ip_allow_list: ['203.0.113.0/24'],
    };
    const make = (authorization: string, payload: object) =>
      app.inject({ method: 'POST', url: '/api/operator/operators', headers: { authorization }, payload });
    expect((await make(support.authorization, account)).statusCode).toBe(403);
    const made = await make(admin.authorization, account);
    expect(made.statusCode).toBe(201);
    const body = made.json();
    expect(body).toMatchObject({
      email: email.toLowerCase(),
      name: 'Daphne Finance',
      role: 'finance',
      ip_allow_list: ['203.0.113.0/24'],
      disabled_at: null,
    });
    expect(body.totp_uri).toContain(`secret=${body.totp_secret}`);
    // The secret is answered this once: the list never carries it, nor a password hash.
    const listed = await app.inject({
      method: 'GET',
      url: '/api/operator/operators',
      headers: { authorization: admin.authorization },
    });
    const row = listed.json().find((each: { id: string }) => each.id === body.id);
    expect(Object.keys(row).sort()).toEqual(
      ['created_at', 'disabled_at', 'email', 'id', 'ip_allow_list', 'name', 'role'].sort(),
    );
    expect(listed.body).not.toContain(body.totp_secret);
    // Made with its password and the code of the secret, from an address of the list: finance.
    const signedIn = await app.inject({
      method: 'POST',
      url: '/api/operator/session',
      remoteAddress: '203.0.113.9',
      payload: { email, password: account.password, code: totpCodeAt(body.totp_secret, app.clock.now()) },
    });
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json()).toMatchObject({ id: body.id, role: 'finance', via: 'session' });
    // Audited as the admin who made it, never with the password or the secret.
    const [trail] = await app.database.db
      .select({ actor: schema.complianceAuditLog.actor, details: schema.complianceAuditLog.details })
      .from(schema.complianceAuditLog)
      .where(eq(schema.complianceAuditLog.action, 'operator.created'))
      .orderBy(desc(schema.complianceAuditLog.id))
      .limit(1);
    expect(trail).toEqual({
      actor: admin.maker.actor,
      details: { operator_id: body.id, email: email.toLowerCase(), role: 'finance' },
    });
    // Refused: the same email again, a weak password, a malformed allow-list.
    const again = await make(admin.authorization, account);
    expect([again.statusCode, again.json().codes]).toEqual([409, { email: ['operators.email_taken'] }]);
    const weak = await make(admin.authorization, {
      ...account,
      email: `w${email}`,
      password: 'Too-short-1',
    });
    expect([weak.statusCode, Object.keys(weak.json().codes)]).toEqual([422, ['password']]);
    const wrong = await make(admin.authorization, {
      ...account,
      email: `x${email}`,
      ip_allow_list: ['nowhere'],
    });
    expect([wrong.statusCode, wrong.json().codes]).toEqual([
      422,
      { ip_allow_list: ['operators.allow_list_invalid'] },
    ]);
  });

  it('refuses every operator route to every role without its ability, and to anyone without credentials', async () => {
    expect(operatorRoutes.length).toBeGreaterThan(25);
    const tokens = Object.fromEntries(
      await Promise.all(
        operatorRoles.map(async (role) => [role, (await newOperatorToken(app, role)).authorization]),
      ),
    ) as Record<OperatorRole, string>;
    const filled = (url: string) =>
      url
        .replace(':currency', 'EUR')
        .replace(':tier', 'mini')
        .replace(':name', 'analytics.maintain')
        .replace(/:[a-z_]+/g, '6f1c1d4e-0a3b-4c2d-9e8f-7a6b5c4d3e2f');
    const unreachable: string[] = [];
    for (const route of operatorRoutes) {
      const url = filled([route.url].flat()[0] ?? '');
      for (const method of [route.method].flat()) {
        // The way in: the one operator route for someone not yet signed in.
        if (method === 'HEAD' || (method === 'POST' && url === '/api/operator/session')) continue;
        const ability = (route.config as { ability?: readonly [string, string] } | undefined)?.ability;
        const anyone = await app.inject({ method, url });
        if (anyone.statusCode !== 401)
          unreachable.push(`${method} ${url} without credentials: ${anyone.statusCode}`);
        for (const role of operatorRoles) {
          const answer = await app.inject({ method, url, headers: { authorization: tokens[role] } });
          const allowed = ability ? abilitiesOf(role).can(ability[0] as never, ability[1] as never) : true;
          const refused =
            answer.statusCode === 403 && answer.json().codes?.base?.[0] === 'operators.forbidden';
          if (allowed === refused) {
            unreachable.push(
              `${method} ${url} as ${role}: ${answer.statusCode} (${allowed ? 'allowed' : 'not allowed'})`,
            );
          }
        }
      }
    }
    expect(unreachable).toEqual([]);
  });

  it('writes every state-changing operator route to the audit trail under the operator who called it', async () => {
    const admin = await newOperatorToken(app, 'admin');
    const headers = { authorization: admin.authorization };
    const player = await newPlayer(app, { funded: 100_000 });
    const campaignId = `audit-${Date.now().toString(36)}`;
    const withdrawal = async () => {
      const requested = await app.inject({
        method: 'POST',
        url: '/api/payments/withdrawals',
        headers: { cookie: player.cookie },
        payload: { currency: 'EUR', amount_cents: 20_000, method: 'card' },
      });
      return requested.json().id as string;
    };
    const document = async () => {
      const [row] = await app.database.db
        .insert(schema.playerDocuments)
        .values({
          playerId: player.id,
          kind: 'identity',
          fileName: 'id.jpg',
          contentType: 'image/jpeg',
          size: 1,
        })
        .returning({ id: schema.playerDocuments.id });
      return row?.id ?? '';
    };
    const madeToken = async () =>
      (
        await app.inject({
          method: 'POST',
          url: '/api/operator/api_tokens',
          headers,
          payload: { name: 'to revoke', role: 'support' },
        })
      ).json().id as string;
    const waitingAdjustment = async () => {
      const asker = await newOperatorToken(app, 'finance');
      const asked = await app.inject({
        method: 'POST',
        url: `/api/operator/players/${player.id}/adjustments`,
        headers: { authorization: asker.authorization },
        payload: { currency: 'EUR', amount_cents: 60_000, reason: 'Provider paid short' },
      });
      return asked.json().id as string;
    };
    const riskCase = async () => {
      const [row] = await app.database.db
        .insert(schema.riskCases)
        .values({
          playerId: (await newPlayer(app)).id,
          kind: 'limit_raise',
          category: 'safer_gambling',
          facts: { limit: 'deposit' },
          openedAt: app.clock.now(),
          dueAt: app.clock.now(),
        })
        .returning({ id: schema.riskCases.id });
      return row?.id ?? '';
    };
    const later = new Date(app.clock.now().getTime() + 60_000).toISOString();
    /** A call that succeeds for each state-changing route, by its method and path as registered. */
    const calls: Record<
      string,
      () => Promise<{ url: string; payload?: object; headers?: Record<string, string>; actor?: string }>
    > = {
      'DELETE /api/operator/session': async () => {
        const operator = await newOperator(app, 'support');
        const signedIn = await signIn(operator);
        return {
          url: '/api/operator/session',
          headers: { cookie: cookieOf(signedIn) },
          actor: operator.actor,
        };
      },
      'POST /api/operator/operators': async () => ({
        url: '/api/operator/operators',
        payload: {
          email: `made-${Date.now().toString(36)}@chrysos.example`,
          name: 'Made in the audit test',
          role: 'support',
          password: 'Harbour-Lantern-audit-42',
        },
      }),
      'POST /api/operator/api_tokens': async () => ({
        url: '/api/operator/api_tokens',
        payload: { name: 'ci', role: 'finance' },
      }),
      'DELETE /api/operator/api_tokens/:id': async () => ({
        url: `/api/operator/api_tokens/${await madeToken()}`,
      }),
      'PUT /api/operator/bonus_campaigns/:id': async () => ({
        url: `/api/operator/bonus_campaigns/${campaignId}`,
        payload: {
          kind: 'no_deposit',
          code: null,
          title: { en: 'Ten on the house', el: 'Δέκα από το κατάστημα' },
          terms: {
            amount: { EUR: 1_000 },
            wagering: { multiplier: 5, on: 'bonus', days: 7 },
            maxBet: { EUR: 500 },
            contributions: { categories: { slots: 100 }, other: 10 },
          },
        },
      }),
      'POST /api/operator/players/:id/bonuses': async () => ({
        url: `/api/operator/players/${player.id}/bonuses`,
        payload: { campaign: campaignId },
      }),
      'POST /api/operator/players/:id/exclusions': async () => ({
        url: `/api/operator/players/${(await newPlayer(app)).id}/exclusions`,
        payload: { kind: 'timeout', period: '24h', reason: 'asked for it on the phone' },
      }),
      'POST /api/operator/documents/:id/approve': async () => ({
        url: `/api/operator/documents/${await document()}/approve`,
      }),
      'POST /api/operator/documents/:id/reject': async () => ({
        url: `/api/operator/documents/${await document()}/reject`,
        payload: { code: 'blurred' },
      }),
      'POST /api/operator/players/:id/crm_events': async () => ({
        url: `/api/operator/players/${player.id}/crm_events`,
        payload: { event: 'first_deposit_done' },
      }),
      'PUT /api/operator/experiments/:id': async () => ({
        url: `/api/operator/experiments/${campaignId}`,
        payload: {
          name: 'Audit',
          status: 'draft',
          variations: [
            { key: 'control', path: '/a', weight: 0.5 },
            { key: 'b', path: '/b', weight: 0.5 },
          ],
        },
      }),
      'PATCH /api/operator/players/:id/groups': async () => ({
        url: `/api/operator/players/${player.id}/groups`,
        payload: { add: ['vip'] },
      }),
      'PUT /api/operator/players/:id/groups': async () => ({
        url: `/api/operator/players/${player.id}/groups`,
        payload: { groups: ['vip', 'high_roller'] },
      }),
      'POST /api/operator/jackpots/:currency/:tier/drop': async () => ({
        url: '/api/operator/jackpots/EUR/mini/drop',
      }),
      'POST /api/operator/players/:id/comp_points': async () => ({
        url: `/api/operator/players/${player.id}/comp_points`,
        payload: { points: 100, reason: 'goodwill', key: `audit-${Date.now()}` },
      }),
      'POST /api/operator/withdrawals/:id/approve': async () => ({
        url: `/api/operator/withdrawals/${await withdrawal()}/approve`,
      }),
      'POST /api/operator/players/:id/notes': async () => ({
        url: `/api/operator/players/${player.id}/notes`,
        payload: { body: 'Called about a bonus' },
      }),
      'POST /api/operator/players/:id/adjustments': async () => ({
        url: `/api/operator/players/${player.id}/adjustments`,
        payload: { currency: 'EUR', amount_cents: 500, reason: 'Goodwill' },
      }),
      // Above four eyes (EUR 500.00), asked by another admin: this admin's approval is the second.
      'POST /api/operator/adjustments/:id/approve': async () => ({
        url: `/api/operator/adjustments/${await waitingAdjustment()}/approve`,
      }),
      'POST /api/operator/adjustments/:id/reject': async () => ({
        url: `/api/operator/adjustments/${await waitingAdjustment()}/reject`,
        payload: { reason: 'Not justified' },
      }),
      'POST /api/operator/withdrawals/:id/reject': async () => ({
        url: `/api/operator/withdrawals/${await withdrawal()}/reject`,
        payload: { reason: 'Documents needed' },
      }),
      'POST /api/operator/players/:id/password_reset': async () => ({
        url: `/api/operator/players/${(await newPlayer(app)).id}/password_reset`,
        payload: { reason: 'asked on the phone' },
      }),
      'POST /api/operator/players/:id/suspend': async () => ({
        url: `/api/operator/players/${(await newPlayer(app)).id}/suspend`,
        payload: { reason: 'Chargeback under review' },
      }),
      'POST /api/operator/players/:id/reinstate': async () => {
        const suspended = (await newPlayer(app)).id;
        await app.inject({
          method: 'POST',
          url: `/api/operator/players/${suspended}/suspend`,
          headers,
          payload: { reason: 'Chargeback under review' },
        });
        return { url: `/api/operator/players/${suspended}/reinstate`, payload: { reason: 'Resolved' } };
      },
      'POST /api/operator/players/:id/close': async () => ({
        url: `/api/operator/players/${(await newPlayer(app)).id}/close`,
        payload: { reason: 'Asked to close the account' },
      }),
      'POST /api/operator/cases/:id/assign': async () => ({
        url: `/api/operator/cases/${await riskCase()}/assign`,
        payload: { owner_id: admin.maker.id },
      }),
      'POST /api/operator/cases/:id/resolve': async () => ({
        url: `/api/operator/cases/${await riskCase()}/resolve`,
        payload: { outcome: 'no_action', note: 'Within the player’s usual play' },
      }),
      'POST /api/operator/players/:id/interventions': async () => ({
        url: `/api/operator/players/${player.id}/interventions`,
        payload: { kind: 'contacted', note: 'Called the player' },
      }),
      'POST /api/operator/players/:id/withdrawal_hold': async () => ({
        url: `/api/operator/players/${(await newPlayer(app)).id}/withdrawal_hold`,
        payload: { reason: 'Big win under review' },
      }),
      'POST /api/operator/players/:id/withdrawal_hold/lift': async () => {
        const held = (await newPlayer(app)).id;
        await app.inject({
          method: 'POST',
          url: `/api/operator/players/${held}/withdrawal_hold`,
          headers,
          payload: { reason: 'Big win under review' },
        });
        return { url: `/api/operator/players/${held}/withdrawal_hold/lift`, payload: { reason: 'Verified' } };
      },
      'PUT /api/test/clock': async () => ({ url: '/api/test/clock', payload: { now: later } }),
      'POST /api/test/jobs/:name': async () => ({ url: '/api/test/jobs/analytics.maintain' }),
    };
    const rowsOf = async () =>
      (await app.database.db.select({ id: schema.complianceAuditLog.id }).from(schema.complianceAuditLog))
        .length;
    const unaudited: string[] = [];
    for (const route of operatorRoutes) {
      for (const method of [route.method].flat()) {
        if (method === 'GET' || method === 'HEAD') continue;
        const key = `${method} ${[route.url].flat()[0]}`;
        if (key === 'POST /api/operator/session') continue;
        const call = calls[key];
        if (!call) {
          unaudited.push(`${key}: no call in this test`);
          continue;
        }
        const { url, payload, headers: own, actor = admin.maker.actor } = await call();
        const before = await rowsOf();
        const answer = await app.inject({
          method,
          url,
          headers: own ?? headers,
          ...(payload ? { payload } : {}),
        });
        if (answer.statusCode >= 300) {
          unaudited.push(`${key}: ${answer.statusCode} ${answer.body.slice(0, 200)}`);
          continue;
        }
        const written = await app.database.db
          .select({ actor: schema.complianceAuditLog.actor, action: schema.complianceAuditLog.action })
          .from(schema.complianceAuditLog)
          .orderBy(schema.complianceAuditLog.id);
        const mine = written.slice(before);
        if (!mine.some((row) => row.actor === actor)) unaudited.push(`${key}: no audit row as ${actor}`);
      }
    }
    expect(unaudited).toEqual([]);
  });

  // A second process cannot open an embedded database while the app holds it: PostgreSQL only.
  it.runIf(kind === 'postgres')(
    'leaves a trail that `npm run audit:verify` finds intact after every operator action',
    async () => {
      const run = promisify(execFile);
      const root = fileURLToPath(new URL('../../../../../', import.meta.url));
      const env = { ...process.env, DATABASE_URL: app.databaseUrl };
      const { stdout } = await run('npm', ['run', '--silent', 'audit:verify'], { cwd: root, env });
      const [count] = await app.database.db
        .select({ rows: sql<number>`count(*)::int` })
        .from(schema.complianceAuditLog);
      expect(stdout.trim()).toMatch(
        new RegExp(`^audit log intact: ${count?.rows} rows, last hash [0-9a-f]{64}$`),
      );
    },
  );
});
