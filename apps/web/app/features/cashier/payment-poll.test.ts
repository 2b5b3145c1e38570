import type { Payment } from '@chrysos/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { waitForPayment } from './payment-poll.ts';

const payment = (status: Payment['status'], failure_reason: string | null = null): Payment => ({
  id: '6d19af33-3727-4f40-8179-adc32e7bf2cb',
  kind: 'deposit',
  method: 'card',
  currency: 'EUR',
  amount_cents: 5_000,
  status,
  failure_reason,
  created_at: '2026-11-23T09:42:12.887Z',
  updated_at: '2026-11-23T09:42:12.917Z',
  timeline: null,
});

describe('waiting for a deposit to settle after the payment page', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('reads every second until the webhook has settled it', async () => {
    const answers = [payment('pending'), payment('pending'), payment('succeeded')];
    const read = vi.fn(async () => answers.shift() ?? null);
    const onPending = vi.fn();
    const result = waitForPayment(read, { onPending });
    await vi.advanceTimersByTimeAsync(0);
    expect(read).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(999);
    expect(read).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(read).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(1_000);
    await expect(result).resolves.toEqual({ kind: 'settled', payment: payment('succeeded') });
    expect(onPending).toHaveBeenCalledTimes(2);
  });

  it('reports a failure with its reason', async () => {
    const result = waitForPayment(async () => payment('failed', 'The card was declined'));
    await expect(result).resolves.toMatchObject({
      kind: 'settled',
      payment: { status: 'failed', failure_reason: 'The card was declined' },
    });
  });

  it('gives up after 30 s, keeping what it last saw; a failed read just counts as waiting', async () => {
    let call = 0;
    const read = vi.fn(async () => {
      call++;
      if (call % 2 === 0) throw new Error('offline');
      return payment('pending');
    });
    const result = waitForPayment(read);
    await vi.advanceTimersByTimeAsync(31_000);
    await expect(result).resolves.toEqual({ kind: 'timeout', payment: payment('pending') });
    expect(read.mock.calls.length).toBeGreaterThanOrEqual(29);
    expect(read.mock.calls.length).toBeLessThanOrEqual(31);
  });

  it('says so at once for a payment that is not the player’s', async () => {
    await expect(waitForPayment(async () => 'missing' as const)).resolves.toEqual({ kind: 'missing' });
  });

  it('stops when the page is left', async () => {
    const controller = new AbortController();
    const read = vi.fn(async () => payment('pending'));
    const result = waitForPayment(read, { signal: controller.signal });
    await vi.advanceTimersByTimeAsync(2_500);
    controller.abort();
    await expect(result).resolves.toBeNull();
    const calls = read.mock.calls.length;
    await vi.advanceTimersByTimeAsync(10_000);
    expect(read).toHaveBeenCalledTimes(calls);
  });
});
