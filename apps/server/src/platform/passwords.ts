import argon2 from 'argon2';
// A CommonJS package: Node gives ES modules only its default export.
import dumbPasswords from 'dumb-passwords';

/** OWASP's argon2id baseline: 19 MiB of memory, 2 iterations, 1 lane. */
const options = { type: argon2.argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return argon2.hash(password, options);
}

/** A hash of a random password, verified against when the email is unknown so timing reveals nothing. */
const decoy = hashPassword(crypto.randomUUID());

export async function verifyPassword(hash: string | null, password: string): Promise<boolean> {
  try {
    return await argon2.verify(hash ?? (await decoy), password);
  } catch {
    return false;
  }
}

/** Sign-up and a change of password refuse a password among the 10,000 most common ones. */
export function isCommonPassword(password: string): boolean {
  return dumbPasswords.check(password);
}
