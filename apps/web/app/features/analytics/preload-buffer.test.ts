import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type AnalyticsCall, PreloadBuffer, preloadPoll } from './preload-buffer';

const track = (n: number): AnalyticsCall => ({ type: 'track', event: `event_${n}`, properties: { n } });

describe('the pre-load buffer (spec §9: up to 6 events per poll, 1,500 ms between polls)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('holds calls until the library is loaded, then hands them over 6 per poll, 1,500 ms apart, in order', () => {
    const buffer = new PreloadBuffer();
    const sent: AnalyticsCall[] = [];
    for (let n = 1; n <= 14; n++) buffer.push(track(n));
    expect(buffer.waiting).toBe(14);

    buffer.attach({ send: (call) => sent.push(call) });
    expect(sent).toEqual([1, 2, 3, 4, 5, 6].map(track));
    vi.advanceTimersByTime(preloadPoll.everyMs - 1);
    expect(sent).toHaveLength(6);
    // A call made while the buffer drains waits its turn behind the others.
    buffer.push(track(15));
    vi.advanceTimersByTime(1);
    expect(sent).toHaveLength(12);
    vi.advanceTimersByTime(preloadPoll.everyMs);
    expect(sent).toEqual([...Array(15).keys()].map((n) => track(n + 1)));
    expect(buffer.waiting).toBe(0);

    // Drained: the next call goes straight to the library.
    buffer.push(track(16));
    expect(sent.at(-1)).toEqual(track(16));
  });

  it('drops what waits, and takes nothing more, once the visitor declines', () => {
    const buffer = new PreloadBuffer();
    for (let n = 1; n <= 3; n++) buffer.push(track(n));
    buffer.clear();
    const sent: AnalyticsCall[] = [];
    buffer.attach({ send: (call) => sent.push(call) });
    vi.runAllTimers();
    expect(sent).toEqual([]);
  });

  it('keeps the latest 100 calls of a visitor who has not chosen yet', () => {
    const buffer = new PreloadBuffer();
    for (let n = 1; n <= 130; n++) buffer.push(track(n));
    expect(buffer.waiting).toBe(100);
    const sent: AnalyticsCall[] = [];
    buffer.attach({ send: (call) => sent.push(call) });
    expect(sent[0]).toEqual(track(31));
  });
});
