import { fileURLToPath } from 'node:url';
import { schema } from '@chrysos/db';
import { testDatabaseKinds } from '@chrysos/db/testing';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../testing/build-test-app.ts';
import { newPlayer, type TestPlayer } from '../../testing/factories.ts';
import { waitUntil } from '../../testing/wait.ts';
import { studioCalls } from '../../testing/wallet/studio-calls.ts';

const fixtures = fileURLToPath(new URL('../content/fixtures', import.meta.url));
const secret = 'a-studio-secret-for-the-loyalty-guard-1234';
const operatorToken = 'an-operator-token-for-the-loyalty-guard-1234';

/** The guard of issue 31: two players whose levels differ, each sees only their own points and level. */
describe.each(testDatabaseKinds)('comp points of two players on %s', (kind) => {
  let app: Awaited<ReturnType<typeof buildTestApp>>;

  beforeAll(async () => {
    app = await buildTestApp(
      kind,
      { CONTENT_DIR: fixtures, STUDIO_SECRET: secret, OPERATOR_API_TOKEN: operatorToken },
      { events: { pollMs: 20, holeGraceMs: 100, retryMs: 20 } },
    );
  });
  afterAll(() => app.closeAll());

  const comps = async (player: TestPlayer) =>
    (await app.inject({ url: '/api/player/comp_points', headers: { cookie: player.cookie } })).json();
  const groupsOf = async (player: TestPlayer) =>
    (
      await app.database.db
        .select({ group: schema.playerGroups.group })
        .from(schema.playerGroups)
        .where(eq(schema.playerGroups.playerId, player.id))
    ).map((row) => row.group);

  it('keeps each player’s points, level and exchange to themselves', async () => {
    const gold = await newPlayer(app, { funded: 100 });
    const player = await newPlayer(app, { funded: 10_000 });
    const granted = await app.inject({
      method: 'POST',
      url: `/api/operator/players/${gold.id}/comp_points`,
      headers: { authorization: `Bearer ${operatorToken}` },
      payload: { points: 3_000, reason: 'guard', key: `gold-${gold.id}` },
    });
    expect(granted.statusCode).toBe(200);
    const slot = await studioCalls(app, player, { secret, gameCode: 'thunder-of-zeus' });
    for (let i = 0; i < 10; i++)
      expect(await slot.bet(`guard-${player.id}-${i}`, 100)).toMatchObject({ status: 'RS_OK' });

    await waitUntil(async () => expect((await comps(player)).points).toBe(1));
    await waitUntil(async () => expect((await comps(gold)).level.id).toBe('gold'));
    expect(await comps(gold)).toMatchObject({ points: 3_000, collected: 3_000 });
    expect(await comps(player)).toMatchObject({ points: 1, level: { id: 'bronze' } });
    expect(await groupsOf(gold)).toEqual(['loyalty_gold']);
    expect(await groupsOf(player)).not.toContain('loyalty_gold');

    // The gold player exchanges their points; the other's balance is theirs alone.
    const exchanged = await app.inject({
      method: 'POST',
      url: '/api/player/comp_points/exchange',
      headers: { cookie: gold.cookie },
      payload: { points: 1_000, idempotency_key: `exchange-${gold.id}` },
    });
    expect(exchanged.statusCode).toBe(200);
    expect((await comps(gold)).points).toBe(2_000);
    expect((await comps(player)).points).toBe(1);
    const refused = await app.inject({
      method: 'POST',
      url: '/api/player/comp_points/exchange',
      headers: { cookie: player.cookie },
      payload: { points: 1_000, idempotency_key: `exchange-${player.id}` },
    });
    expect(refused.statusCode).toBe(409);
    expect(Object.values(refused.json().codes).flat()).toEqual(['loyalty.not_enough_points']);
  });
});
