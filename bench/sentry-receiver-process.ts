import { startSentryReceiver } from '../apps/server/src/testing/sentry-receiver.ts';

/**
 * The loopback Sentry receiver (apps/server/src/testing/sentry-receiver.ts) in a process of its own, so
 * reading envelopes takes nothing from the load generator's process: bench/http.ts starts it, reads
 * the DSN from the first line it prints, and on SIGTERM gets a line of what it received.
 */
const receiver = await startSentryReceiver();
process.stdout.write(`${receiver.dsn}\n`);
process.on('SIGTERM', () => {
  const counts = {
    envelopes: receiver.envelopes.length,
    spans: receiver.itemsOf('span').length,
    events: receiver.events().length,
  };
  process.stdout.write(`${JSON.stringify(counts)}\n`);
  void receiver.close().then(() => process.exit(0));
});
