import { type Db, schema } from '@chrysos/db';
import { and, eq, gt, sql } from 'drizzle-orm';
import type { TemplateName } from './templates.ts';

/**
 * Whether an email of this template went to this address (any letter case) in the last `withinMs`:
 * read on the database's clock, which stamped the outbox rows (mailer.ts).
 */
export async function sentRecently(
  db: Db,
  to: string,
  template: TemplateName,
  withinMs: number,
): Promise<boolean> {
  const e = schema.emails;
  const [recent] = await db
    .select({ id: e.id })
    .from(e)
    .where(
      and(
        sql`lower(${e.to}) = lower(${to})`,
        eq(e.template, template),
        gt(e.createdAt, sql`now() - ${withinMs} * interval '1 millisecond'`),
      ),
    )
    .limit(1);
  return recent !== undefined;
}
