import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { schema } from '@chrysos/db';
import { openTestDatabase } from '@chrysos/db/testing';
import { Wallet } from '@chrysos/server/wallet';
import { sql } from 'drizzle-orm';

/**
 * The booking function (ledger_try_book) as this tree has it next to its text at another revision, in
 * one database and one run: bets booked through the wallet (one client, then eight), the two versions
 * swapped in turn by CREATE OR REPLACE for four rounds, each round after a warm-up that plans its
 * statements. For a change to the function or to the bet-time rules it asks, which bench/wallet.ts
 * measures only through HTTP, where the run-to-run spread hides a few percent. Prints figures; never
 * passes or fails.
 *   DATABASE_URL=postgres://… node bench/booking-function.ts [--against HEAD~1] [--calls 3000]
 */
const argument = (name: string, fallback: string) => {
  const index = process.argv.indexOf(`--${name}`);
  return index > 0 ? (process.argv[index + 1] ?? fallback) : fallback;
};
const against = argument('against', 'HEAD~1');
const calls = Number(argument('calls', '3000'));
process.env.DATABASE_URL ??= 'postgres://postgres@127.0.0.1:5432/test';

const source = 'packages/db/sql/functions/ledger_try_book.sql';
const root = new URL('..', import.meta.url);
const versions = {
  [against]: execFileSync('git', ['show', `${against}:${source}`], { cwd: root, encoding: 'utf8' }),
  'this tree': readFileSync(new URL(source, root), 'utf8'),
};

const database = await openTestDatabase('postgres');
await database.migrate();
const { db } = database;
await db.execute(
  sql`insert into currencies (code, symbol, subunits_to_unit, fiat, position) values ('EUR', '€', 100, true, 0) on conflict do nothing`,
);
const players = await db
  .insert(schema.players)
  .values(
    Array.from({ length: 200 }, (_, i) => ({
      email: `booking-${i}@example.gr`,
      currency: 'EUR',
      termsAcceptance: true,
      ageAcceptance: true,
    })),
  )
  .returning({ id: schema.players.id });
const wallet = new Wallet(db);
for (const player of players)
  await wallet.deposit({
    key: `deposit:${player.id}`,
    playerId: player.id,
    currency: 'EUR',
    amount: 100_000_000,
  });

let booked = 0;
/** Calls per second of `count` bets by `clients` concurrent callers, spread over the players. */
async function bets(clients: number, count: number): Promise<number> {
  const started = performance.now();
  let taken = 0;
  await Promise.all(
    Array.from({ length: clients }, async () => {
      while (taken < count) {
        taken++;
        const n = booked++;
        const player = players[n % players.length] as { id: string };
        await wallet.bet({
          key: `bet:${n}`,
          playerId: player.id,
          currency: 'EUR',
          amount: 100,
          round: `round:${n}`,
          gameCode: 'thunder-of-zeus',
        });
      }
    }),
  );
  return (count / (performance.now() - started)) * 1000;
}

const figures = new Map<string, number[]>();
for (let round = 0; round < 4; round++) {
  const order = Object.entries(versions);
  for (const [name, text] of round % 2 ? order.reverse() : order) {
    await db.execute(sql.raw(text));
    for (const clients of [1, 8]) {
      await bets(clients, 300);
      const key = `${name}, ${clients} client${clients > 1 ? 's' : ''}`;
      figures.set(key, [...(figures.get(key) ?? []), await bets(clients, calls * clients ** 0.5)]);
    }
  }
}
await database.close();
console.log(`\nledger_try_book, ${calls} bets a round (×√clients), real money on a slot, 4 rounds each:\n`);
console.table(
  [...figures].map(([target, rounds]) => {
    const sorted = [...rounds].sort((a, b) => a - b);
    return {
      target,
      rounds: rounds.map((value) => Math.round(value)).join(', '),
      'median calls/s': Math.round(((sorted[1] ?? 0) + (sorted[2] ?? 0)) / 2),
    };
  }),
);
