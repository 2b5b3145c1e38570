import type { Rng } from '../math/engine.ts';

const twoPow20 = 2 ** 20;
const twoPow32 = 2 ** 32;
const twoPow52 = 2 ** 52;

/**
 * Numbers read in order from a stream of random bytes delivered in blocks. A number may straddle two
 * blocks; bytes are never skipped or reused.
 *
 * - `float()` reads 7 bytes as a big-endian integer, keeps its top 52 bits (divides by 16, rounding
 *   down) and divides by 2^52: a float in [0, 1) on a grid of 2^52 equally likely values.
 * - `int(n)`, for integers 1 ≤ n ≤ 2^32, reads 4 bytes as a big-endian unsigned integer u. When
 *   u < n·⌊2^32 / n⌋ it returns u mod n; otherwise it drops those 4 bytes and reads the next 4. The
 *   rejected top slice is what a plain `u mod n` would over-represent, so every result is equally likely.
 */
export function rngFromBlocks(nextBlock: () => Uint8Array): Rng {
  let block: Uint8Array = new Uint8Array(0);
  let offset = 0;

  const byte = (): number => {
    if (offset >= block.length) {
      block = nextBlock();
      offset = 0;
      if (block.length === 0) throw new Error('The random byte source returned an empty block');
    }
    return block[offset++] as number;
  };
  const uint32 = () => {
    if (offset + 4 > block.length) return byte() * 0x1000000 + ((byte() << 16) | (byte() << 8) | byte());
    const at = offset;
    offset += 4;
    return (
      (block[at] as number) * 0x1000000 +
      (((block[at + 1] as number) << 16) | ((block[at + 2] as number) << 8) | (block[at + 3] as number))
    );
  };

  return {
    float() {
      const high = uint32();
      const low = (byte() << 16) | (byte() << 8) | byte();
      return (high * twoPow20 + (low >>> 4)) / twoPow52;
    },
    int(maxExclusive: number) {
      if (!Number.isInteger(maxExclusive) || maxExclusive < 1 || maxExclusive > twoPow32) {
        throw new RangeError(`int(n) needs an integer n in [1, 2^32], got ${maxExclusive}`);
      }
      const limit = twoPow32 - (twoPow32 % maxExclusive);
      for (;;) {
        const u = uint32();
        if (u < limit) return u % maxExclusive;
      }
    },
  };
}
