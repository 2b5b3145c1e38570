import { type Db, schema } from '@chrysos/db';
import { eq } from 'drizzle-orm';

/** An operator's account (disabled ones included), with their allow-list; never the password or TOTP secret. */
export async function operatorById(db: Db, id: string) {
  const o = schema.operators;
  const [row] = await db
    .select({
      id: o.id,
      email: o.email,
      name: o.name,
      role: o.role,
      ipAllowList: o.ipAllowList,
      disabledAt: o.disabledAt,
    })
    .from(o)
    .where(eq(o.id, id));
  return row ?? null;
}
