import { fileURLToPath } from 'node:url';
import { schema } from '@chrysos/db';
import { testDatabaseKinds } from '@chrysos/db/testing';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../testing/build-test-app.ts';
import { newPlayer } from '../../testing/factories.ts';
import { waitUntil } from '../../testing/wait.ts';
import { studioCalls } from '../../testing/wallet/studio-calls.ts';
import { maskName } from './mask.ts';

/** The event handlers follow the ledger within about a second; a busy machine may need more. */
const waitFor = <T>(check: () => Promise<T>) => waitUntil(check, { interval: 50 });
const fixtures = fileURLToPath(new URL('../content/fixtures', import.meta.url));
const secret = 'a-studio-secret-that-is-long-enough-1234';

describe('a winner’s masked name', () => {
  it('keeps the first two letters and the last of the first name, else of the e-mail’s local part', () => {
    expect(maskName('Nikos', 'n@example.gr')).toBe('Ni***s');
    expect(maskName('  Ελένη ', 'e@example.gr')).toBe('Ελ***η');
    expect(maskName(null, 'maria.p@example.gr')).toBe('ma***p');
    expect(maskName('', 'al@example.gr')).toBe('a***');
    expect(maskName(null, '@example.gr')).toBe('***');
  });
});

describe.each(testDatabaseKinds)('the winners lists on %s', (kind) => {
  let app: Awaited<ReturnType<typeof buildTestApp>>;

  beforeAll(async () => {
    app = await buildTestApp(
      kind,
      { CONTENT_DIR: fixtures, STUDIO_SECRET: secret, REALTIME_BIG_WIN_CENTS: '10000' },
      { events: { pollMs: 20, holeGraceMs: 100, retryMs: 20 } },
    );
  });
  afterAll(() => app.closeAll());

  const get = async (url: string, language = 'en') =>
    (await app.inject({ method: 'GET', url: `/api${url}`, headers: { 'accept-language': language } })).json();

  async function winner(firstName: string, currency: string) {
    const player = await newPlayer(app, { currency, funded: 100_000 });
    await app.database.db.update(schema.players).set({ firstName }).where(eq(schema.players.id, player.id));
    return studioCalls(app, player, { secret, gameCode: 'golden-drachma' });
  }

  it('lists booked game wins from the big-win threshold up, newest first, with names masked and the game named', async () => {
    const eleni = await winner('Eleni', 'EUR');
    await eleni.bet('e1', 1_000);
    await eleni.win('e1-win', 'e1', 25_000);
    await eleni.bet('e2', 1_000);
    // Below REALTIME_BIG_WIN_CENTS: not a big win, not listed.
    await eleni.win('e2-win', 'e2', 9_999);
    const john = await winner('Johnny', 'USD');
    await john.bet('j1', 1_000);
    await john.win('j1-win', 'j1', 30_000);

    const latest = await waitFor(async () => {
      const list = await get('/stats/winners/latest');
      expect(list).toHaveLength(2);
      return list;
    });
    expect(latest).toEqual([
      {
        name: 'Jo***y',
        amount_cents: 30_000,
        currency: 'USD',
        game: { title: 'Golden Drachma', url_id: 'golden-drachma' },
        jackpot: null,
        won_at: expect.any(String),
      },
      expect.objectContaining({ name: 'El***i', amount_cents: 25_000, currency: 'EUR', jackpot: null }),
    ]);
    const [greek] = await get('/stats/winners/latest', 'el');
    expect(greek.game).toEqual({ title: 'Χρυσή Δραχμή', url_id: 'golden-drachma' });

    // The biggest by their euro value: $300 is about €273, above €250.
    const top = await get('/stats/winners/top');
    expect(top.map((w: { name: string }) => w.name)).toEqual(['Jo***y', 'El***i']);
  });

  it('ranks only the last 30 days as the top wins, while the latest keeps them', async () => {
    const maria = await winner('Maria', 'EUR');
    await maria.bet('m1', 1_000);
    await maria.win('m1-win', 'm1', 20_000);
    await waitFor(async () => expect((await get('/stats/winners/latest'))[0]?.name).toBe('Ma***a'));
    app.clock.moveTo(new Date(app.clock.now().getTime() + 31 * 24 * 60 * 60 * 1000));
    expect(await get('/stats/winners/top')).toEqual([]);
    expect((await get('/stats/winners/latest')).length).toBe(3);
  });
});
