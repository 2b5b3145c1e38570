import { createHmac } from 'node:crypto';
import type { Rng } from '../math/engine.ts';
import { rngFromBlocks } from './byte-stream-rng.ts';
import { isClientSeed, isServerSeed } from './seeds.ts';

/**
 * The random numbers of one round, recomputable by anyone once the server seed is revealed.
 *
 * Byte stream: block k (k = 0, 1, 2, …) is the 32-byte
 *
 *     HMAC-SHA256(key = server seed, message = `${clientSeed}:${nonce}:${k}`)
 *
 * where the key is the server seed's 64 hex characters as ASCII text (not the decoded bytes), the
 * message is ASCII, and nonce and k are written in decimal without padding. Block 0 of client seed
 * `lucky` and nonce 7 is `printf %s 'lucky:7:0' | openssl dgst -sha256 -hmac SERVER_SEED`. The blocks
 * are concatenated and read in order, a number possibly straddling two blocks:
 *
 * - float(): 7 bytes as a big-endian integer, divided by 16 (rounded down), divided by 2^52.
 * - int(n): 4 bytes as a big-endian unsigned integer u; if u < n·⌊2^32/n⌋ the number is u mod n,
 *   otherwise the 4 bytes are skipped and the next 4 are read (no modulo bias).
 *
 * Each engine documents which numbers it draws and in what order. The nonce counts the rounds played
 * with one server seed, so every round reads a stream no other round reads.
 */
export function roundRng(serverSeed: string, clientSeed: string, nonce: number): Rng {
  if (!isServerSeed(serverSeed)) throw new TypeError('A server seed is 64 lowercase hex characters');
  if (!isClientSeed(clientSeed)) {
    throw new TypeError('A client seed is 1–64 printable ASCII characters without spaces');
  }
  if (!Number.isSafeInteger(nonce) || nonce < 0) throw new TypeError('A nonce is a non-negative integer');
  const prefix = `${clientSeed}:${nonce}:`;
  let cursor = 0;
  return rngFromBlocks(() =>
    // A string key is encoded as UTF-8, which for hex characters is their ASCII bytes (and faster
    // in Node than passing a Buffer).
    createHmac('sha256', serverSeed).update(`${prefix}${cursor++}`, 'ascii').digest(),
  );
}
