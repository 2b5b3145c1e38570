import { describe, expect, it } from 'vitest';
import type { Payment } from './cashier.ts';
import { withdrawalTimeline } from './withdrawal-timeline.ts';

const requestedAt = new Date('2026-11-30T09:00:00Z');
const approvedAt = new Date('2026-11-30T11:30:00Z');
const settledAt = new Date('2026-11-30T12:15:00Z');
const expectations = { approvalHours: 24, payoutHours: 6 };

const withdrawal = (
  status: string,
  times: Partial<Pick<Payment, 'approvedAt' | 'settledAt'>> = {},
): Payment => ({
  id: '6d19af33-3727-4f40-8179-adc32e7bf2cb',
  playerId: '9a2f1c1e-33a5-4d0b-9d7c-2b4e1f7d5a10',
  kind: 'withdrawal',
  provider: 'sandbox',
  method: 'card',
  currency: 'EUR',
  amount: 10_000,
  status,
  providerReference: null,
  bonusCode: null,
  failureReason: null,
  createdAt: requestedAt,
  updatedAt: requestedAt,
  approvedAt: times.approvedAt ?? null,
  firstApprovedBy: null,
  firstApprovedAt: null,
  settledAt: times.settledAt ?? null,
});

describe("a withdrawal's timeline", () => {
  it('expects the approval within the approval hours of the request, the payout not yet', () => {
    expect(withdrawalTimeline(withdrawal('pending'), expectations)).toEqual([
      { step: 'requested', at: '2026-11-30T09:00:00.000Z', expected_by: null },
      { step: 'approved', at: null, expected_by: '2026-12-01T09:00:00.000Z' },
      { step: 'sent', at: null, expected_by: null },
    ]);
  });

  it('expects the payout within the payout hours of the approval', () => {
    expect(withdrawalTimeline(withdrawal('approved', { approvedAt }), expectations)).toEqual([
      { step: 'requested', at: '2026-11-30T09:00:00.000Z', expected_by: null },
      { step: 'approved', at: '2026-11-30T11:30:00.000Z', expected_by: null },
      { step: 'sent', at: null, expected_by: '2026-11-30T17:30:00.000Z' },
    ]);
  });

  it('ends where the withdrawal ended: paid out, failed after approval, cancelled or rejected before it', () => {
    const steps = (status: string) =>
      withdrawalTimeline(withdrawal(status, { approvedAt, settledAt }), expectations).map((step) => [
        step.step,
        step.at,
      ]);
    expect(steps('paid')).toEqual([
      ['requested', '2026-11-30T09:00:00.000Z'],
      ['approved', '2026-11-30T11:30:00.000Z'],
      ['sent', '2026-11-30T12:15:00.000Z'],
    ]);
    expect(steps('failed').at(-1)).toEqual(['failed', '2026-11-30T12:15:00.000Z']);
    expect(steps('cancelled')).toEqual([
      ['requested', '2026-11-30T09:00:00.000Z'],
      ['cancelled', '2026-11-30T12:15:00.000Z'],
    ]);
    expect(steps('rejected').map(([step]) => step)).toEqual(['requested', 'rejected']);
  });
});
