import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createInstantSearch, moveActive, type SearchState } from './instant-search';

describe('instant search', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  function setup(answer: (query: string, signal: AbortSignal) => Promise<string[]>) {
    const states: SearchState<string[]>[] = [];
    const run = vi.fn(answer);
    const search = createInstantSearch({ run, onChange: (state) => states.push(state), delayMs: 200 });
    return { search, run, states, last: () => states.at(-1) };
  }

  it('sends the query once typing pauses for 200 ms', async () => {
    const { search, run, last } = setup(async (query) => [`${query}!`]);
    search.set('z');
    search.set('ze');
    await vi.advanceTimersByTimeAsync(150);
    search.set('zeu');
    await vi.advanceTimersByTimeAsync(199);
    expect(run).not.toHaveBeenCalled();
    expect(last()).toEqual({ status: 'waiting', query: 'zeu', results: null });
    await vi.advanceTimersByTimeAsync(1);
    expect(run).toHaveBeenCalledTimes(1);
    expect(run.mock.calls[0]?.[0]).toBe('zeu');
    await vi.runAllTimersAsync();
    expect(last()).toEqual({ status: 'done', query: 'zeu', results: ['zeu!'] });
  });

  it('drops (and aborts) an answer that arrives after the query changed', async () => {
    const pending = new Map<string, (value: string[]) => void>();
    const signals: AbortSignal[] = [];
    const { search, last } = setup(
      (query, signal) =>
        new Promise((resolve) => {
          signals.push(signal);
          pending.set(query, resolve);
        }),
    );
    search.set('ath');
    await vi.advanceTimersByTimeAsync(200);
    search.set('athena');
    expect(signals[0]?.aborted).toBe(true);
    await vi.advanceTimersByTimeAsync(200);
    pending.get('ath')?.(['stale']);
    pending.get('athena')?.(['Athena’s Owl']);
    await vi.runAllTimersAsync();
    expect(last()).toEqual({ status: 'done', query: 'athena', results: ['Athena’s Owl'] });
  });

  it('keeps the earlier results on screen while the next ones load', async () => {
    const { search, states } = setup(async (query) => [query]);
    search.set('gold');
    await vi.runAllTimersAsync();
    search.set('golden');
    expect(states.at(-1)).toEqual({ status: 'waiting', query: 'golden', results: ['gold'] });
    await vi.advanceTimersByTimeAsync(200);
    expect(states).toContainEqual({ status: 'loading', query: 'golden', results: ['gold'] });
  });

  it('goes back to idle on an empty field, without a request', async () => {
    const { search, run, last } = setup(async () => []);
    search.set('x');
    search.set('   ');
    await vi.runAllTimersAsync();
    expect(run).not.toHaveBeenCalled();
    expect(last()).toEqual({ status: 'idle', query: '', results: null });
  });

  it('answers a query it already asked at once, from memory', async () => {
    const { search, run, last } = setup(async (query) => [query]);
    search.set('owl');
    await vi.runAllTimersAsync();
    search.set('owls');
    await vi.runAllTimersAsync();
    search.set('owl');
    expect(last()).toEqual({ status: 'done', query: 'owl', results: ['owl'] });
    expect(run).toHaveBeenCalledTimes(2);
  });

  it('reports a failure and tries again when asked', async () => {
    let fail = true;
    const { search, last } = setup(async (query) => {
      if (fail) throw new Error('offline');
      return [query];
    });
    search.set('dice');
    await vi.runAllTimersAsync();
    expect(last()).toEqual({ status: 'failed', query: 'dice', results: null });
    fail = false;
    search.retry();
    await vi.runAllTimersAsync();
    expect(last()).toEqual({ status: 'done', query: 'dice', results: ['dice'] });
  });

  it('says nothing more once disposed', async () => {
    const { search, states } = setup(async () => ['late']);
    search.set('late');
    await vi.advanceTimersByTimeAsync(200);
    const before = states.length;
    search.dispose();
    await vi.runAllTimersAsync();
    expect(states.length).toBe(before);
  });
});

describe('moving through results with the keyboard', () => {
  it('goes down and up, wrapping around, starting from the field', () => {
    expect(moveActive(-1, 'ArrowDown', 3)).toBe(0);
    expect(moveActive(0, 'ArrowDown', 3)).toBe(1);
    expect(moveActive(2, 'ArrowDown', 3)).toBe(0);
    expect(moveActive(-1, 'ArrowUp', 3)).toBe(2);
    expect(moveActive(0, 'ArrowUp', 3)).toBe(2);
    expect(moveActive(2, 'ArrowUp', 3)).toBe(1);
  });

  it('has nothing to choose in an empty list and keeps the choice inside a shorter one', () => {
    expect(moveActive(1, 'ArrowDown', 0)).toBe(-1);
    expect(moveActive(5, 'Enter', 3)).toBe(2);
    expect(moveActive(1, 'a', 3)).toBe(1);
  });
});
