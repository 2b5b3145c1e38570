import type { Metrics } from '../../platform/metrics/registry.ts';
import type { BookingTimer } from './ledger.ts';

/** Wallet calls take milliseconds; past a second a studio's own timeout is near (it rolls back). */
const buckets = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5];

/** What the ledger's audit counts: each should stay 0 for ever (invariants.ts). */
export interface AuditViolations {
  drifting_accounts: number;
  negative_accounts: number;
  unbalanced_transactions: number;
  /** 1 when every entry ever booked does not sum to zero: money was made or lost. */
  nonzero_total: number;
  /** Up to 20: bets both paid by a win and handed back by a rollback. */
  bets_paid_and_refunded: number;
}

/**
 * The wallet's metrics: the seamless-wallet calls as studios wait for them (the latency the alert on
 * the wallet's p99 watches), each ledger booking, and the last audit of the ledger this instance ran.
 */
export function walletMetrics(metrics: Metrics) {
  const calls = metrics.histogram({
    name: 'chrysos_wallet_call_duration_seconds',
    help: 'Seamless-wallet calls from the studios, from arrival to answer, by call and answered status.',
    labelNames: ['call', 'status'],
    buckets,
  });
  const bookings = metrics.histogram({
    name: 'chrysos_ledger_booking_duration_seconds',
    help: 'Ledger bookings: a statement each (single) or a wallet call in a group (grouped, wait included).',
    labelNames: ['path', 'outcome'],
    buckets,
  });
  const violations = metrics.gauge({
    name: 'chrysos_ledger_audit_violations',
    help: 'What the last ledger audit on this instance found breaking each invariant (0 when it holds).',
    labelNames: ['check'],
    // Any worker of SERVER_PROCESSES that found a violation shows it.
    aggregator: 'max',
  });
  const auditedAt = metrics.gauge({
    name: 'chrysos_ledger_audit_timestamp_seconds',
    help: 'When this instance last finished an audit of the ledger (Unix time): the newest is the latest.',
    aggregator: 'max',
  });
  // Before its first audit the instance shows none, rather than one in 1970 (a gauge without labels
  // starts at 0).
  auditedAt.remove({});
  const timed =
    (path: 'single' | 'grouped'): BookingTimer =>
    () => {
      const end = bookings.startTimer({ path });
      return (outcome) => end({ outcome });
    };
  return {
    /** Starts timing a protocol call; the answer ends it with the status the studio was answered. */
    timeCall(call: 'balance' | 'bet' | 'win' | 'rollback') {
      const end = calls.startTimer({ call });
      return (status: string) => end({ status });
    },
    singleBookings: timed('single'),
    groupedBookings: timed('grouped'),
    audited(found: AuditViolations) {
      for (const [check, count] of Object.entries(found)) violations.set({ check }, count);
      auditedAt.setToCurrentTime();
    },
  };
}

export type WalletMetrics = ReturnType<typeof walletMetrics>;
