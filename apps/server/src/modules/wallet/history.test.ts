import { fileURLToPath } from 'node:url';
import { schema } from '@chrysos/db';
import { testDatabaseKinds } from '@chrysos/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cookieOf } from '../../testing/accounts.ts';
import { buildTestApp } from '../../testing/build-test-app.ts';

const fixtures = fileURLToPath(new URL('../content/fixtures', import.meta.url));

/**
 * GET /player/transactions and its CSV as a player reads them: a game by its title in their language
 * (not the studio's code and round id), a deposit by its method, and a lost round as its bet alone.
 */
describe.each(testDatabaseKinds)('the transaction history on %s', (kind) => {
  let app: Awaited<ReturnType<typeof buildTestApp>>;
  let cookie = '';
  let playerId = '';

  beforeAll(async () => {
    app = await buildTestApp(kind, { CONTENT_DIR: fixtures });
    const created = await app.inject({
      method: 'POST',
      url: '/api/users',
      payload: {
        user: {
          email: 'history@example.gr',
          password: 'correct horse battery',
          country: 'GR',
          terms_acceptance: true,
          age_acceptance: true,
        },
      },
    });
    cookie = cookieOf(created);
    playerId = created.json().id;

    // A card deposit as the cashier books it: the payment, then the ledger movement named after it.
    const [payment] = await app.database.db
      .insert(schema.payments)
      .values({
        playerId,
        kind: 'deposit',
        provider: 'sandbox',
        method: 'card',
        currency: 'EUR',
        amount: 5_000,
        status: 'succeeded',
      })
      .returning({ id: schema.payments.id });
    const { wallet } = app;
    await wallet.deposit({ key: `deposit:${payment?.id}`, playerId, currency: 'EUR', amount: 5_000 });
    // Two rounds of Golden Drachma: the first lost (a win of nothing closes it), the second won.
    const round = (n: number) => ({
      playerId,
      currency: 'EUR',
      round: `round-${n}`,
      gameCode: 'golden-drachma',
    });
    await wallet.bet({ ...round(1), key: 'studio:bet-1', amount: 100 });
    await wallet.win({ ...round(1), key: 'studio:win-1', amount: 0, reference: 'studio:bet-1' });
    await wallet.bet({ ...round(2), key: 'studio:bet-2', amount: 100 });
    await wallet.win({ ...round(2), key: 'studio:win-2', amount: 250, reference: 'studio:bet-2' });
  });
  afterAll(() => app.closeAll());

  const history = async (query = '') =>
    (await app.inject({ url: `/api/player/transactions${query}`, headers: { cookie } })).json();
  const rowsOf = (page: {
    items: { kind: string; amount_cents: number; game_title: string | null; method: string | null }[];
  }) => page.items.map((item) => [item.kind, item.amount_cents, item.game_title, item.method]);

  it('names games by their title and deposits by their method, leaving out the win of a lost round', async () => {
    const page = await history();
    expect(page.total).toBe(4);
    expect(rowsOf(page)).toEqual([
      ['win', 250, 'Golden Drachma', null],
      ['bet', -100, 'Golden Drachma', null],
      ['bet', -100, 'Golden Drachma', null],
      ['deposit', 5_000, null, 'card'],
    ]);
    // Each bet says what its round paid back: nothing for the lost one, whose win row is left out.
    expect(page.items.map((item: { round_win_cents: number | null }) => item.round_win_cents)).toEqual([
      null,
      250,
      0,
      null,
    ]);
    // The round stays available to the API for anyone who verifies it.
    expect(page.items[0]).toMatchObject({ game_code: 'golden-drachma', round: 'round-2' });
  });

  it('shows a bet whose round is still open as open', async () => {
    await app.wallet.bet({
      playerId,
      currency: 'EUR',
      round: 'round-3',
      gameCode: 'golden-drachma',
      key: 'studio:bet-3',
      amount: 100,
    });
    const page = await history('?per_page=1');
    expect(page.items[0]).toMatchObject({ kind: 'bet', round: 'round-3', round_win_cents: null });
    await app.wallet.win({
      playerId,
      currency: 'EUR',
      round: 'round-3',
      gameCode: 'golden-drachma',
      key: 'studio:win-3',
      amount: 0,
      reference: 'studio:bet-3',
    });
    expect((await history('?per_page=1')).items[0]).toMatchObject({ round: 'round-3', round_win_cents: 0 });
  });

  it('gives the titles in Greek when asked', async () => {
    const page = await history('?locale=el&kind=game');
    expect(page.total).toBe(4);
    expect(new Set(page.items.map((item: { game_title: string }) => item.game_title))).toEqual(
      new Set(['Χρυσή Δραχμή']),
    );
  });

  it('exports the same rows as CSV, with the title and the method', async () => {
    const csv = await app.inject({ url: '/api/player/transactions.csv?locale=el', headers: { cookie } });
    const lines = csv.body.trim().split('\n');
    expect(lines[0]).toBe('date,type,currency,amount,real,bonus,held,game,method,round');
    expect(lines.slice(1).map((line) => line.split(',').slice(1))).toEqual([
      ['bet', 'EUR', '-1.00', '-1.00', '0.00', '0.00', 'Χρυσή Δραχμή', '', 'round-3'],
      ['win', 'EUR', '2.50', '2.50', '0.00', '0.00', 'Χρυσή Δραχμή', '', 'round-2'],
      ['bet', 'EUR', '-1.00', '-1.00', '0.00', '0.00', 'Χρυσή Δραχμή', '', 'round-2'],
      ['bet', 'EUR', '-1.00', '-1.00', '0.00', '0.00', 'Χρυσή Δραχμή', '', 'round-1'],
      ['deposit', 'EUR', '50.00', '50.00', '0.00', '0.00', '', 'card', ''],
    ]);
  });
});
