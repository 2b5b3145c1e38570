import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { schema } from '@chrysos/db';
import { testDatabaseKinds } from '@chrysos/db/testing';
import { desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../testing/build-test-app.ts';
import { newPlayer, type TestPlayer } from '../../testing/factories.ts';
import { waitUntil } from '../../testing/wait.ts';

/** The machine's handlers run beside much else: an effect is waited for up to this long. */
const fixtures = fileURLToPath(new URL('../content/fixtures', import.meta.url));
const operatorToken = 'an-operator-token-for-the-groups-tests-1234';

describe.each(testDatabaseKinds)('player groups on %s', (kind) => {
  let app: Awaited<ReturnType<typeof buildTestApp>>;
  const announced: { playerId: string; added: string[]; removed: string[] }[] = [];

  beforeAll(async () => {
    app = await buildTestApp(
      kind,
      { CONTENT_DIR: fixtures, OPERATOR_API_TOKEN: operatorToken },
      {
        events: { pollMs: 20, holeGraceMs: 100, retryMs: 20 },
        beforeReady: (built) =>
          built.events.on(
            'player.groups_changed',
            'test.groups',
            (event) => void announced.push(event.payload),
          ),
      },
    );
  });
  afterAll(() => app.closeAll());

  const asPlayer = (player: TestPlayer, method: 'GET' | 'POST', url: string, payload?: object) =>
    app.inject({
      method,
      url: `/api${url}`,
      headers: { cookie: player.cookie },
      ...(payload ? { payload } : {}),
    });
  const asOperator = (method: 'GET' | 'PATCH' | 'PUT', playerId: string, payload?: object) =>
    app.inject({
      method,
      url: `/api/operator/players/${playerId}/groups`,
      headers: { authorization: `Bearer ${operatorToken}` },
      ...(payload ? { payload } : {}),
    });

  it('lets an operator extend and replace a player’s groups, each change announced, and the player check them by id', async () => {
    const player = await newPlayer(app);
    const added = await asOperator('PATCH', player.id, { add: ['vip_event', 'high_roller'] });
    expect(added.statusCode, added.body).toBe(200);
    expect(added.json()).toEqual([{ id: 'high_roller' }, { id: 'vip_event' }]);
    expect((await asPlayer(player, 'GET', '/player/groups/high_roller')).json()).toEqual({
      id: 'high_roller',
      member: true,
    });

    const replaced = await asOperator('PUT', player.id, { groups: ['vip_event', 'tester'] });
    expect(replaced.json()).toEqual([{ id: 'tester' }, { id: 'vip_event' }]);
    expect((await asPlayer(player, 'GET', '/player/groups/high_roller')).json()).toEqual({
      id: 'high_roller',
      member: false,
    });
    await waitUntil(() =>
      expect(announced.filter((change) => change.playerId === player.id)).toEqual([
        { playerId: player.id, added: ['vip_event', 'high_roller'], removed: [] },
        { playerId: player.id, added: ['tester'], removed: ['high_roller'] },
      ]),
    );
    // The same list again changes nothing and announces nothing.
    await asOperator('PUT', player.id, { groups: ['tester', 'vip_event'] });
    expect((await asOperator('GET', player.id)).json()).toEqual([{ id: 'tester' }, { id: 'vip_event' }]);
    expect((await asOperator('GET', randomUUID())).statusCode).toBe(404);
    expect((await asOperator('PATCH', player.id, { add: ['Not A Group'] })).statusCode).toBe(422);
    // The back office's change carries its reason to the audit trail.
    await asOperator('PATCH', player.id, { remove: ['tester'], reason: 'Test account retired' });
    const [changed] = await app.database.db
      .select({ details: schema.complianceAuditLog.details })
      .from(schema.complianceAuditLog)
      .where(eq(schema.complianceAuditLog.playerId, player.id))
      .orderBy(desc(schema.complianceAuditLog.id))
      .limit(1);
    expect(changed?.details).toEqual({ add: [], remove: ['tester'], reason: 'Test account retired' });
    expect((await asOperator('PATCH', player.id, { add: ['vip'], reason: 'x' })).statusCode).toBe(422);
  });

  it('syncs a new player’s self-assignable groups within 5 minutes of registration, and refuses after', async () => {
    const player = await newPlayer(app);
    const synced = await asPlayer(player, 'POST', '/v2/groups', { groups: ['pwa'] });
    expect(synced.statusCode, synced.body).toBe(200);
    expect(synced.json()).toEqual([{ id: 'pwa' }]);
    const operatorOnly = await asPlayer(player, 'POST', '/v2/groups', { groups: ['high_roller'] });
    expect(operatorOnly.statusCode).toBe(422);
    expect(operatorOnly.json().codes).toEqual({ groups: ['player.group_not_allowed'] });

    await app.database.db
      .update(schema.players)
      .set({ createdAt: sql`now() - interval '6 minutes'` })
      .where(eq(schema.players.id, player.id));
    const late = await asPlayer(player, 'POST', '/v2/groups', { groups: [] });
    expect(late.statusCode).toBe(409);
    expect(late.json().codes).toEqual({ groups: ['player.groups_sync_closed'] });
    expect((await asPlayer(player, 'GET', '/player/groups/pwa')).json().member).toBe(true);
  });
});
