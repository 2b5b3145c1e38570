import { describe, expect, it } from 'vitest';
import {
  defaultClientSeed,
  generateServerSeed,
  hashServerSeed,
  isClientSeed,
  isServerSeed,
  serverSeedMatchesHash,
} from './seeds.ts';

describe('seeds', () => {
  it('generates 32-byte server seeds in lowercase hex, different every time', () => {
    const seeds = new Set(Array.from({ length: 100 }, generateServerSeed));
    expect(seeds.size).toBe(100);
    for (const seed of seeds) expect(isServerSeed(seed)).toBe(true);
  });

  it('commits to a server seed with SHA-256 of its hex text (known vector from sha256sum)', () => {
    const seed = 'cba05b2c65793589d67a1aa777e54e71b02d4cbfba976333f12ce098497c549e';
    const hash = 'f25a70205e8ac44739bfb81a15e54b8cf0afefc3224ab4ae3dfe50d23d41ddf7';
    expect(hashServerSeed(seed)).toBe(hash);
    expect(serverSeedMatchesHash(seed, hash)).toBe(true);
    expect(serverSeedMatchesHash(seed, hash.toUpperCase())).toBe(true);
    expect(serverSeedMatchesHash(generateServerSeed(), hash)).toBe(false);
    expect(() => hashServerSeed('not a seed')).toThrow(TypeError);
  });

  it('defaults a client seed that the player could have typed', () => {
    const seed = defaultClientSeed();
    expect(seed).toMatch(/^[0-9a-f]{32}$/);
    expect(isClientSeed(seed)).toBe(true);
    expect(defaultClientSeed()).not.toBe(seed);
    expect(isClientSeed('my-lucky_seed.2025!')).toBe(true);
    expect(isClientSeed('')).toBe(false);
    expect(isClientSeed('x'.repeat(65))).toBe(false);
    expect(isClientSeed('καλή τύχη')).toBe(false);
  });
});
