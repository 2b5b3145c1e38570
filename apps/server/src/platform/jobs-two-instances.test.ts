import { fileURLToPath } from 'node:url';
import { createDatabase, type Database, schema } from '@chrysos/db';
import { openTestDatabase } from '@chrysos/db/testing';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type Mailbox, startMailbox } from '../../../../e2e/harness/mailbox.ts';
import { type App, buildApp } from '../app.ts';
import { parseConfig } from '../modules/config.ts';
import { describeOnPostgres } from '../testing/on-postgres.ts';
import { waitUntil } from '../testing/wait.ts';

declare module './jobs.ts' {
  interface JobMap {
    'test.count': { n: number };
    'test.minute': Record<string, never>;
  }
}

const fixtures = fileURLToPath(new URL('../modules/content/fixtures', import.meta.url));
const minute = 60_000;

/**
 * Two instances of the app on one PostgreSQL database, as a deployment behind a load balancer runs:
 * every email is sent once, every job runs once, and a cron schedule fires once, whichever instance
 * enqueues, claims or schedules.
 */
describeOnPostgres('jobs across two instances on one database', () => {
  let shared: Awaited<ReturnType<typeof openTestDatabase>>;
  let mailbox: Mailbox;
  const instances: { app: App; database: Database }[] = [];
  const counted: { instance: number; n: number }[] = [];
  const minutes: number[] = [];
  let startedAt = 0;

  beforeAll(async () => {
    shared = await openTestDatabase('postgres');
    await shared.migrate();
    mailbox = await startMailbox();
    startedAt = Date.now();
    for (const instance of [0, 1]) {
      // A database handle (a pool) of each instance's own, as two processes would have.
      const database = await createDatabase({ url: shared.url, poolSize: 4 });
      const app = await buildApp({
        config: parseConfig({
          NODE_ENV: 'test',
          CONTENT_DIR: fixtures,
          SMTP_URL: mailbox.smtpUrl,
          PUBLIC_URL: 'https://chrysos.test',
        }),
        database,
        web: false,
        logger: false,
        // Cron passes every second instead of every 30, so the test sees many of them.
        jobs: { boss: { cronMonitorIntervalSeconds: 1, cronWorkerIntervalSeconds: 1 } },
      });
      app.jobs.define('test.count', async ({ n }) => {
        // Long enough that the other instance's worker takes the next job meanwhile.
        await new Promise((resolve) => setTimeout(resolve, 5));
        counted.push({ instance, n });
      });
      app.jobs.define('test.minute', async () => void minutes.push(Date.now()));
      app.jobs.schedule('test.minute', '* * * * *');
      await app.ready();
      instances.push({ app, database });
    }
  });
  afterAll(async () => {
    for (const { app, database } of instances) {
      await app.close();
      await database.close();
    }
    await mailbox?.close();
    await shared?.close();
  });

  it('sends each email exactly once, however the two instances race for it', async () => {
    const players = Array.from({ length: 16 }, (_, i) => `player-${i}@example.gr`);
    // Sign-ups on alternate instances, while both run retry passes over the same outbox.
    await Promise.all(
      players.map(async (email, i) => {
        const { app } = instances[i % 2] ?? {};
        const answer = await app?.inject({
          method: 'POST',
          url: '/api/users',
          // Each from an address of its own: sign-ups are limited per address.
          remoteAddress: `203.0.113.${i + 1}`,
          payload: {
            user: { email, password: 'correct horse battery', terms_acceptance: true, age_acceptance: true },
          },
        });
        expect(answer?.statusCode, answer?.body).toBe(201);
        await Promise.all(instances.map(({ app }) => app.mailer.flush()));
      }),
    );
    await waitUntil(() => expect(mailbox.received.length).toBeGreaterThanOrEqual(players.length), {});
    // Both instances look once more; a second send of anything would show now.
    await Promise.all(instances.map(({ app }) => app.mailer.flush()));

    const recipients = mailbox.received.flatMap((mail) => mail.to).sort();
    expect(recipients).toEqual([...players].sort());
    const unsent = await shared.db.execute(sql`select count(*)::int as n from emails where sent_at is null`);
    expect((unsent as unknown as { rows: { n: number }[] }).rows[0]?.n).toBe(0);
    const stored = await shared.db.select().from(schema.emails);
    expect(stored).toHaveLength(players.length);
  });

  it('runs each job exactly once, on whichever instance is free', async () => {
    const sends = Array.from({ length: 40 }, (_, n) => instances[n % 2]?.app.jobs.send('test.count', { n }));
    await Promise.all(sends);
    await waitUntil(() => expect(counted.length).toBeGreaterThanOrEqual(40));

    expect(counted.map(({ n }) => n).sort((a, b) => a - b)).toEqual(Array.from({ length: 40 }, (_, n) => n));
    expect(new Set(counted.map(({ instance }) => instance))).toEqual(new Set([0, 1]));
  });

  it('fires a cron schedule once across both instances', async () => {
    // Wait for several cron passes (one a second, each by whichever instance claims it): every one of
    // them sees the current minute's occurrence, and only the first may send it.
    const passes = new Set<string>();
    await waitUntil(
      async () => {
        const result = await shared.db.execute(sql`select cron_on::text as at from pgboss.version`);
        const at = (result as unknown as { rows: { at: string | null }[] }).rows[0]?.at;
        if (at) passes.add(at);
        expect(passes.size).toBeGreaterThanOrEqual(4);
      },
      { interval: 250 },
    );
    await waitUntil(() => expect(minutes.length).toBeGreaterThanOrEqual(1));
    // One run per minute boundary the test lived through, never two for one: the occurrence due at
    // the start, and one more for each minute that began since.
    const boundaries = Math.floor(Date.now() / minute) - Math.floor(startedAt / minute);
    expect(minutes.length).toBeLessThanOrEqual(1 + boundaries);
    if (boundaries === 0) expect(minutes).toHaveLength(1);
  });
});
