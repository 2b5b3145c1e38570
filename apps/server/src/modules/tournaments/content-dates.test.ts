import { schema } from '@chrysos/db';
import { testDatabaseKinds } from '@chrysos/db/testing';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../testing/build-test-app.ts';
import { seedTournaments } from './seed.ts';

const day = 24 * 60 * 60 * 1000;
type TestApp = Awaited<ReturnType<typeof buildTestApp>>;

/** What the tournament pages say of each tournament: its window and state. */
async function shown(app: TestApp) {
  const ids = ['autumn-spin-cup', 'winter-reels-race', 'new-year-high-roller'];
  return Promise.all(
    ids.map(async (id) => {
      const answer = await app.inject({ method: 'GET', url: `/api/tournaments/${id}` });
      expect(answer.statusCode).toBe(200);
      const { start_at, end_at, state } = answer.json().tournament;
      return { id, start_at, end_at, state };
    }),
  );
}

/** The windows the content writes (content/en/tournamentsCollection), as the API writes dates. */
function contentWindows(app: TestApp) {
  return app.content
    .list('tournamentsCollection', 'en', { groups: [], abVariants: {}, now: app.clock.now() })
    .map((item) => ({
      id: item.data.frontendIdentifier,
      start_at: new Date(item.data.startAt).toISOString(),
      end_at: new Date(item.data.endAt).toISOString(),
    }));
}

/**
 * Issue 31 item 17: a tournament's dates are its content's `startAt`/`endAt`, whenever the server
 * starts, not a window the seed placed around the start time; and the demo content has one running
 * whenever the demo starts.
 */
describe.each(testDatabaseKinds)('tournament dates from the content on %s', (kind) => {
  let startedNow: TestApp;
  let startedLater: TestApp;

  beforeAll(async () => {
    startedNow = await buildTestApp(kind);
    // The same content, the server started 45 days of product clock later.
    startedLater = await buildTestApp(
      kind,
      {},
      { beforeReady: (app) => app.clock.moveTo(new Date(Date.now() + 45 * day)) },
    );
  });
  afterAll(async () => {
    await startedNow?.closeAll();
    await startedLater?.closeAll();
  });

  it('shows the same dates, those of the content, whenever the server started', async () => {
    const early = await shown(startedNow);
    const late = await shown(startedLater);
    const windows = (list: typeof early) =>
      list.map(({ id, start_at, end_at }) => ({ id, start_at, end_at }));
    expect(windows(early)).toEqual(contentWindows(startedNow));
    expect(windows(late)).toEqual(windows(early));
    // The demo has a tournament running at either start.
    expect(early.find((t) => t.id === 'winter-reels-race')?.state).toBe('active');
    expect(late.find((t) => t.id === 'winter-reels-race')?.state).toBe('active');
  });

  it('puts the content dates back on a tournament not yet finished when the server starts again', async () => {
    const { db } = startedNow.database;
    // Rows as an older seed left them: moved around its start time; the finished one already paid.
    await db
      .update(schema.tournaments)
      .set({ startAt: new Date('2026-01-01T00:00:00Z'), endAt: new Date('2026-01-08T00:00:00Z') })
      .where(eq(schema.tournaments.id, 'winter-reels-race'));
    const frozen = { startAt: new Date('2026-02-01T00:00:00Z'), endAt: new Date('2026-02-08T00:00:00Z') };
    await db
      .update(schema.tournaments)
      .set({ ...frozen, finishedAt: frozen.endAt })
      .where(eq(schema.tournaments.id, 'autumn-spin-cup'));

    // What the plugin does at start.
    const definitions = startedNow.content
      .list('tournamentsCollection', 'en', { groups: [], abVariants: {}, now: startedNow.clock.now() })
      .map((item) => ({ ...item.data, games: item.data.gamesCollection }));
    await seedTournaments(db, definitions, [{ code: 'EUR', subunits: 100 }]);

    const after = await shown(startedNow);
    const content = contentWindows(startedNow);
    expect(after.find((t) => t.id === 'winter-reels-race')).toMatchObject({
      ...content.find((t) => t.id === 'winter-reels-race'),
      state: 'active',
    });
    // A finished board keeps the window it was scored and paid in.
    expect(after.find((t) => t.id === 'autumn-spin-cup')).toMatchObject({
      start_at: frozen.startAt.toISOString(),
      end_at: frozen.endAt.toISOString(),
    });
  });
});
