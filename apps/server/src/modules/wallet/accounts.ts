import type { Account } from '@chrysos/contract';
import { type Db, preparedPerDatabase, schema } from '@chrysos/db';
import { and, asc, eq, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import { lockPlayer, registrationCurrency, setPlayerCurrency } from '../player/public.ts';
import type { Ledger } from './ledger.ts';
import type { Wallet } from './wallet.ts';

/**
 * A new player's first account, active, in the currency chosen at registration: written in the
 * registration's transaction, so whatever the player does first (a coupon, a limit) finds it
 * (issue 31 item 10). Harmless when it exists.
 */
export async function openFirstAccount(db: Db, playerId: string, currency: string): Promise<void> {
  await db.insert(schema.playerCurrencies).values({ playerId, currency, active: true }).onConflictDoNothing();
}

/** The currency of the player's active account; undefined for a player whose accounts were never opened. */
export async function activeAccountCurrency(db: Db, playerId: string): Promise<string | undefined> {
  const [active] = await activeCurrencyQuery(db).execute({ playerId });
  return active?.currency;
}

/** Built once per database: pages and bets read it all the time. */
const activeCurrencyQuery = preparedPerDatabase((db: Db) => {
  const pc = schema.playerCurrencies;
  return db
    .select({ currency: pc.currency })
    .from(pc)
    .where(and(eq(pc.playerId, sql.placeholder('playerId')), eq(pc.active, true)))
    .prepare('active_account_currency');
});

/**
 * The active account's currency as a sub-select on `playerId` (a column of the caller's query or a
 * value), null without one: for a query that must stay one round trip.
 */
export function activeAccountCurrencySql(playerId: SQLWrapper | string): SQL<string | null> {
  const pc = schema.playerCurrencies;
  return sql<
    string | null
  >`(select ${pc.currency} from ${pc} where ${pc.playerId} = ${playerId} and ${pc.active})`;
}

/** The currencies the player holds an account in, oldest first. */
export async function heldCurrencies(db: Db, playerId: string): Promise<string[]> {
  const pc = schema.playerCurrencies;
  const rows = await db
    .select({ currency: pc.currency })
    .from(pc)
    .where(eq(pc.playerId, playerId))
    .orderBy(asc(pc.createdAt));
  return rows.map((row) => row.currency);
}

/**
 * The player's active currency as the database has it: the active account, or for a player whose
 * accounts were never opened, the currency chosen at registration. Never the site's default: a grant
 * in it would land in an account the player does not hold.
 */
export async function activeCurrency(db: Db, playerId: string): Promise<string> {
  const active = await activeAccountCurrency(db, playerId);
  if (active) return active;
  const registered = await registrationCurrency(db, playerId);
  if (!registered) throw new Error(`no player ${playerId}`);
  return registered;
}

/**
 * The player's currency accounts (spec §3 Account, §4 Account switch). A player starts with one in
 * the currency chosen at registration; exactly one is active at any time.
 */
export async function listAccounts(db: Db, ledger: Ledger, playerId: string): Promise<Account[]> {
  let held = await db
    .select()
    .from(schema.playerCurrencies)
    .where(eq(schema.playerCurrencies.playerId, playerId))
    .orderBy(asc(schema.playerCurrencies.createdAt));
  if (held.length === 0) {
    const registered = await registrationCurrency(db, playerId);
    if (!registered) return [];
    // A player registered before accounts were opened at registration.
    await openFirstAccount(db, playerId, registered);
    held = await db
      .select()
      .from(schema.playerCurrencies)
      .where(eq(schema.playerCurrencies.playerId, playerId));
  }
  return Promise.all(
    held.map(async (entry) => {
      const { real, bonus } = await ledger.balances(playerId, entry.currency);
      return {
        currency: entry.currency,
        amount_cents: real + bonus,
        available_to_cashout_cents: real,
        bonus_cents: bonus,
        active: entry.active,
      };
    }),
  );
}

/**
 * The player's accounts as they stood right after ledger transaction `transactionId` (each balance from
 * its account's last entry up to it): what a push announcing that booking shows, even when later bookings
 * have already moved the money again.
 */
export async function listAccountsAfter(db: Db, playerId: string, transactionId: number): Promise<Account[]> {
  const held = await db
    .select()
    .from(schema.playerCurrencies)
    .where(eq(schema.playerCurrencies.playerId, playerId))
    .orderBy(asc(schema.playerCurrencies.createdAt));
  const { rows } = (await db.execute(sql`
    select a.currency, a.kind,
      coalesce((select e.balance_after from ledger_entries e
                where e.account_id = a.id and e.transaction_id <= ${transactionId}
                order by e.id desc limit 1), 0) as balance
    from ledger_accounts a
    where a.player_id = ${playerId} and a.kind in ('real', 'bonus')`)) as unknown as {
    rows: { currency: string; kind: string; balance: string | number }[];
  };
  const balance = (currency: string, kind: string) =>
    Number(rows.find((row) => row.currency === currency && row.kind === kind)?.balance ?? 0);
  return held.map((entry) => {
    const real = balance(entry.currency, 'real');
    const bonus = balance(entry.currency, 'bonus');
    return {
      currency: entry.currency,
      amount_cents: real + bonus,
      available_to_cashout_cents: real,
      bonus_cents: bonus,
      active: entry.active,
    };
  });
}

/**
 * `listAccountsAfter` for many bookings at once (a batch of an event handler), in one statement: the
 * accounts of each `playerId` as ledger transaction `transactionId` left them, in the order asked.
 */
export async function listAccountsAfterEach(
  db: Db,
  bookings: { playerId: string; transactionId: number }[],
): Promise<Account[][]> {
  if (bookings.length === 0) return [];
  const asked = bookings.map((booking, ord) => ({
    ord,
    player_id: booking.playerId,
    transaction_id: booking.transactionId,
  }));
  const balanceAfter = (kind: 'real' | 'bonus') => sql`coalesce((select e.balance_after
      from ledger_accounts a join ledger_entries e on e.account_id = a.id
      where a.player_id = asked.player_id and a.currency = held.currency and a.kind = ${kind}
        and e.transaction_id <= asked.transaction_id
      order by e.id desc limit 1), 0)`;
  const { rows } = (await db.execute(sql`
    select asked.ord, held.currency, held.active,
      ${balanceAfter('real')} as real, ${balanceAfter('bonus')} as bonus
    from jsonb_to_recordset(${JSON.stringify(asked)}::jsonb) as asked(ord int, player_id uuid, transaction_id bigint)
    join player_currencies held on held.player_id = asked.player_id
    order by asked.ord, held.created_at`)) as unknown as {
    rows: { ord: number; currency: string; active: boolean; real: string | number; bonus: string | number }[];
  };
  const accounts: Account[][] = bookings.map(() => []);
  for (const row of rows) {
    const real = Number(row.real);
    const bonus = Number(row.bonus);
    accounts[row.ord]?.push({
      currency: row.currency,
      amount_cents: real + bonus,
      available_to_cashout_cents: real,
      bonus_cents: bonus,
      active: row.active,
    });
  }
  return accounts;
}

/** Adds the currency if the player does not hold it yet and makes it the active account. */
export async function switchAccount(db: Db, playerId: string, currency: string): Promise<void> {
  await db.transaction(async (tx) => {
    await lockPlayer(tx, playerId);
    await activate(tx, playerId, currency);
  });
}

/**
 * CompleteRegistration (spec §4): the currency the player chooses becomes their first, active account.
 * The header reads the accounts as soon as a new player lands, so an account in the sign-up default
 * (`before`, the address's country's currency or USD) may already exist; it goes, unless money has
 * moved in it (a booking or a payment), so the player is not left holding an empty extra account.
 */
export async function openChosenAccount(
  db: Db,
  wallet: Wallet,
  player: { id: string; chosen: string; before: string },
): Promise<void> {
  const { id: playerId, chosen, before } = player;
  await db.transaction(async (tx) => {
    await lockPlayer(tx, playerId);
    if (before !== chosen && !(await moneyMoved(tx, wallet, playerId, before))) {
      await tx
        .delete(schema.playerCurrencies)
        .where(
          and(eq(schema.playerCurrencies.playerId, playerId), eq(schema.playerCurrencies.currency, before)),
        );
    }
    await activate(tx, playerId, chosen);
  });
}

async function activate(tx: Db, playerId: string, currency: string): Promise<void> {
  await tx
    .insert(schema.playerCurrencies)
    .values({ playerId, currency, active: false })
    .onConflictDoNothing();
  await tx
    .update(schema.playerCurrencies)
    .set({ active: false })
    .where(and(eq(schema.playerCurrencies.playerId, playerId), eq(schema.playerCurrencies.active, true)));
  await tx
    .update(schema.playerCurrencies)
    .set({ active: true })
    .where(
      and(eq(schema.playerCurrencies.playerId, playerId), eq(schema.playerCurrencies.currency, currency)),
    );
  await setPlayerCurrency(tx, playerId, currency);
}

async function moneyMoved(tx: Db, wallet: Wallet, playerId: string, currency: string): Promise<boolean> {
  const [booked] = await tx
    .select({ id: schema.ledgerTransactions.id })
    .from(schema.ledgerTransactions)
    .where(
      and(eq(schema.ledgerTransactions.playerId, playerId), eq(schema.ledgerTransactions.currency, currency)),
    )
    .limit(1);
  if (booked) return true;
  return wallet.accountUsedElsewhere(tx, playerId, currency);
}
