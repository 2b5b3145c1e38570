import type { PlayerSummary, playerSearchQuery } from '@chrysos/contract';
import { type Db, schema } from '@chrysos/db';
import { and, desc, eq, inArray, isNotNull, isNull, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import type { z } from 'zod';

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A prefix for LIKE, its wildcards taken literally. */
const prefixOf = (text: string) => `${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

const startsWith = (column: SQL | typeof schema.players.email, text: string) =>
  sql`lower(${column}) like ${prefixOf(text)}`;

/**
 * What the search box asks: an id exactly; else the start of an email, a first or a last name; two
 * words, a first and a last name (either way round). Each is a prefix an index answers (0048).
 */
function matchOf(q: string): SQL | undefined {
  const p = schema.players;
  if (uuidPattern.test(q)) return eq(p.id, q.toLowerCase());
  const words = q.split(/\s+/).filter(Boolean);
  if (words.length === 0) return undefined;
  if (words.length === 1) {
    const [word = ''] = words;
    return sql`(${startsWith(p.email, word)} or ${startsWith(sql`${p.firstName}`, word)}
      or ${startsWith(sql`${p.lastName}`, word)})`;
  }
  const [first = '', ...rest] = words;
  const last = rest.join(' ');
  return sql`((${startsWith(sql`${p.firstName}`, first)} and ${startsWith(sql`${p.lastName}`, last)})
    or (${startsWith(sql`${p.firstName}`, last)} and ${startsWith(sql`${p.lastName}`, first)}))`;
}

/** Compliance's condition that a player is in a KYC state (app.compliance.kycCondition). */
type KycCondition = (state: NonNullable<PlayerSearch['kyc']>, playerId: SQLWrapper) => SQL;
type PlayerSearch = z.infer<typeof playerSearchQuery>;

/** The back office's player search, newest registrations first. */
export async function searchPlayers(
  db: Db,
  query: PlayerSearch,
  kycCondition: KycCondition,
): Promise<PlayerSummary[]> {
  const p = schema.players;
  const g = schema.playerGroups;
  const conditions = [
    query.q ? matchOf(query.q) : undefined,
    query.country ? eq(p.country, query.country) : undefined,
    query.status === 'disabled' ? isNotNull(p.disabledAt) : undefined,
    query.status === 'active' ? isNull(p.disabledAt) : undefined,
    query.kyc ? kycCondition(query.kyc, p.id) : undefined,
    query.group
      ? inArray(p.id, db.select({ id: g.playerId }).from(g).where(eq(g.group, query.group)))
      : undefined,
  ].filter((condition): condition is SQL => condition !== undefined);
  const rows = await db
    .select({
      id: p.id,
      email: p.email,
      firstName: p.firstName,
      lastName: p.lastName,
      country: p.country,
      currency: p.currency,
      disabledAt: p.disabledAt,
      createdAt: p.createdAt,
    })
    .from(p)
    .where(and(...conditions))
    .orderBy(desc(p.createdAt), desc(p.id))
    .limit(query.limit);
  return rows.map((row) => ({
    id: row.id,
    email: row.email,
    first_name: row.firstName,
    last_name: row.lastName,
    country: row.country,
    currency: row.currency,
    status: row.disabledAt ? 'disabled' : 'active',
    created_at: row.createdAt.toISOString(),
  }));
}
