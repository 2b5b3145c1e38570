import cluster from 'node:cluster';
import { hostname } from 'node:os';
import type { FastifyBaseLogger } from 'fastify';
import {
  Counter,
  type CounterConfiguration,
  collectDefaultMetrics,
  Gauge,
  type GaugeConfiguration,
  Histogram,
  type HistogramConfiguration,
  type LabelValues,
  Registry,
} from 'prom-client';
import { workersExposition } from './cluster.ts';

/** The start of every name this product defines, so its series stand apart from the process's own. */
const namePrefix = 'chrysos_';

/**
 * A process's name when METRICS_INSTANCE names none: the host and pid, or the host alone for the workers
 * of SERVER_PROCESSES, whose series are summed into the machine's (cluster.ts).
 */
export const defaultInstance = () => (cluster.isWorker ? hostname() : `${hostname()}:${process.pid}`);

type Definition<C> = Omit<C, 'registers' | 'collect'>;

/** One series of a gauge read at scrape time. */
export interface Reading<L extends string> {
  labels: LabelValues<L>;
  value: number;
}

/**
 * `app.metrics`: the app's own Prometheus registry, whose every series carries `instance`. Its own and
 * not prom-client's global one: tests build many apps in one process, each with the same metrics. The
 * platform and the modules define their metrics through it, each beside the code it measures.
 */
export class Metrics {
  readonly registry = new Registry();
  readonly #log: FastifyBaseLogger;
  /** A worker of SERVER_PROCESSES answers a scrape with the metrics of every worker, gathered by the primary. */
  readonly #exposition: () => Promise<string>;

  constructor(instance: string, log: FastifyBaseLogger) {
    this.registry.setDefaultLabels({ instance });
    this.#log = log;
    this.#exposition = cluster.isWorker ? workersExposition(this.registry) : () => this.registry.metrics();
  }

  counter<L extends string>(definition: Definition<CounterConfiguration<L>>): Counter<L> {
    return new Counter({ ...named(definition), registers: [this.registry] });
  }

  gauge<L extends string>(definition: Definition<GaugeConfiguration<L>>): Gauge<L> {
    return new Gauge({ ...named(definition), registers: [this.registry] });
  }

  histogram<L extends string>(definition: Definition<HistogramConfiguration<L>>): Histogram<L> {
    return new Histogram({ ...named(definition), registers: [this.registry] });
  }

  /**
   * A gauge whose series are read when Prometheus scrapes, for figures that live elsewhere (a pool, a
   * queue table, the handlers' positions): each scrape shows what `read` answers then, and only that.
   * A read that fails is logged and leaves the gauge empty for that scrape, so the rest still goes out.
   */
  scraped<L extends string>(
    definition: Definition<GaugeConfiguration<L>>,
    read: () => Iterable<Reading<L>> | Promise<Iterable<Reading<L>>>,
  ): Gauge<L> {
    const log = this.#log;
    return new Gauge({
      ...named(definition),
      registers: [this.registry],
      async collect() {
        this.reset();
        let series = 0;
        try {
          for (const { labels, value } of await read()) {
            this.set(labels, value);
            series++;
          }
        } catch (error) {
          log.warn({ err: error, metric: definition.name }, 'metric not read for this scrape');
        }
        // A gauge without labels starts at 0: nothing read must show as nothing, not as a reading of 0.
        if (series === 0) this.remove({});
      },
    });
  }

  /** Node's own figures (CPU, memory, event-loop delay, GC, handles) under prom-client's usual names. */
  collectProcessMetrics(): void {
    collectDefaultMetrics({ register: this.registry });
  }

  /** Every series, in Prometheus's text format. */
  exposition(): Promise<string> {
    return this.#exposition();
  }

  get contentType(): string {
    return this.registry.contentType;
  }
}

function named<D extends { name: string }>(definition: D): D {
  if (!definition.name.startsWith(namePrefix)) {
    throw new Error(`metric ${definition.name}: the product's metrics are named ${namePrefix}…`);
  }
  return definition;
}
