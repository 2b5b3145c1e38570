import { randomUUID } from 'node:crypto';
import { testDatabaseKinds } from '@chrysos/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessionCookieName, sessionLifetimeMs } from '../../platform/http-session.ts';
import { buildTestApp } from '../../testing/build-test-app.ts';
import { newPlayer, type TestPlayer } from '../../testing/factories.ts';
import { newOperatorToken } from '../../testing/operators.ts';
import { createSession, revokeSession } from './sessions.ts';

const iphone =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';
const windowsEdge =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36 Edg/124.0.0.0';
const linuxFirefox = 'Mozilla/5.0 (X11; Linux x86_64; rv:125.0) Gecko/20100101 Firefox/125.0';

type Session = {
  started_at: string;
  last_seen_at: string;
  ended_at: string | null;
  current: boolean;
  ip: string;
  browser: string | null;
  os: string | null;
  device: string;
};

/**
 * A player's sign-in sessions on Player 360 (issue 38), for two players who signed in from different
 * devices: each shows only their own, newest first, current or ended, with the device summarised.
 */
describe.each(testDatabaseKinds)("an operator reads a player's sessions on %s", (kind) => {
  let app: Awaited<ReturnType<typeof buildTestApp>>;
  let compliance: Awaited<ReturnType<typeof newOperatorToken>>;
  let finance: Awaited<ReturnType<typeof newOperatorToken>>;
  let alice: TestPlayer;
  let bob: TestPlayer;
  let phone: string;

  beforeAll(async () => {
    app = await buildTestApp(kind);
    [compliance, finance] = await Promise.all([
      newOperatorToken(app, 'compliance'),
      newOperatorToken(app, 'finance'),
    ]);
    alice = await newPlayer(app);
    bob = await newPlayer(app);
    const { db } = app.database;
    const now = app.clock.now().getTime();
    const at = (hoursAgo: number) => new Date(now - hoursAgo * 3_600_000);
    // Alice: a session long expired, one she signed out of, and one on her phone still live.
    await createSession(
      db,
      alice.id,
      { ip: '192.0.2.10', userAgent: linuxFirefox },
      at(sessionLifetimeMs / 3_600_000 + 48),
    );
    const signedOut = await createSession(db, alice.id, { ip: '192.0.2.11', userAgent: windowsEdge }, at(5));
    await revokeSession(db, signedOut, at(4));
    phone = await createSession(db, alice.id, { ip: '198.51.100.7', userAgent: iphone }, at(1));
    await createSession(db, bob.id, { ip: '203.0.113.5', userAgent: windowsEdge }, at(2));
  });
  afterAll(() => app.closeAll());

  const sessions = (player: { id: string }, authorization = compliance.authorization) =>
    app.inject({ url: `/api/operator/players/${player.id}/sessions`, headers: { authorization } });
  const list = async (player: { id: string }): Promise<Session[]> => {
    const answer = await sessions(player);
    expect(answer.statusCode).toBe(200);
    return answer.json();
  };

  it("lists each player's own sessions newest first, current or ended, with the device", async () => {
    const found = await list(alice);
    expect(found.map((s) => [s.ip, s.browser, s.os, s.device, s.current, s.ended_at !== null])).toEqual([
      // newPlayer signed the player in just now (user agent "test"): a live session on an unknown device.
      ['127.0.0.1', null, null, 'unknown', true, false],
      ['198.51.100.7', 'Safari', 'iOS', 'mobile', true, false],
      ['192.0.2.11', 'Edge', 'Windows', 'desktop', false, true],
      ['192.0.2.10', 'Firefox', 'Linux', 'desktop', false, false],
    ]);
    expect(found.some((s) => s.ip === '203.0.113.5')).toBe(false);
    const bobs = await list(bob);
    expect(bobs.map((s) => s.ip).sort()).toEqual(['127.0.0.1', '203.0.113.5']);
  });

  it('keeps when a session was last used, to the minute', async () => {
    const phoneSession = async () => (await list(alice)).find((s) => s.ip === '198.51.100.7');
    const before = await phoneSession();
    // Not used since it started an hour ago: last seen as it started.
    expect(before?.last_seen_at).toBe(before?.started_at);
    const used = await app.inject({
      url: '/api/player',
      headers: { cookie: `${sessionCookieName}=${phone}` },
    });
    expect(used.statusCode).toBe(200);
    const after = await phoneSession();
    // Started an hour ago, seen now.
    expect(Date.parse(after?.last_seen_at ?? '')).toBeGreaterThan(
      Date.parse(before?.started_at ?? '') + 30 * 60_000,
    );
    // Bob's session, not used, is not touched.
    const bobs = (await list(bob)).find((s) => s.ip === '203.0.113.5');
    expect(bobs?.last_seen_at).toBe(bobs?.started_at);
  });

  it('is refused to a role that may not read it, and not found for an unknown player', async () => {
    const refused = await sessions(alice, finance.authorization);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().codes).toEqual({ base: ['operators.forbidden'] });
    expect((await sessions({ id: randomUUID() })).statusCode).toBe(404);
  });
});
