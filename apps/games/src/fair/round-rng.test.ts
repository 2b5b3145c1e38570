import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { rngFromBlocks } from './byte-stream-rng.ts';
import { roundRng } from './round-rng.ts';

// Computed outside this code base: block 0 with `printf %s 'lucky:7:0' | openssl dgst -sha256 -hmac SEED`,
// the numbers by a separate Python script reading the concatenated blocks as documented.
const serverSeed = 'cba05b2c65793589d67a1aa777e54e71b02d4cbfba976333f12ce098497c549e';
const block0 = '584726d079015c9eafc4f5f7aad8440924a078103ccc1acce048ed00c5216e49';

/** Pearson's statistic of observed counts against equal expected counts. */
function chiSquare(counts: number[]): number {
  const total = counts.reduce((sum, count) => sum + count, 0);
  const expected = total / counts.length;
  return counts.reduce((sum, count) => sum + (count - expected) ** 2 / expected, 0);
}

describe('round rng (provably fair byte stream)', () => {
  it('reads block 0 as HMAC-SHA256(server seed, "client seed:nonce:0")', () => {
    const expected = createHmac('sha256', serverSeed).update('lucky:7:0').digest('hex');
    expect(expected).toBe(block0);
    // The first 7 bytes of block 0 make the first float.
    const first7 = BigInt(`0x${block0.slice(0, 14)}`);
    expect(roundRng(serverSeed, 'lucky', 7).float()).toBe(Number(first7 >> 4n) / 2 ** 52);
  });

  it('reproduces the known numbers of a round, across a block boundary', () => {
    const rng = roundRng(serverSeed, 'lucky', 7);
    expect(rng.float()).toBe(0.34483568753876637);
    expect(rng.int(37)).toBe(0);
    expect(rng.int(10_000)).toBe(8836);
    expect(rng.float()).toBe(0.035715131103859044);
    expect(rng.float()).toBe(0.10468866138853894);
    // Bytes 29–32: the last three of block 0 and the first of block 1.
    expect(rng.int(52)).toBe(37);
    expect(rng.float()).toBe(0.7980772893558457);
  });

  it('gives the same numbers for the same seeds and nonce, and other numbers for another nonce', () => {
    const draw = (nonce: number, clientSeed = 'lucky') => {
      const rng = roundRng(serverSeed, clientSeed, nonce);
      return Array.from({ length: 50 }, () => rng.int(1_000_000));
    };
    expect(draw(3)).toEqual(draw(3));
    expect(draw(3)).not.toEqual(draw(4));
    expect(draw(3)).not.toEqual(draw(3, 'lucky2'));
  });

  it('draws int(37) uniformly: chi-square over 370,000 draws', () => {
    const rng = roundRng(serverSeed, 'chi-square', 0);
    const counts = new Array<number>(37).fill(0);
    for (let i = 0; i < 370_000; i++) {
      const pocket = rng.int(37);
      counts[pocket] = (counts[pocket] ?? 0) + 1;
    }
    // 36 degrees of freedom: P(χ² > 113) ≈ 1e-9 for a uniform source; the mean is 36.
    expect(chiSquare(counts)).toBeLessThan(113);
  });

  it('draws floats uniformly in [0, 1): chi-square over 100 buckets and the mean', () => {
    const rng = roundRng(serverSeed, 'floats', 0);
    const counts = new Array<number>(100).fill(0);
    let sum = 0;
    let outOfRange = 0;
    const draws = 200_000;
    for (let i = 0; i < draws; i++) {
      const value = rng.float();
      if (!(value >= 0 && value < 1)) outOfRange++;
      sum += value;
      const bucket = Math.floor(value * 100);
      counts[bucket] = (counts[bucket] ?? 0) + 1;
    }
    expect(outOfRange).toBe(0);
    // 99 degrees of freedom: P(χ² > 210) ≈ 1e-9.
    expect(chiSquare(counts)).toBeLessThan(210);
    // Standard error of the mean is sqrt(1/12 / n) ≈ 0.00065; six of them.
    expect(Math.abs(sum / draws - 0.5)).toBeLessThan(0.004);
  });

  it('refuses malformed seeds and nonces', () => {
    expect(() => roundRng('ABC', 'lucky', 0)).toThrow(TypeError);
    expect(() => roundRng(serverSeed.toUpperCase(), 'lucky', 0)).toThrow(TypeError);
    expect(() => roundRng(serverSeed, '', 0)).toThrow(TypeError);
    expect(() => roundRng(serverSeed, 'with space', 0)).toThrow(TypeError);
    expect(() => roundRng(serverSeed, 'lucky', -1)).toThrow(TypeError);
    expect(() => roundRng(serverSeed, 'lucky', 1.5)).toThrow(TypeError);
  });
});

describe('numbers from a byte stream', () => {
  const fromBytes = (...blocks: number[][]) => {
    const queue = blocks.map((block) => Uint8Array.from(block));
    return rngFromBlocks(() => {
      const next = queue.shift();
      if (!next) throw new Error('test stream exhausted');
      return next;
    });
  };

  it('rejects the biased top slice instead of taking it modulo n', () => {
    // 2^32 mod 3 = 1, so u = 2^32 − 1 is the one rejected value for n = 3.
    const rng = fromBytes([0xff, 0xff, 0xff, 0xff, 0x00, 0x00, 0x00, 0x05]);
    expect(rng.int(3)).toBe(2);
  });

  it('reads the top 52 of 56 bits for a float', () => {
    expect(fromBytes([0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff]).float()).toBe(1 - 2 ** -52);
    expect(fromBytes([0, 0, 0, 0, 0, 0, 0x0f]).float()).toBe(0);
    expect(fromBytes([0, 0, 0, 0, 0, 0, 0x10]).float()).toBe(2 ** -52);
    expect(fromBytes([0x80, 0, 0, 0, 0, 0, 0]).float()).toBe(0.5);
  });

  it('refuses a range it cannot draw without bias', () => {
    const rng = fromBytes([1, 2, 3, 4]);
    expect(() => rng.int(0)).toThrow(RangeError);
    expect(() => rng.int(2.5)).toThrow(RangeError);
    expect(() => rng.int(2 ** 32 + 1)).toThrow(RangeError);
    expect(rng.int(2 ** 32)).toBe(0x01020304);
  });
});
