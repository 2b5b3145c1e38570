import { fileURLToPath } from 'node:url';
import { schema } from '@chrysos/db';
import { openTestDatabase } from '@chrysos/db/testing';
import { openStudioSession } from '@chrysos/games/sessions';
import * as studioSchema from '@chrysos/games/storage';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeOnPostgres } from '../../testing/on-postgres.ts';
import { ServerProcess } from '../../testing/wallet/server-process.ts';
import { auditLedger, openGameSession, Wallet } from '../wallet/public.ts';
import { houseStudio } from './config.ts';

const fixtures = fileURLToPath(new URL('../content/fixtures', import.meta.url));
const deposit = 100_000;

/**
 * The studio killed with SIGKILL in the middle of play, several times: after a restart, recovery
 * leaves no round open, and every round's money is exactly what its outcome says.
 */
describeOnPostgres('studio crash test on PostgreSQL', () => {
  let database: Awaited<ReturnType<typeof openTestDatabase>>;
  let server: ServerProcess;

  beforeAll(async () => {
    database = await openTestDatabase('postgres');
    await database.migrate();
    server = new ServerProcess({
      DATABASE_URL: database.url,
      CONTENT_DIR: fixtures,
      STUDIO_SECRET: 'studio-crash-test-secret-0123456789abcdef',
      STUDIO_RECOVERY_SECONDS: '1',
    });
  });
  afterAll(async () => {
    server?.kill();
    await database.close();
  });

  it('finishes every round a killed studio left open, booking each exactly as decided', async () => {
    const { db } = database;
    // The first start migrates and seeds the reference data players need.
    await server.start();
    const wallet = new Wallet(db);
    const players: { id: string; session: string }[] = [];
    for (let i = 0; i < 6; i++) {
      const [player] = await db
        .insert(schema.players)
        .values({
          email: `crash-${i}@example.gr`,
          currency: 'EUR',
          termsAcceptance: true,
          ageAcceptance: true,
        })
        .returning({ id: schema.players.id });
      const id = player?.id ?? '';
      await wallet.deposit({ key: `crash-deposit-${id}`, playerId: id, currency: 'EUR', amount: deposit });
      const walletToken = await openGameSession(db, {
        playerId: id,
        currency: 'EUR',
        studio: houseStudio,
        gameCode: 'hi-lo-dice',
      });
      const session = await openStudioSession(db, {
        mode: 'real',
        titleId: 'hi-lo-dice',
        language: 'en',
        user: id,
        walletToken,
        currency: 'EUR',
      });
      players.push({ id, session });
    }

    // Players roll as fast as they can; the server dies under them three times.
    const play = async (session: string, until: () => boolean) => {
      while (!until()) {
        try {
          await fetch(`http://127.0.0.1:${server.port}/games-api/rounds`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', 'x-studio-session': session },
            body: JSON.stringify({ bet: { stake: 100, direction: 'under', target: 50 } }),
          });
        } catch {
          // The server is down: try again once it is back.
          await new Promise((resolve) => setTimeout(resolve, 50));
        }
      }
    };
    for (let crash = 0; crash < 3; crash++) {
      if (crash > 0) await server.start();
      let stop = false;
      const load = Promise.all(players.map((player) => play(player.session, () => stop)));
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      server.kill();
      stop = true;
      await load;
    }
    await server.start();

    const { studioRounds } = studioSchema;
    const open = async () =>
      (await db.select({ id: studioRounds.id }).from(studioRounds).where(eq(studioRounds.status, 'open')))
        .length;
    // Recovery runs at the start and every second after; on a loaded machine its first passes come
    // later than the usual 15 s ceiling for a state to hold.
    await expect.poll(open, { interval: 500, timeout: 90_000 }).toBe(0);

    const rounds = await db.select().from(studioRounds);
    expect(rounds.length).toBeGreaterThan(10);
    const ledger = await db
      .select({
        round: schema.ledgerTransactions.round,
        kind: schema.ledgerTransactions.kind,
        amount: schema.ledgerTransactions.amount,
      })
      .from(schema.ledgerTransactions);
    const booked = (round: string) =>
      ledger
        .filter((entry) => entry.round === round)
        .map((entry) => `${entry.kind}:${entry.amount}`)
        .sort();
    for (const round of rounds) {
      // Closed: one stake and its win. Rolled back: any stake given back. Refused: nothing taken.
      if (round.status === 'closed')
        expect(booked(round.id)).toEqual(['bet:100', `win:${round.payout}`].sort());
      if (round.status === 'rolled_back') {
        expect(booked(round.id).filter((entry) => !entry.startsWith('rollback'))).not.toContain('win');
      }
      if (round.status === 'refused') expect(booked(round.id)).toEqual([]);
    }
    for (const player of players) {
      const mine = rounds.filter((round) => round.owner === player.id && round.status === 'closed');
      const expected = deposit - mine.reduce((sum, round) => sum + round.stake - (round.payout ?? 0), 0);
      const { real, bonus } = await wallet.ledger.balances(player.id, 'EUR');
      expect(real + bonus).toBe(expected);
    }
    expect(await auditLedger(db)).toEqual({
      driftingAccounts: [],
      negativeAccounts: 0,
      ledgerTotal: 0,
      unbalancedTransactions: 0,
    });
    // A heavy load on a shared 2-core machine: room to finish, not a performance limit.
  }, 600_000);
});
