import { createHash, createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { sectorOf, seedHashOf } from './fairness';

/** The server's draw (apps/server/src/modules/wheel/draw.ts), written out with Node's crypto. */
function serverSector(serverSeed: string, clientSeed: string, nonce: number, sectors: number) {
  const roll = createHmac('sha256', serverSeed)
    .update(`${clientSeed}:${nonce}:wheel`)
    .digest()
    .readUInt32BE(0);
  return Math.floor((roll / 2 ** 32) * sectors);
}

describe("the browser's check of a wheel spin", () => {
  it('gives the sector the server drew and the hash it committed to, for any seeds and nonce', async () => {
    const landed = new Set<number>();
    for (let n = 0; n < 60; n++) {
      const serverSeed = createHash('sha256').update(`server-${n}`).digest('hex');
      const clientSeed = `player seed ${n}`;
      const sector = await sectorOf(serverSeed, clientSeed, n + 1, 12);
      expect(sector).toBe(serverSector(serverSeed, clientSeed, n + 1, 12));
      landed.add(sector);
      expect(await seedHashOf(serverSeed)).toBe(createHash('sha256').update(serverSeed).digest('hex'));
    }
    // Sixty draws reach most of the twelve sectors: the scaling is not stuck on one.
    expect(landed.size).toBeGreaterThan(8);
  });

  it('answers another sector for another nonce or client seed (the draw depends on both)', async () => {
    const seed = 'a'.repeat(64);
    const sectors = new Set<number>();
    for (let nonce = 1; nonce <= 12; nonce++) sectors.add(await sectorOf(seed, 'x', nonce, 12));
    for (const client of ['a', 'b', 'c', 'd', 'e', 'f']) sectors.add(await sectorOf(seed, client, 1, 12));
    expect(sectors.size).toBeGreaterThan(3);
  });
});
