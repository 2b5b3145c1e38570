import cluster from 'node:cluster';
import { AggregatorRegistry, type Registry } from 'prom-client';

/** A worker's request for every worker's metrics, and the primary's answer to it. */
const ask = 'chrysos:metrics';
const answer = 'chrysos:metrics-answer';
/** Past this the scrape fails (503) rather than hang: prom-client's own gathering gives up after 5 s. */
const answerWithinMs = 10_000;

interface Answer {
  type: typeof answer;
  id: number;
  text?: string;
  error?: string;
}

/**
 * In the primary of SERVER_PROCESSES: answers a worker that was scraped with every worker's metrics,
 * gathered by prom-client's AggregatorRegistry (counters and histograms summed, each gauge by its
 * own `aggregator`). Prometheus scrapes one port and sees the machine, whichever worker it reached.
 */
export function gatherWorkersMetrics(): void {
  const aggregator = new AggregatorRegistry();
  cluster.on('message', (worker, message: { type?: string; id?: number }) => {
    if (message?.type !== ask || typeof message.id !== 'number') return;
    const { id } = message;
    aggregator.clusterMetrics().then(
      (text) => worker.send({ type: answer, id, text } satisfies Answer),
      (error: Error) => worker.send({ type: answer, id, error: error.message } satisfies Answer),
    );
  });
}

let asked = 0;

/**
 * In a worker: offers `registry` to the primary's gathering, and returns what a scrape of this worker
 * answers, the metrics of every worker of the machine.
 */
export function workersExposition(registry: Registry): () => Promise<string> {
  // Constructing one adds prom-client's listener that answers the primary with this worker's metrics.
  new AggregatorRegistry();
  AggregatorRegistry.setRegistries([registry]);
  return () =>
    new Promise((resolve, reject) => {
      const id = ++asked;
      const timer = setTimeout(() => {
        process.off('message', listen);
        reject(new Error('the primary did not gather the workers’ metrics in time'));
      }, answerWithinMs);
      const listen = (message: Answer) => {
        if (message?.type !== answer || message.id !== id) return;
        clearTimeout(timer);
        process.off('message', listen);
        if (message.error !== undefined) reject(new Error(message.error));
        else resolve(message.text ?? '');
      };
      process.on('message', listen);
      process.send?.({ type: ask, id });
    });
}
