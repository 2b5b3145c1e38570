import { type DatabaseKind, openTestDatabase } from '@chrysos/db/testing';
import { type AppOptions, buildApp } from '../app.ts';
import { parseConfig } from '../modules/config.ts';
import type { HouseStudioFeed } from '../modules/games/studio.ts';

/**
 * The API on a database of its own of the given kind (a copy of this run's template), without the web
 * app or a listening socket. Call `closeAll()` in afterAll: it closes the app and drops the database.
 */
export async function buildTestApp(
  kind: DatabaseKind,
  env: Record<string, string> = {},
  options: {
    logs?: string[];
    /** Collects only what the app logs as an error (a bank test prints the exception behind a failed call). */
    errors?: string[];
    studioFeed?: HouseStudioFeed;
    onRoute?: AppOptions['onRoute'];
    jobs?: AppOptions['jobs'];
    events?: AppOptions['events'];
    /** Runs before the app is ready: where a test registers its event handlers. */
    beforeReady?: (app: Awaited<ReturnType<typeof buildApp>>) => void;
  } = {},
) {
  const { logs, errors, studioFeed, onRoute, jobs, events, beforeReady } = options;
  // A jackpot only where a test asks for one (JACKPOT_CURRENCIES): each app draws its cycles' drop
  // points at random, and a mini dropping among a test's slot bets (a few tests in a thousand runs)
  // adds a win to balances the test asserts exactly.
  const config = parseConfig({ NODE_ENV: 'test', JACKPOT_CURRENCIES: '', ...env });
  // A test's own titles go into a catalogue that holds no others.
  const database = await openTestDatabase(kind, {
    contentDir: config.CONTENT_DIR,
    studioTitles: studioFeed === undefined,
  });
  const { holds } = database;
  const app = await buildApp({
    config,
    database,
    web: false,
    // What the copy holds is not written again; other content, or another licence's, is synced as at any start.
    preloaded: {
      content: holds?.content.dir === config.CONTENT_DIR && holds.content.licence === config.LICENSE,
      studioTitles: holds?.studioTitles === true,
    },
    ...(studioFeed ? { studioFeed } : {}),
    ...(onRoute ? { onRoute } : {}),
    ...(jobs ? { jobs } : {}),
    ...(events ? { events } : {}),
    // Tests that look for secrets in logs collect every line at the most verbose level.
    logger: logs
      ? { level: 'trace', stream: { write: (line: string) => void logs.push(line) } }
      : errors
        ? { level: 'error', stream: { write: (line: string) => void errors.push(line) } }
        : false,
  });
  beforeReady?.(app);
  await app.ready();
  return Object.assign(app, {
    /** The PostgreSQL database's address, for a command a test runs against it (none on PGlite). */
    ...(database.url ? { databaseUrl: database.url } : {}),
    async closeAll() {
      await app.close();
      await database.close();
    },
  });
}
