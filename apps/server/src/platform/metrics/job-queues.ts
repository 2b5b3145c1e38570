import type { Jobs } from '../jobs.ts';
import type { Metrics } from './registry.ts';

/**
 * The background jobs (pg-boss): how many wait in each queue, read at each scrape from pg-boss's own
 * counts (a minute old at most, see Jobs.queueSizes), and how the runs on this instance end. Every
 * instance shows the same queue sizes, as the queues are the database's: aggregate them with max.
 */
export function measureJobs(metrics: Metrics, jobs: Jobs): void {
  metrics.scraped(
    {
      name: 'chrysos_job_queue_jobs',
      help: 'Jobs of each queue by state (ready, deferred, active, failed), as pg-boss last counted them.',
      labelNames: ['queue', 'state'],
      aggregator: 'max',
    },
    async () =>
      (await jobs.queueSizes()).flatMap(({ queue, ...states }) =>
        Object.entries(states).map(([state, value]) => ({ labels: { queue, state }, value })),
      ),
  );
  const runs = metrics.counter({
    name: 'chrysos_job_runs_total',
    help: 'Runs of background jobs on this instance, by queue and outcome (completed or failed).',
    labelNames: ['queue', 'outcome'],
  });
  jobs.onRunEnded((queue, outcome) => runs.inc({ queue, outcome }));
}
