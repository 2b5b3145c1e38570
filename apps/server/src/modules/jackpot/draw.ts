import { createHash, createHmac, randomBytes } from 'node:crypto';

/**
 * A cycle's drop point, drawn from a server seed the public cannot see until the cycle is won, but is
 * bound to from the start by its SHA-256 (the commitment): `seed + 1 + (HMAC-SHA256(serverSeed, "drop")
 * read as a number, mod (mustDrop − seed))`, so it lies in (seed, mustDrop], uniformly. Contributions
 * then cross it in ledger order; a bet's chance to be the one is its contribution's share of the range,
 * so a bigger bet has a proportionally bigger chance (jackpotPage).
 */
export function dropPoint(serverSeed: string, seedCents: number, mustDropCents: number): number {
  const span = BigInt(mustDropCents - seedCents);
  const digest = createHmac('sha256', serverSeed).update('drop').digest('hex');
  return seedCents + 1 + Number(BigInt(`0x${digest}`) % span);
}

export const seedHash = (serverSeed: string) => createHash('sha256').update(serverSeed).digest('hex');

/** A new cycle's secret seed, its public hash and the drop point it decides. */
export function drawCycle(seedCents: number, mustDropCents: number) {
  const serverSeed = randomBytes(32).toString('hex');
  return {
    serverSeed,
    seedHash: seedHash(serverSeed),
    dropCents: dropPoint(serverSeed, seedCents, mustDropCents),
  };
}
