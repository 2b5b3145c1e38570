import { describe, expect, it } from 'vitest';
import { freshRead } from './fresh-read.ts';

/** A stored value and reads of it that the test finishes by hand. */
function store() {
  let value = 0;
  const reads: { sawValue: number; finish: () => void }[] = [];
  const read = () =>
    new Promise<number>((resolve) => {
      const sawValue = value;
      reads.push({ sawValue, finish: () => resolve(sawValue) });
    });
  return { reads, read, set: (next: number) => (value = next) };
}

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe('a read shared by concurrent callers', () => {
  it('gives callers who arrive during a read the next one, which sees what changed before they called', async () => {
    const { reads, read, set } = store();
    const version = freshRead(read);
    const first = version();
    set(1); // committed after the first read started, before the next callers arrive
    const second = version();
    const third = version();
    expect(reads).toHaveLength(1);
    reads[0]?.finish();
    expect(await first).toBe(0);
    await tick();
    // One more read for both, started after they called.
    expect(reads).toHaveLength(2);
    reads[1]?.finish();
    expect(await second).toBe(1);
    expect(await third).toBe(1);
  });

  it('starts a read at once when none is under way, and again after a failed one', async () => {
    let calls = 0;
    const version = freshRead(async () => {
      calls++;
      if (calls === 1) throw new Error('connection lost');
      return calls;
    });
    await expect(version()).rejects.toThrow('connection lost');
    expect(await version()).toBe(2);
    expect(await version()).toBe(3);
  });
});
