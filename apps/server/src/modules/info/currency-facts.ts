import { type Db, schema } from '@chrysos/db';
import type { MoneyCurrency } from '@chrysos/rules';
import { and, eq, inArray, type SQL } from 'drizzle-orm';
import { equivalents } from './currency-equivalents.ts';

/**
 * A currency as other modules count and write money in it: ready for `formatMoney` and, with
 * `subunits`, for `equivalents`. Read from the table, disabled currencies included, since a player
 * may still hold money in a currency the casino no longer offers; `db` may be a caller's transaction.
 */
export interface CurrencyFacts extends MoneyCurrency {
  subunits: number;
}

const columns = {
  code: schema.currencies.code,
  symbol: schema.currencies.symbol,
  subunits: schema.currencies.subunitsToUnit,
  fiat: schema.currencies.fiat,
  subcurrencies: schema.currencies.subcurrencies,
};

const facts = (row: {
  code: string;
  symbol: string;
  subunits: number;
  fiat: boolean;
  subcurrencies: MoneyCurrency['subcurrencies'];
}): CurrencyFacts => ({
  ...row,
  subunits_to_unit: row.subunits,
});

/** One currency's facts, or undefined for a code the casino does not know. */
export async function currencyFacts(db: Db, code: string): Promise<CurrencyFacts | undefined> {
  const [row] = await db.select(columns).from(schema.currencies).where(eq(schema.currencies.code, code));
  return row && facts(row);
}

/** The facts of the currencies asked for (every one by default), in the casino's order. */
export async function currenciesFacts(
  db: Db,
  which: { codes?: readonly string[]; fiat?: boolean } = {},
): Promise<CurrencyFacts[]> {
  const conditions: SQL[] = [];
  if (which.codes) {
    if (which.codes.length === 0) return [];
    conditions.push(inArray(schema.currencies.code, [...which.codes]));
  }
  if (which.fiat !== undefined) conditions.push(eq(schema.currencies.fiat, which.fiat));
  const rows = await db
    .select(columns)
    .from(schema.currencies)
    .where(and(...conditions))
    .orderBy(schema.currencies.position);
  return rows.map(facts);
}

/** `euroCents` in `code`'s minor units by the casino's equivalents, or undefined without a rate. */
export async function euroEquivalentIn(db: Db, euroCents: number, code: string): Promise<number | undefined> {
  const currency = await currencyFacts(db, code);
  return currency && equivalents(euroCents, [currency])[code];
}
