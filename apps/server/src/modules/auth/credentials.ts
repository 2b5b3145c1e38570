import { type Db, schema } from '@chrysos/db';
import { eq, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import { hashPassword, verifyPassword } from '../../platform/passwords.ts';

/**
 * How a player signs in, auth's own row beside the player's record: the password, the lock, the
 * emailed tokens and the sign-in counts. Made in the transaction that makes the player.
 */

const c = schema.playerCredentials;

export type Credentials = typeof c.$inferSelect;

export async function credentialsOf(db: Db, playerId: string): Promise<Credentials | undefined> {
  const [row] = await db.select().from(c).where(eq(c.playerId, playerId));
  return row;
}

/** A new player's row: signed in once, now, with a password or (through a provider) none. */
export async function createCredentials(
  tx: Db,
  playerId: string,
  passwordHash: string | null,
  now: Date,
): Promise<void> {
  await tx.insert(c).values({ playerId, passwordHash, signInCount: 1, currentSignInAt: now });
}

/**
 * Counts a sign-in: the one before becomes the last, this one the current. The right password also
 * clears the count of wrong ones; a provider's sign-in leaves them, as it never checked one.
 */
export async function recordSignIn(tx: Db, playerId: string, now: Date, by: 'password' | 'provider') {
  const clearsWrongPasswords =
    by === 'password' ? { failedAttempts: 0, lockedAt: null, unlockTokenHash: null } : {};
  return tx
    .update(c)
    .set({
      ...clearsWrongPasswords,
      signInCount: sql`${c.signInCount} + 1`,
      lastSignInAt: sql`${c.currentSignInAt}`,
      currentSignInAt: now,
    })
    .where(eq(c.playerId, playerId))
    .returning({ playerId: c.playerId });
}

/**
 * What the player module asks of auth (`app.credentials`): the player's own page shows whether a
 * password is set and when the current sign-in began, and the change-password form checks and sets it.
 */
export const credentials = {
  /** Subqueries on `playerId`, a column of the caller's query, so reading the player stays one round trip. */
  passwordSetSql: (playerId: SQLWrapper): SQL<boolean> =>
    sql<boolean>`coalesce((select pc.password_hash is not null from player_credentials pc
      where pc.player_id = ${playerId}), false)`,
  currentSignInAtSql: (playerId: SQLWrapper): SQL<Date | null> =>
    sql<Date | null>`(select pc.current_sign_in_at from player_credentials pc where pc.player_id = ${playerId})`.mapWith(
      c.currentSignInAt,
    ),

  /** Whether `given` is the current password; a player who only ever used a provider has none to give. */
  async currentPasswordAccepted(db: Db, playerId: string, given: string): Promise<boolean> {
    const row = await credentialsOf(db, playerId);
    return !row?.passwordHash || verifyPassword(row.passwordHash, given);
  },

  /** Sets a new password; a reset link asked for before the change no longer sets another one. */
  async setPassword(db: Db, playerId: string, password: string): Promise<void> {
    await db
      .update(c)
      .set({
        passwordHash: await hashPassword(password),
        resetPasswordTokenHash: null,
        resetPasswordSentAt: null,
      })
      .where(eq(c.playerId, playerId));
  },
};

export type CredentialsService = typeof credentials;
