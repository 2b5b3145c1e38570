import { fileURLToPath } from 'node:url';
import { schema } from '@chrysos/db';
import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildTestApp } from '../../testing/build-test-app.ts';
import { newPlayer, type TestPlayer } from '../../testing/factories.ts';
import { describeOnPostgres } from '../../testing/on-postgres.ts';
import { waitUntil } from '../../testing/wait.ts';
import { issueBonus } from './issue.ts';
import { lapseBonuses } from './lapse.ts';

const fixtures = fileURLToPath(new URL('../content/fixtures', import.meta.url));

/**
 * Issue 31 item 22: bonus activation, cancel and lapse locked a player_bonuses row and then wanted the
 * player's ledger lock (through a booking), while the bonus event handler took the ledger lock and then
 * locked the bonus rows: PostgreSQL aborted one of them as a deadlock. Here another transaction takes
 * the player's ledger lock (as the handler and every booking do) and then the bonus row, while the
 * player's call is under way: with one lock order the call waits for the ledger lock holding nothing.
 */
describeOnPostgres('bonus rows locked after the player’s ledger lock', () => {
  let app: Awaited<ReturnType<typeof buildTestApp>>;
  const serverErrors: string[] = [];
  let url = '';

  beforeAll(async () => {
    app = await buildTestApp('postgres', { CONTENT_DIR: fixtures }, { errors: serverErrors });
    const [{ name } = { name: '' }] = (
      (await app.database.db.execute(sql`select current_database() as name`)) as unknown as {
        rows: { name: string }[];
      }
    ).rows;
    url = process.env.DATABASE_URL?.replace(/\/[^/]*$/, `/${name}`) ?? '';
    await app.database.db.insert(schema.bonusCampaigns).values({
      id: 'lock-order',
      kind: 'no_deposit',
      title: { en: 'Lock order', el: 'Σειρά κλειδωμάτων' },
      terms: { amount: { EUR: 1_000 }, wagering: { multiplier: 2, on: 'bonus', days: 7 } },
    });
  });
  afterAll(() => app.closeAll());

  const issued = (player: TestPlayer) =>
    app.database.db.transaction(async (tx) => {
      const id = await issueBonus(tx, app.events, {
        playerId: player.id,
        currency: 'EUR',
        campaignId: 'lock-order',
        source: `lock-order:${player.id}`,
        kind: 'coupon',
        amount: 1_000,
        terms: {
          eligibility: { timeZone: 'Europe/Athens' },
          wagering: { multiplier: 2, on: 'bonus', days: 7 },
          limits: { perPlayer: 1, per: 'ever' },
          claimDays: 7,
          termsUrl: '/promotions',
        },
        now: new Date(),
      });
      if (!id) throw new Error('no bonus issued');
      return id;
    });
  const api = (player: TestPlayer, method: 'POST' | 'DELETE', path: string) =>
    app.inject({ method, url: `/api${path}`, headers: { cookie: player.cookie, 'accept-language': 'en' } });

  /**
   * Runs `call` while another transaction holds the player's ledger lock; once the call waits on a lock,
   * that transaction locks the bonus row too (or runs `then`) and commits. Answers that transaction's
   * error, if any.
   */
  async function againstLedgerHolder<T>(
    player: TestPlayer,
    bonusId: string,
    call: () => Promise<T>,
    then: [string, unknown[]] = ['select id from player_bonuses where id = $1 for update', [bonusId]],
  ) {
    const holder = new pg.Client({ connectionString: url });
    const watcher = new pg.Client({ connectionString: url });
    await holder.connect();
    await watcher.connect();
    try {
      await holder.query('begin');
      await holder.query(`select pg_advisory_xact_lock(1818584167, hashtext($1::text || ':' || 'EUR'))`, [
        player.id,
      ]);
      const done = call();
      await waitUntil(
        async () => {
          const { rows } = await watcher.query(
            `select 1 from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'
               and pid <> pg_backend_pid()`,
          );
          expect(rows.length).toBeGreaterThan(0);
        },
        { interval: 20 },
      );
      const held = await holder
        .query(...then)
        .then(() => holder.query('commit'))
        .then(
          () => null,
          (error: Error) => error.message,
        );
      await holder.query('rollback').catch(() => undefined);
      return { held, answer: await done };
    } finally {
      await holder.end().catch(() => {});
      await watcher.end().catch(() => {});
    }
  }

  it('activates a bonus while the ledger lock is held, no deadlock', async () => {
    const player = await newPlayer(app);
    const other = await newPlayer(app);
    const bonusId = await issued(player);
    const otherBonus = await issued(other);
    const { held, answer } = await againstLedgerHolder(player, bonusId, () =>
      api(player, 'POST', `/player/bonuses/${bonusId}/activation`),
    );
    expect(held).toBeNull();
    expect(answer.statusCode, serverErrors.join('\n')).toBe(200);
    expect(await app.wallet.ledger.balances(player.id, 'EUR')).toMatchObject({ bonus: 1_000 });
    // The other player's bonus was not touched: still issued, no money moved.
    expect(await app.wallet.ledger.balances(other.id, 'EUR')).toMatchObject({ bonus: 0 });
    expect((await api(other, 'POST', `/player/bonuses/${otherBonus}/activation`)).statusCode).toBe(200);
  });

  it('cancels a running bonus while the ledger lock is held, no deadlock', async () => {
    const player = await newPlayer(app);
    const bonusId = await issued(player);
    expect((await api(player, 'POST', `/player/bonuses/${bonusId}/activation`)).statusCode).toBe(200);
    const { held, answer } = await againstLedgerHolder(player, bonusId, () =>
      api(player, 'DELETE', `/player/bonuses/${bonusId}`),
    );
    expect(held).toBeNull();
    expect(answer.statusCode, serverErrors.join('\n')).toBe(200);
    expect(await app.wallet.ledger.balances(player.id, 'EUR')).toMatchObject({ bonus: 0 });
  });

  it('lapses a running bonus while the ledger lock is held, no deadlock', async () => {
    const player = await newPlayer(app);
    const bonusId = await issued(player);
    expect((await api(player, 'POST', `/player/bonuses/${bonusId}/activation`)).statusCode).toBe(200);
    const later = new Date(Date.now() + 8 * 24 * 60 * 60 * 1000);
    const { held, answer } = await againstLedgerHolder(player, bonusId, () =>
      lapseBonuses(app.database.db, { wallet: app.wallet, events: app.events }, later).then(
        (ended) => ended,
        (error: Error) => error.message,
      ),
    );
    expect(held).toBeNull();
    expect(answer).toEqual(expect.any(Number));
    const [bonus] = await app.database.db
      .select({ stage: schema.playerBonuses.stage })
      .from(schema.playerBonuses)
      .where(eq(schema.playerBonuses.id, bonusId));
    expect(bonus?.stage).toBe('expired');
    expect(await app.wallet.ledger.balances(player.id, 'EUR')).toMatchObject({ bonus: 0 });
  });

  it('redeems a coupon while a holder of the ledger lock writes a row of its campaign, no deadlock', async () => {
    await app.database.db.insert(schema.bonusCampaigns).values({
      id: 'lock-order-coupon',
      kind: 'no_deposit',
      code: 'LOCKORDER',
      title: { en: 'Lock order coupon', el: 'Κουπόνι σειράς κλειδωμάτων' },
      terms: {
        amount: { EUR: 500 },
        wagering: { multiplier: 1, on: 'bonus', days: 7 },
        limits: { perPlayer: 1, per: 'ever' },
      },
    });
    const player = await newPlayer(app);
    // The bonus handler holds the player's ledger lock and updates a bonus row it wrote earlier in its
    // batch: PostgreSQL checks the row's foreign keys again, locking its campaign's row FOR KEY SHARE.
    const { held, answer } = await againstLedgerHolder(
      player,
      '',
      () => api(player, 'POST', '/bonuses/coupon?coupon_code=LOCKORDER'),
      [`select id from bonus_campaigns where id = 'lock-order-coupon' for key share`, []],
    );
    expect(held).toBeNull();
    expect(answer.statusCode, serverErrors.join('\n')).toBe(200);
    expect(await app.wallet.ledger.balances(player.id, 'EUR')).toMatchObject({ bonus: 500 });
  });
});
