import { createHash, createHmac, randomBytes } from 'node:crypto';

/** A new server seed (32 random bytes, hex) and its SHA-256, the commitment shown before the spin. */
export function newServerSeed(): { serverSeed: string; serverSeedHash: string } {
  const serverSeed = randomBytes(32).toString('hex');
  return { serverSeed, serverSeedHash: seedHash(serverSeed) };
}

export const seedHash = (serverSeed: string): string => createHash('sha256').update(serverSeed).digest('hex');

/**
 * The draw, as /provably-fair recomputes it: HMAC-SHA256 keyed by the server seed (its hex text) over
 * `<client seed>:<nonce>:wheel`, its first 4 bytes read as an unsigned big-endian number, scaled to the
 * number of sectors: every sector equally likely, the sector index 0-based as the content lists them.
 */
export function drawSector(
  serverSeed: string,
  clientSeed: string,
  nonce: number,
  sectorCount: number,
): number {
  const roll = createHmac('sha256', serverSeed)
    .update(`${clientSeed}:${nonce}:wheel`)
    .digest()
    .readUInt32BE(0);
  return Math.floor((roll / 2 ** 32) * sectorCount);
}
