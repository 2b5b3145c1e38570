import type { JackpotTierId } from '@chrysos/contract';
import type { FastifyInstance } from 'fastify';
import { currentTiers } from './read.ts';

/** At most two publications a second per tier: the amount moves with every slot bet. */
const intervalMs = 500;

/**
 * Publishes a tier's amount on public:jackpots_changes after contributions moved it (after the
 * handler's commit, so it is never ahead of the database), throttled per tier: the first change is
 * published at once, later ones within the interval are folded into one publication at its end,
 * which reads the amount as it is then. The browser takes each as the tier's current amount.
 */
export function jackpotChanges(app: FastifyInstance) {
  const last = new Map<string, number>();
  const timers = new Map<string, NodeJS.Timeout>();

  async function publish(currency: string, tier: JackpotTierId) {
    const key = `${currency}:${tier}`;
    last.set(key, Date.now());
    const [current] = await currentTiers(app.database.db, currency, tier);
    if (!current) return;
    // Outside any handler's transaction: the publication is stored on its own, then sent. The sending is
    // awaited here, so a failure (Redis gone while the app closes) is logged, not left unhandled, which
    // ended the process.
    const sends: (() => unknown)[] = [];
    await app.realtime.publishToAll(
      { db: app.database.db, afterCommit: (send) => void sends.push(send) },
      'jackpots_changes',
      { id: tier, currency, amount_cents: current.amount_cents },
      `jackpot:${key}:${Date.now()}`,
    );
    for (const send of sends) await send();
  }

  const publishLogged = (currency: string, tier: JackpotTierId) =>
    publish(currency, tier).catch((error: unknown) =>
      app.log.warn({ err: error }, 'jackpot amount not published'),
    );

  return {
    /** A tier's amount moved (called once the change is committed). */
    changed(currency: string, tier: JackpotTierId) {
      const key = `${currency}:${tier}`;
      if (timers.has(key)) return;
      const wait = (last.get(key) ?? 0) + intervalMs - Date.now();
      if (wait <= 0) {
        void publishLogged(currency, tier);
        return;
      }
      timers.set(
        key,
        setTimeout(() => {
          timers.delete(key);
          void publishLogged(currency, tier);
        }, wait),
      );
    },
    close() {
      for (const timer of timers.values()) clearTimeout(timer);
      timers.clear();
    },
  };
}
