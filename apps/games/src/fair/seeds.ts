import { createHash, randomBytes } from 'node:crypto';

const serverSeedPattern = /^[0-9a-f]{64}$/;
// Printable ASCII without spaces: what a player can type, and the same bytes in every encoder.
const clientSeedPattern = /^[\x21-\x7e]{1,64}$/;

/** A server seed is 32 bytes written as 64 lowercase hex characters. */
export const isServerSeed = (value: unknown): value is string =>
  typeof value === 'string' && serverSeedPattern.test(value);

/** A client seed is 1–64 printable ASCII characters without spaces, chosen by the player or defaulted. */
export const isClientSeed = (value: unknown): value is string =>
  typeof value === 'string' && clientSeedPattern.test(value);

/** A fresh server seed: 32 bytes from the operating system's CSPRNG, as 64 lowercase hex characters. */
export function generateServerSeed(): string {
  return randomBytes(32).toString('hex');
}

/**
 * The commitment shown to the player before any round is played with the seed: SHA-256 of the seed's
 * 64 hex characters (as ASCII text, not the decoded bytes), in lowercase hex. Revealing the seed later
 * lets anyone check it against this hash, e.g. `printf %s SEED | sha256sum`.
 */
export function hashServerSeed(serverSeed: string): string {
  if (!isServerSeed(serverSeed)) throw new TypeError('A server seed is 64 lowercase hex characters');
  return createHash('sha256').update(serverSeed, 'ascii').digest('hex');
}

/** Whether a revealed server seed is the one committed to by `hash`. */
export function serverSeedMatchesHash(serverSeed: string, hash: string): boolean {
  return isServerSeed(serverSeed) && hashServerSeed(serverSeed) === hash.toLowerCase();
}

/** The client seed of a player who has not chosen one: 16 random bytes as 32 hex characters. */
export function defaultClientSeed(): string {
  return randomBytes(16).toString('hex');
}
