import type { operatorAccount } from '@chrysos/contract';
import { type Db, schema } from '@chrysos/db';
import { asc } from 'drizzle-orm';
import type { z } from 'zod';

/** Every operator account, oldest first, as admins read them: never a password hash or TOTP secret. */
export async function listOperatorAccounts(db: Db): Promise<z.infer<typeof operatorAccount>[]> {
  const o = schema.operators;
  const rows = await db
    .select({
      id: o.id,
      email: o.email,
      name: o.name,
      role: o.role,
      ipAllowList: o.ipAllowList,
      createdAt: o.createdAt,
      disabledAt: o.disabledAt,
    })
    .from(o)
    .orderBy(asc(o.createdAt), asc(o.id));
  return rows.map((row) => ({
    id: row.id,
    email: row.email,
    name: row.name,
    role: row.role,
    ip_allow_list: row.ipAllowList,
    created_at: row.createdAt.toISOString(),
    disabled_at: row.disabledAt?.toISOString() ?? null,
  }));
}
