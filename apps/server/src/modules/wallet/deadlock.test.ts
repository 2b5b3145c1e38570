import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { signBody } from '@chrysos/wallet-protocol';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildTestApp } from '../../testing/build-test-app.ts';
import { newGameSession, newPlayer } from '../../testing/factories.ts';
import { describeOnPostgres } from '../../testing/on-postgres.ts';
import { waitUntil } from '../../testing/wait.ts';

const fixtures = fileURLToPath(new URL('../content/fixtures', import.meta.url));
const secret = 'a-studio-secret-that-is-long-enough-1234';

/**
 * Issue 31 item 22: in CI a rollback that overtook its bet answered RS_ERROR_UNKNOWN. PostgreSQL's log
 * showed the cause: a deadlock on a player's ledger accounts between single bookings and a group of
 * calls. Accounts are locked in id order, but an account created inside a longer transaction commits
 * after a newer one: a booking that locked the player's accounts before it appeared holds the newer one
 * only, a single booking then holds the older one and waits for the newer, and when the first books
 * the player again the two wait on each other. Here that interleaving is made on purpose.
 */
describeOnPostgres('a player’s bookings that lock their accounts in turn', () => {
  let app: Awaited<ReturnType<typeof buildTestApp>>;
  const serverErrors: string[] = [];
  let url = '';

  beforeAll(async () => {
    app = await buildTestApp(
      'postgres',
      { CONTENT_DIR: fixtures, WALLET_STUDIOS: JSON.stringify({ 'chrysos-studio': secret }) },
      { errors: serverErrors },
    );
    const [{ name } = { name: '' }] = (
      (await app.database.db.execute(sql`select current_database() as name`)) as unknown as {
        rows: { name: string }[];
      }
    ).rows;
    url = process.env.DATABASE_URL?.replace(/\/[^/]*$/, `/${name}`) ?? '';
  });
  afterAll(() => app.closeAll());

  it('answers a rollback of an unknown bet, never RS_ERROR_UNKNOWN, and refuses the late bet', async () => {
    const player = await newPlayer(app);
    const token = await newGameSession(app, player);
    const longer = new pg.Client({ connectionString: url });
    const group = new pg.Client({ connectionString: url });
    await longer.connect();
    await group.connect();
    try {
      // A longer transaction creates the player's hold account (the older id) and stays open...
      await longer.query('begin');
      await longer.query(
        `insert into ledger_accounts (kind, currency, player_id) values ('withdrawal_hold', 'EUR', $1)`,
        [player.id],
      );
      // ...while a deposit creates their real account (a newer id) and commits.
      await app.wallet.deposit({
        key: `funds:${player.id}`,
        playerId: player.id,
        currency: 'EUR',
        amount: 5_000,
      });
      // A group of calls books the player: it locks the accounts it sees, the real one only.
      const book = (key: string) =>
        group.query(
          `select ledger_book($1, 'fingerprint', 'voided_bet', $2::uuid, 'EUR', 0, null, null, null, '[]'::jsonb, '{}'::jsonb)`,
          [key, player.id],
        );
      await group.query('begin');
      await book(`group-1:${player.id}`);
      await longer.query('commit');

      // The studio's rollback of a bet the wallet never saw: its booking locks both accounts in turn.
      const body = JSON.stringify({
        user: player.id,
        token,
        request_uuid: randomUUID(),
        game_code: 'golden-reels',
        currency: 'EUR',
        transaction_uuid: `rb-${player.id}`,
        reference_transaction_uuid: `late-${player.id}`,
        round: `round-${player.id}`,
      });
      const rollback = app.inject({
        method: 'POST',
        url: '/wallet/transaction/rollback',
        headers: {
          'content-type': 'application/json',
          'x-chrysos-studio': 'chrysos-studio',
          'x-chrysos-signature': signBody(body, secret),
        },
        body,
      });
      await waitUntil(
        async () => {
          // Asked outside the group's transaction, whose view of pg_stat_activity stays as it first read it.
          const { rows } = await longer.query(
            `select 1 from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'
               and query ilike '%ledger_book%' and pid <> pg_backend_pid()`,
          );
          expect(rows.length).toBeGreaterThan(0);
        },
        { interval: 20 },
      );
      // The group books the player again, now seeing both accounts.
      await book(`group-2:${player.id}`).catch(() => undefined);
      await group.query('commit').catch(() => undefined);

      const answer = (await rollback).json();
      expect(answer.status, serverErrors.join('\n')).toBe('RS_OK');
      // The bet it overtook arrives late and is refused.
      const lateBody = JSON.stringify({
        user: player.id,
        token,
        request_uuid: randomUUID(),
        game_code: 'golden-reels',
        currency: 'EUR',
        transaction_uuid: `late-${player.id}`,
        round: `round-${player.id}`,
        amount: 100,
      });
      const late = await app.inject({
        method: 'POST',
        url: '/wallet/transaction/bet',
        headers: {
          'content-type': 'application/json',
          'x-chrysos-studio': 'chrysos-studio',
          'x-chrysos-signature': signBody(lateBody, secret),
        },
        body: lateBody,
      });
      expect(late.json().status).toBe('RS_ERROR_DUPLICATE_TRANSACTION');
    } finally {
      await longer.end().catch(() => {});
      await group.end().catch(() => {});
    }
  });
  it('creates a player’s account inside a transaction under their ledger lock, so a holder creating it too never deadlocks', async () => {
    const player = await newPlayer(app);
    const holder = new pg.Client({ connectionString: url });
    await holder.connect();
    try {
      // Another transaction holds the player's ledger lock (as a booking or a bonus path does)...
      await holder.query('begin');
      await holder.query(`select pg_advisory_xact_lock(1818584167, hashtext($1::text || ':EUR'))`, [
        player.id,
      ]);
      // ...while a transaction of the app grants the player bonus money, creating their bonus account.
      const granted = app.database.db.transaction((tx) =>
        app.wallet.using(tx).grantBonus({
          key: `account-race:${player.id}`,
          playerId: player.id,
          currency: 'EUR',
          amount: 100,
          reference: 'account-race',
        }),
      );
      await waitUntil(
        async () => {
          const { rows } = await holder.query(
            `select 1 from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'
               and pid <> pg_backend_pid()`,
          );
          expect(rows.length).toBeGreaterThan(0);
        },
        { interval: 20 },
      );
      // The holder creates the same account. Had the app's transaction created it before waiting for the
      // lock, each would now wait for the other and PostgreSQL would abort one of them.
      await holder.query(
        `insert into ledger_accounts (kind, currency, player_id) values ('bonus', 'EUR', $1) on conflict do nothing`,
        [player.id],
      );
      await holder.query('commit');
      expect((await granted).status).toBe('booked');
      expect(await app.wallet.ledger.balances(player.id, 'EUR')).toMatchObject({ bonus: 100 });
    } finally {
      await holder.end().catch(() => {});
    }
  });
});
