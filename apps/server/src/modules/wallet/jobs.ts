import type { FastifyInstance } from 'fastify';
import { auditLedger, betsPaidAndRefunded } from './invariants.ts';
import type { WalletMetrics } from './metrics.ts';

declare module '../../platform/jobs.ts' {
  interface JobMap {
    /** Every 15 minutes, once across instances: the ledger's invariants over the whole ledger. */
    'wallet.audit-ledger': Record<string, never>;
  }
}

/**
 * The ledger's audit as a scheduled job rather than at each scrape: its checks read every entry and
 * account (no index makes them cheap), so it runs once per period across the fleet, not once per
 * instance per scrape, and a long audit never holds up a scrape. A quarter of an hour is soon enough
 * to learn that money was made or lost, at the price of one full read of the ledger each time. The
 * instance that ran it shows the result (`chrysos_ledger_audit_violations`) with its time; the alert
 * reads the newest, and warns when none is fresh.
 */
export function defineWalletJobs(app: FastifyInstance, metrics: WalletMetrics): void {
  app.jobs.define(
    'wallet.audit-ledger',
    async () => {
      const { db } = app.database;
      const audit = await auditLedger(db);
      const paidAndRefunded = await betsPaidAndRefunded(db);
      const found = {
        drifting_accounts: audit.driftingAccounts.length,
        negative_accounts: audit.negativeAccounts,
        unbalanced_transactions: audit.unbalancedTransactions,
        nonzero_total: audit.ledgerTotal === 0 ? 0 : 1,
        bets_paid_and_refunded: paidAndRefunded.length,
      };
      metrics.audited(found);
      if (Object.values(found).some((count) => count > 0)) {
        app.log.error(
          {
            found,
            ledgerTotal: audit.ledgerTotal,
            driftingAccounts: audit.driftingAccounts.slice(0, 20),
            paidAndRefunded,
          },
          'ledger invariants broken',
        );
      }
    },
    // The next period's audit is the retry; one running past the period is given up.
    { retryLimit: 0, expireInSeconds: 15 * 60 },
  );
  app.jobs.schedule('wallet.audit-ledger', '*/15 * * * *');
}
