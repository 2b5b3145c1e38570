import type { WithdrawalStep } from '@chrysos/contract';
import type { Payment } from './cashier.ts';

/** The operator's processing times (WITHDRAWAL_APPROVAL_HOURS, WITHDRAWAL_PAYOUT_HOURS). */
export interface WithdrawalExpectations {
  approvalHours: number;
  payoutHours: number;
}

const hour = 3_600_000;
const iso = (at: Date | null) => (at ? at.toISOString() : null);
const later = (from: Date | null, hours: number) => (from ? new Date(from.getTime() + hours * hour) : null);

/**
 * A withdrawal's timeline: the steps it took, when, and the next one with the time it is expected by.
 * Requested → approved → sent, or an end on the way: cancelled or rejected while it awaited approval,
 * failed when the payout was refused after approval.
 */
export function withdrawalTimeline(payment: Payment, expected: WithdrawalExpectations): WithdrawalStep[] {
  const done = (step: WithdrawalStep['step'], at: Date | null): WithdrawalStep => ({
    step,
    at: iso(at),
    expected_by: null,
  });
  const next = (step: WithdrawalStep['step'], by: Date | null): WithdrawalStep => ({
    step,
    at: null,
    expected_by: iso(by),
  });
  const requested = done('requested', payment.createdAt);
  switch (payment.status) {
    case 'pending':
      return [
        requested,
        next('approved', later(payment.createdAt, expected.approvalHours)),
        { step: 'sent', at: null, expected_by: null },
      ];
    case 'approved':
      return [
        requested,
        done('approved', payment.approvedAt),
        next('sent', later(payment.approvedAt, expected.payoutHours)),
      ];
    case 'paid':
      return [requested, done('approved', payment.approvedAt), done('sent', payment.settledAt)];
    case 'failed':
      return [requested, done('approved', payment.approvedAt), done('failed', payment.settledAt)];
    case 'cancelled':
      return [requested, done('cancelled', payment.settledAt)];
    default:
      return [requested, done('rejected', payment.settledAt)];
  }
}
