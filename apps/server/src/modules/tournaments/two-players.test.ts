import { testDatabaseKinds } from '@chrysos/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../testing/build-test-app.ts';
import { handlersCaughtUp } from '../../testing/events.ts';
import { newPlayer, type TestPlayer } from '../../testing/factories.ts';
import { waitUntil } from '../../testing/wait.ts';
import { studioCalls } from '../../testing/wallet/studio-calls.ts';

const secret = 'a-studio-secret-for-the-tournament-guard-1234';
const active = 'winter-reels-race';

/** The guard of issue 31: one player opted in, the other did not; each sees only their own score. */
describe.each(testDatabaseKinds)('a tournament of two players on %s', (kind) => {
  let app: Awaited<ReturnType<typeof buildTestApp>>;

  beforeAll(async () => {
    app = await buildTestApp(
      kind,
      { STUDIO_SECRET: secret },
      { events: { pollMs: 20, holeGraceMs: 100, retryMs: 20 } },
    );
  });
  afterAll(() => app.closeAll());

  const api = (player: TestPlayer, method: 'GET' | 'POST', url: string, payload?: object) =>
    app.inject({
      method,
      url: `/api${url}`,
      headers: { 'accept-language': 'en', cookie: player.cookie },
      ...(payload ? { payload } : {}),
    });
  const statusOf = async (player: TestPlayer) =>
    (
      (await api(player, 'GET', '/tournaments/statuses')).json() as {
        tournament_id: string;
        points: number;
      }[]
    ).find((status) => status.tournament_id === active);

  it('scores the stakes of the player who joined, and nothing of the one who did not', async () => {
    const joined = await newPlayer(app, { funded: 100_00 });
    const stayedOut = await newPlayer(app, { funded: 100_00 });
    expect(
      (await api(joined, 'POST', `/tournaments/${active}/confirm`, { confirmed: true })).statusCode,
    ).toBe(200);

    await (await studioCalls(app, stayedOut, { secret, gameCode: 'golden-drachma' })).bet('out-1', 9_00);
    await (await studioCalls(app, joined, { secret, gameCode: 'golden-drachma' })).bet('in-1', 2_50);
    await waitUntil(async () => expect((await statusOf(joined))?.points).toBe(250), { interval: 50 });
    await handlersCaughtUp(app.database.db);

    expect((await statusOf(stayedOut))?.points ?? 0).toBe(0);
    const seenByJoined = (await api(joined, 'GET', `/tournaments/${active}`)).json();
    expect(seenByJoined.leaderboard.find((row: { me: boolean }) => row.me)).toMatchObject({ points: 250 });
    const seenByOther = (await api(stayedOut, 'GET', `/tournaments/${active}`)).json();
    expect(seenByOther.leaderboard.filter((row: { me: boolean }) => row.me)).toEqual([]);
  });
});
