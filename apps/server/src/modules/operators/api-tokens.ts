import type { OperatorRole } from '@chrysos/contract';
import { type Db, schema } from '@chrysos/db';
import { and, desc, eq, isNull } from 'drizzle-orm';
import { AppError } from '../../platform/errors.ts';
import { hashToken, randomToken } from '../../platform/tokens.ts';

type TokenRow = typeof schema.operatorApiTokens.$inferSelect;

/** An API token as the operator API answers it: never its secret, nor its hash. */
export const presentToken = (row: TokenRow) => ({
  id: row.id,
  name: row.name,
  role: row.role,
  created_by: row.createdBy,
  created_at: row.createdAt.toISOString(),
  last_used_at: row.lastUsedAt?.toISOString() ?? null,
  revoked_at: row.revokedAt?.toISOString() ?? null,
});

/** Makes an API token answered for by `createdBy`; its secret is answered here once, never stored. */
export async function createApiToken(
  db: Db,
  token: { name: string; role: OperatorRole; createdBy: string },
  now: Date,
): Promise<{ row: TokenRow; secret: string }> {
  const secret = `chop_${randomToken()}`;
  const [row] = await db
    .insert(schema.operatorApiTokens)
    .values({ ...token, tokenHash: hashToken(secret), createdAt: now })
    .returning();
  if (!row) throw new Error('the API token was not stored');
  return { row, secret };
}

export async function listApiTokens(db: Db): Promise<TokenRow[]> {
  return db.select().from(schema.operatorApiTokens).orderBy(desc(schema.operatorApiTokens.createdAt));
}

export async function revokeApiToken(db: Db, id: string, now: Date): Promise<TokenRow> {
  const t = schema.operatorApiTokens;
  await db
    .update(t)
    .set({ revokedAt: now })
    .where(and(eq(t.id, id), isNull(t.revokedAt)));
  const [row] = await db.select().from(t).where(eq(t.id, id));
  if (!row) throw new AppError('operators.token_not_found', { field: 'id' });
  return row;
}

/**
 * The live token a bearer secret is (its role and its maker), its use noted at most once a minute;
 * null for a secret no live token has, or one whose maker was disabled.
 */
export async function tokenOfSecret(
  db: Db,
  secret: string,
  now: Date,
): Promise<{ id: string; role: OperatorRole; createdBy: string } | null> {
  const t = schema.operatorApiTokens;
  const o = schema.operators;
  const [token] = await db
    .select({ id: t.id, role: t.role, createdBy: t.createdBy, lastUsedAt: t.lastUsedAt })
    .from(t)
    .innerJoin(o, eq(o.id, t.createdBy))
    .where(and(eq(t.tokenHash, hashToken(secret)), isNull(t.revokedAt), isNull(o.disabledAt)));
  if (!token) return null;
  if (!token.lastUsedAt || now.getTime() - token.lastUsedAt.getTime() > 60_000) {
    await db.update(t).set({ lastUsedAt: now }).where(eq(t.id, token.id));
  }
  return { id: token.id, role: token.role, createdBy: token.createdBy };
}
