import { randomUUID } from 'node:crypto';
import { testDatabaseKinds } from '@chrysos/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../testing/build-test-app.ts';
import { newPlayer, type TestPlayer } from '../../testing/factories.ts';
import { newOperatorToken } from '../../testing/operators.ts';

/** Player 360's read of a player's limits and reality check: each player's own, for roles that read breaks. */
describe.each(testDatabaseKinds)("operators read a player's limits on %s", (kind) => {
  let app: Awaited<ReturnType<typeof buildTestApp>>;
  let support: Awaited<ReturnType<typeof newOperatorToken>>;
  beforeAll(async () => {
    app = await buildTestApp(kind, { REALITY_CHECK_MINUTES: '45' });
    support = await newOperatorToken(app, 'support');
  });
  afterAll(() => app.closeAll());

  const setLimit = async (player: TestPlayer, limit: object) =>
    expect(
      (
        await app.inject({
          method: 'PUT',
          url: '/api/player/limits',
          headers: { cookie: player.cookie },
          payload: limit,
        })
      ).statusCode,
    ).toBe(200);
  const read = (playerId: string, authorization = support.authorization) =>
    app.inject({
      method: 'GET',
      url: `/api/operator/players/${playerId}/limits`,
      headers: { authorization },
    });

  it("shows each player's own limits, a raise waiting out its 24 hours, and the reality check", async () => {
    const careful = await newPlayer(app);
    const free = await newPlayer(app);
    await setLimit(careful, { kind: 'deposit', period: 'week', currency: 'EUR', amount: 10_000 });
    await setLimit(careful, { kind: 'deposit', period: 'week', currency: 'EUR', amount: 30_000 });
    await setLimit(careful, { kind: 'session', period: 'session', amount: 90 });
    const theirs = await read(careful.id);
    expect(theirs.statusCode).toBe(200);
    expect(theirs.json()).toMatchObject({
      reality_check_minutes: 45,
      limits: expect.arrayContaining([
        expect.objectContaining({ kind: 'deposit', period: 'week', amount: 10_000, pending_amount: 30_000 }),
        expect.objectContaining({ kind: 'session', amount: 90 }),
      ]),
    });
    expect(theirs.json().limits).toHaveLength(2);
    expect((await read(free.id)).json()).toEqual({ limits: [], reality_check_minutes: 45 });
  });

  it('refuses a role that does not read breaks and limits, and an unknown player', async () => {
    const finance = await newOperatorToken(app, 'finance');
    const player = await newPlayer(app);
    expect((await read(player.id, finance.authorization)).statusCode).toBe(403);
    expect((await read(randomUUID())).statusCode).toBe(404);
  });
});
