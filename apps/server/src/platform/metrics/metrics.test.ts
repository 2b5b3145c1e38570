import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { testDatabaseKinds } from '@chrysos/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { buildTestApp } from '../../testing/build-test-app.ts';
import { newPlayer } from '../../testing/factories.ts';
import { waitUntil } from '../../testing/wait.ts';
import { studioCalls } from '../../testing/wallet/studio-calls.ts';

declare module '../events.ts' {
  interface DomainEvents {
    'test.metrics_held': Record<string, never>;
  }
}

const token = 'metrics-token-for-the-tests-0123456789abcdef';
const studioSecret = 'metrics-studio-secret-0123456789abcdef';
const deploy = (path: string) => fileURLToPath(new URL(`../../../../../deploy/${path}`, import.meta.url));

interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

/** The samples of an exposition in Prometheus's text format (comments and blank lines left out). */
function samplesOf(exposition: string): Sample[] {
  return exposition
    .split('\n')
    .filter((line) => line !== '' && !line.startsWith('#'))
    .map((line) => {
      const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
      if (!match) throw new Error(`not a sample: ${line}`);
      const labels = Object.fromEntries(
        [...(match[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map((label) => [label[1], label[2]]),
      );
      return { name: match[1] ?? '', labels, value: Number(match[3]) };
    });
}

/** The metric names an alert rule's or a dashboard panel's query reads (the product's and the process's). */
const namesIn = (query: string) => [...query.matchAll(/\b(?:chrysos|process|nodejs)_\w+/g)].map((m) => m[0]);

/** Every query of the alert rules and of the Grafana dashboard. */
function deployedQueries(): string[] {
  const rules = parse(readFileSync(deploy('prometheus/alerts.yml'), 'utf8')) as {
    groups: { rules: { expr: string }[] }[];
  };
  const dashboard = JSON.parse(readFileSync(deploy('grafana/chrysos.json'), 'utf8')) as {
    panels: { targets?: { expr: string }[] }[];
    templating: { list: { query?: unknown }[] };
  };
  return [
    ...rules.groups.flatMap((group) => group.rules.map((rule) => rule.expr)),
    ...dashboard.panels.flatMap((panel) => (panel.targets ?? []).map((target) => target.expr)),
    ...dashboard.templating.list.flatMap((variable) =>
      typeof variable.query === 'string' ? [variable.query] : [],
    ),
  ];
}

describe('/metrics without METRICS_TOKEN', () => {
  let app: Awaited<ReturnType<typeof buildTestApp>>;
  beforeAll(async () => {
    app = await buildTestApp('pglite');
  });
  afterAll(() => app.closeAll());

  it('does not exist, whatever the request carries', async () => {
    expect((await app.inject({ url: '/metrics' })).statusCode).toBe(404);
    const withToken = await app.inject({ url: '/metrics', headers: { authorization: `Bearer ${token}` } });
    expect(withToken.statusCode).toBe(404);
  });
});

describe.each(testDatabaseKinds)('/metrics on %s', (kind) => {
  let app: Awaited<ReturnType<typeof buildTestApp>>;
  /** A handler of the test's own that fails while this holds, so it stays behind its stream. */
  let holding = true;
  beforeAll(async () => {
    app = await buildTestApp(
      kind,
      { METRICS_TOKEN: token, METRICS_INSTANCE: `test-${kind}`, STUDIO_SECRET: studioSecret },
      {
        // Retried soon after each failure, so it catches up soon once let go.
        events: { retryMs: 20 },
        beforeReady: (built) =>
          built.events.on('test.metrics_held', 'test.metrics-held', () => {
            if (holding) throw new Error('held by the test');
          }),
      },
    );
  });
  afterAll(() => app.closeAll());

  async function scrape(): Promise<{ text: string; samples: Sample[] }> {
    const response = await app.inject({ url: '/metrics', headers: { authorization: `Bearer ${token}` } });
    expect(response.statusCode).toBe(200);
    return { text: response.body, samples: samplesOf(response.body) };
  }

  /** The value of the one sample of `name` whose labels include `labels`; 0 when there is none yet. */
  async function sampleValue(name: string, labels: Record<string, string> = {}): Promise<number> {
    const { samples } = await scrape();
    const found = samples.filter(
      (sample) =>
        sample.name === name && Object.entries(labels).every(([key, value]) => sample.labels[key] === value),
    );
    expect(found.length).toBeLessThanOrEqual(1);
    return found[0]?.value ?? 0;
  }

  it('answers 401 to a missing or wrong bearer token, and the exposition to the right one', async () => {
    const missing = await app.inject({ url: '/metrics' });
    expect(missing.statusCode).toBe(401);
    expect(missing.headers['www-authenticate']).toMatch(/^Bearer/);
    expect(missing.body).not.toContain('chrysos_');
    for (const authorization of [
      `Bearer ${token}x`,
      `Bearer ${token.slice(1)}`,
      token,
      'Basic Zm9vOmJhcg==',
    ]) {
      const wrong = await app.inject({ url: '/metrics', headers: { authorization } });
      expect(wrong.statusCode).toBe(401);
      expect(wrong.body).not.toContain('chrysos_');
    }
    const right = await app.inject({ url: '/metrics', headers: { authorization: `Bearer ${token}` } });
    expect(right.statusCode).toBe(200);
    expect(right.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(right.headers['cache-control']).toBe('no-store');
  });

  it('names this process in every series', async () => {
    const { samples } = await scrape();
    expect(samples.length).toBeGreaterThan(0);
    expect(samples.filter((sample) => sample.labels.instance !== `test-${kind}`)).toEqual([]);
  });

  it('counts each answer under its route pattern, method and status class', async () => {
    /** Answers `url` and waits for its count (taken once the answer is sent) to move by one. */
    const counted = async (url: string, status: number, labels: Record<string, string>) => {
      const before = await sampleValue('chrysos_http_request_duration_seconds_count', labels);
      expect((await app.inject({ url })).statusCode).toBe(status);
      await waitUntil(async () =>
        expect(await sampleValue('chrysos_http_request_duration_seconds_count', labels)).toBe(before + 1),
      );
    };
    await counted('/healthz', 200, { route: '/healthz', method: 'GET', status_class: '2xx' });
    // An id in the path is the pattern's parameter, not a series of its own (nobody is signed in: 401).
    await counted('/api/player/groups/12345', 401, {
      route: '/api/player/groups/:id',
      method: 'GET',
      status_class: '4xx',
    });
    // A path no route knows is one series, whatever the path.
    await counted('/no-such-page-12345', 404, { route: 'unmatched', method: 'GET', status_class: '4xx' });
    const { samples } = await scrape();
    expect(samples.some((sample) => sample.labels.route?.includes('12345'))).toBe(false);
  });

  it('times the wallet calls a studio makes and the bookings behind them', async () => {
    const player = await newPlayer(app, { currency: 'EUR', funded: 10_000 });
    // The in-house studio's calls, signed with STUDIO_SECRET.
    const game = await studioCalls(app, player, { secret: studioSecret, gameCode: 'golden-reels' });
    const bet = { call: 'bet', status: 'RS_OK' };
    const betsBefore = await sampleValue('chrysos_wallet_call_duration_seconds_count', bet);
    const bookingsBefore = await sampleValue('chrysos_ledger_booking_duration_seconds_count', {
      path: 'grouped',
      outcome: 'booked',
    });
    expect((await game.bet(`metrics-bet-${player.id}`, 100)).status).toBe('RS_OK');
    expect(await sampleValue('chrysos_wallet_call_duration_seconds_count', bet)).toBe(betsBefore + 1);
    expect(
      await sampleValue('chrysos_ledger_booking_duration_seconds_count', {
        path: 'grouped',
        outcome: 'booked',
      }),
    ).toBe(bookingsBefore + 1);
    // The deposit that funded the player was a booking of its own statement.
    expect(
      await sampleValue('chrysos_ledger_booking_duration_seconds_count', {
        path: 'single',
        outcome: 'booked',
      }),
    ).toBeGreaterThan(0);
    // A refusal is timed under the status the studio was answered.
    const refused = { call: 'bet', status: 'RS_ERROR_NOT_ENOUGH_MONEY' };
    const refusedBefore = await sampleValue('chrysos_wallet_call_duration_seconds_count', refused);
    expect((await game.bet(`metrics-big-bet-${player.id}`, 1_000_000)).status).toBe(
      'RS_ERROR_NOT_ENOUGH_MONEY',
    );
    expect(await sampleValue('chrysos_wallet_call_duration_seconds_count', refused)).toBe(refusedBefore + 1);
  });

  it("shows each event handler's lag behind its stream and its failures, back to 0 once it has caught up", async () => {
    const lags = async () => {
      const { samples } = await scrape();
      const of = (name: string) =>
        samples
          .filter((sample) => sample.name === name)
          .map((sample) => `${sample.labels.handler} ${sample.labels.stream} ${sample.value}`)
          .sort();
      return { lag: of('chrysos_event_handler_lag_events'), failures: of('chrysos_event_handler_failures') };
    };
    const handlers = app.events.status().map(({ handler, stream }) => `${handler} ${stream}`);
    expect(handlers).toContain('test.metrics-held events');
    expect(handlers.some((handler) => handler.endsWith(' ledger'))).toBe(true);
    await app.events.publish(app.database.db, 'test.metrics_held', {});
    // Every handler is shown; the one that fails stays behind its row (and whatever the app publishes
    // after it meanwhile), the others pass it.
    await waitUntil(async () => {
      const { lag, failures } = await lags();
      const held = (row: string) => row.startsWith('test.metrics-held events ');
      expect(lag.filter((row) => !held(row))).toEqual(
        handlers
          .filter((handler) => !held(`${handler} `))
          .map((handler) => `${handler} 0`)
          .sort(),
      );
      expect(lag).toContainEqual(expect.stringMatching(/^test\.metrics-held events [1-9]/));
      expect(failures).toContainEqual(expect.stringMatching(/^test\.metrics-held events [1-9]/));
    });
    holding = false;
    await waitUntil(async () => {
      const { lag, failures } = await lags();
      expect(lag).toEqual(handlers.map((handler) => `${handler} 0`).sort());
      expect(failures).toEqual(handlers.map((handler) => `${handler} 0`).sort());
    });
  });

  it('counts the realtime connections this instance holds and the publications it sends', async () => {
    await app.listen({ host: '127.0.0.1', port: 0 });
    const { port } = app.server.address() as { port: number };
    const socket = new WebSocket(`ws://127.0.0.1:${port}/connection/websocket`);
    await waitUntil(async () => expect(await sampleValue('chrysos_realtime_connections')).toBe(1));
    socket.close();
    await waitUntil(async () => expect(await sampleValue('chrysos_realtime_connections')).toBe(0));

    // A bet's balance is pushed to the player's channel by an event handler.
    const before = await sampleValue('chrysos_realtime_publications_total');
    const player = await newPlayer(app, { currency: 'EUR', funded: 2_000 });
    const game = await studioCalls(app, player, { secret: studioSecret, gameCode: 'golden-reels' });
    expect((await game.bet(`metrics-pushed-bet-${player.id}`, 100)).status).toBe('RS_OK');
    await waitUntil(async () =>
      expect(await sampleValue('chrysos_realtime_publications_total')).toBeGreaterThan(before),
    );
  });

  it('counts job runs and shows the queues', async () => {
    const runs = { queue: 'realtime.prune', outcome: 'completed' };
    const before = await sampleValue('chrysos_job_runs_total', runs);
    await app.jobs.send('realtime.prune', {});
    await waitUntil(async () =>
      expect(await sampleValue('chrysos_job_runs_total', runs)).toBeGreaterThan(before),
    );
    const { samples } = await scrape();
    const queues = samples.filter((sample) => sample.name === 'chrysos_job_queue_jobs');
    expect(new Set(queues.map((sample) => sample.labels.state))).toEqual(
      new Set(['ready', 'deferred', 'active', 'failed']),
    );
    expect(queues.some((sample) => sample.labels.queue === 'wallet.audit-ledger')).toBe(true);
  });

  it("shows the last audit of the ledger's invariants", async () => {
    expect(await app.jobs.runNow('wallet.audit-ledger')).toBe(true);
    const { samples } = await scrape();
    const violations = samples.filter((sample) => sample.name === 'chrysos_ledger_audit_violations');
    expect(Object.fromEntries(violations.map((sample) => [sample.labels.check, sample.value]))).toEqual({
      drifting_accounts: 0,
      negative_accounts: 0,
      unbalanced_transactions: 0,
      nonzero_total: 0,
      bets_paid_and_refunded: 0,
    });
    expect(await sampleValue('chrysos_ledger_audit_timestamp_seconds')).toBeGreaterThan(0);
  });

  it('exports every metric the alert rules and the dashboard read, in an exposition promtool accepts', async () => {
    // Everything measured has happened once: a request, a booking, a job run, an audit.
    await app.inject({ url: '/healthz' });
    await newPlayer(app, { currency: 'EUR', funded: 1_000 });
    expect(await app.jobs.runNow('wallet.audit-ledger')).toBe(true);
    await app.jobs.send('realtime.prune', {});
    await waitUntil(async () =>
      expect(
        await sampleValue('chrysos_job_runs_total', { queue: 'realtime.prune', outcome: 'completed' }),
      ).toBeGreaterThan(0),
    );
    const { text, samples } = await scrape();
    // Prometheus's own parser and linter: 1 for an exposition it cannot read, 3 with its findings listed.
    // Of those, prom-client's defaults have three (gauges named `_total`); the product's metrics none.
    const checked = spawnSync('promtool', ['check', 'metrics'], { input: text, encoding: 'utf8' });
    expect(checked.error, 'promtool (Debian package prometheus) is installed').toBeUndefined();
    expect([0, 3]).toContain(checked.status);
    const findings = `${checked.stdout}${checked.stderr}`.split('\n').filter(Boolean);
    expect(findings.filter((finding) => !finding.startsWith('nodejs_'))).toEqual([]);

    const exported = new Set(samples.map((sample) => sample.name));
    const used = [...new Set(deployedQueries().flatMap(namesIn))].sort();
    expect(used.length).toBeGreaterThan(10);
    // PGlite is one connection in the process: no pool to measure.
    const pool = used.filter((name) => name.startsWith('chrysos_db_pool_'));
    expect(pool.length).toBeGreaterThan(0);
    expect(used.filter((name) => !exported.has(name))).toEqual(kind === 'pglite' ? pool : []);
  });
});
