import { type Db, schema } from '@chrysos/db';

/** A new player's record as sign-up (with a password or a provider) gives it. */
export type NewPlayer = Omit<
  typeof schema.players.$inferInsert,
  'id' | 'createdAt' | 'disabledAt' | 'referralTag'
>;

/**
 * Stores a new player in the caller's transaction. Undefined when the address is taken (by an earlier
 * sign-up, or one racing this one): the unique index decides, so two sign-ups cannot both get it.
 */
export async function registerPlayer(tx: Db, values: NewPlayer) {
  const [row] = await tx
    .insert(schema.players)
    .values(values)
    .onConflictDoNothing()
    .returning({ id: schema.players.id, email: schema.players.email, language: schema.players.language });
  return row;
}
