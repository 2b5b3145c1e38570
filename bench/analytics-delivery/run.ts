import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { analyticsOperatorApi } from '@chrysos/contract';
import { openTestDatabase } from '@chrysos/db/testing';
import { build } from 'esbuild';
import type { Browser, Request, Route } from 'playwright-core';
import { launchBrowser } from '../../e2e/browser.ts';
import { apiAt } from '../../e2e/harness/api.ts';
import { startProduct } from '../../e2e/server.ts';

/**
 * Every event of a visit delivered once across full page loads (issue 37): in Chromium, 100
 * navigations, each a page that hands the product's analytics client (page.ts) 10 events and leaves at
 * once, against the product's own ingest: once as it answers, once with the ingest refusing its first
 * deliveries with 503, as one being deployed would. Prints what the ingest stored against what was
 * sent: lost, duplicated, deliveries made and refused, and how long the last events took to arrive.
 * With DATABASE_URL on a fresh PostgreSQL database, else embedded PGlite. It never passes or fails.
 *   node bench/analytics-delivery/run.ts [--navigations 100] [--events 10] [--refuse 3]
 */
const argument = (name: string, fallback: number) => {
  const index = process.argv.indexOf(`--${name}`);
  return index > 0 ? Number(process.argv[index + 1]) : fallback;
};
const navigations = argument('navigations', 100);
const perPage = argument('events', 10);
const refuse = argument('refuse', 3);
const writeKey = `delivery-bench-${randomUUID().slice(0, 8)}`;
const operatorToken = `delivery-bench-operator-${randomUUID()}`;

const bundle = await build({
  entryPoints: [fileURLToPath(new URL('./page.ts', import.meta.url))],
  bundle: true,
  write: false,
  format: 'esm',
  platform: 'browser',
  target: 'es2022',
  minify: true,
});
const script = bundle.outputFiles[0]?.text.replaceAll('</script', '<\\/script') ?? '';
const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Delivery bench</title></head>
<body><script>window.deliveryBench = ${JSON.stringify({ writeKey, state: 'starting' })}</script>
<script type="module">${script}</script></body></html>`;

/** What page.ts puts on the page's window. */
interface BenchWindow {
  deliveryBench: { state: 'starting' | 'sent' | 'failed'; visit?: (from: number, count: number) => void };
}

interface Run {
  name: string;
  sent: number;
  stored: number;
  lost: number;
  duplicated: number;
  deliveries: number;
  refused: number;
  visitSeconds: number;
  lastArrivedSeconds: number;
}

type Navigation = 'in the page' | 'full page loads';

async function visit(
  browser: Browser,
  baseUrl: string,
  navigation: Navigation,
  refuseFirst: number,
): Promise<Run> {
  const name = `${navigation}, ${refuseFirst > 0 ? `the first ${refuseFirst} deliveries refused (503)` : 'the ingest answers'}`;
  const operator = apiAt(baseUrl, { authorization: `Bearer ${operatorToken}` });
  const context = await browser.newContext();
  // The bench's page, served as one of the site's own: the client posts to the product's ingest.
  await context.route(`${baseUrl}/bench/analytics-delivery**`, (route) =>
    route.fulfill({ contentType: 'text/html; charset=utf-8', body: html }),
  );
  // Deliveries are counted as the browser makes them; refused ones are answered 503 by the browser's
  // own interception, which is lifted once it refused its share: Playwright's interception of a
  // keepalive request from a page that has gone would otherwise stand between it and the ingest.
  let deliveries = 0;
  let refused = 0;
  const isDelivery = (request: Request) =>
    request.method() === 'POST' && /\/analytics\/v1\/(?!m$)\w+$/.test(new URL(request.url()).pathname);
  context.on('request', (request) => {
    if (isDelivery(request)) deliveries += 1;
  });
  if (refuseFirst > 0) {
    const refusing = async (route: Route) => {
      if (!isDelivery(route.request()) || refused >= refuseFirst) {
        await route.fallback();
        return;
      }
      refused += 1;
      await route.fulfill({ status: 503, body: '' });
      if (refused === refuseFirst) await context.unroute('**/analytics/v1/**', refusing);
    };
    await context.route('**/analytics/v1/**', refusing);
  }
  const page = await context.newPage();
  const open = async (from: number, count: number) => {
    await page.goto(`${baseUrl}/bench/analytics-delivery?from=${from}&count=${count}`);
    const state = await page.waitForFunction(
      () =>
        (window as unknown as BenchWindow).deliveryBench.state !== 'starting' &&
        (window as unknown as BenchWindow).deliveryBench.state,
    );
    if ((await state.jsonValue()) !== 'sent') throw new Error('the analytics client did not start');
  };
  const started = performance.now();
  if (navigation === 'full page loads') {
    for (let n = 0; n < navigations; n++) await open(n * perPage, perPage);
  } else {
    await open(0, perPage);
    for (let n = 1; n < navigations; n++) {
      await page.evaluate(
        ({ from, count }) => (window as unknown as BenchWindow).deliveryBench.visit?.(from, count),
        { from: n * perPage, count: perPage },
      );
    }
  }
  const visitSeconds = (performance.now() - started) / 1000;
  // The visitor stays on a page that sends nothing of its own: its library carries on what is queued.
  if (navigation === 'full page loads') await open(0, 0);
  const anonymousId = await page.evaluate(() => {
    const found = /(?:^|; )ajs_anonymous_id=([^;]+)/.exec(document.cookie);
    return found ? decodeURIComponent(found[1] ?? '').replaceAll('"', '') : '';
  });
  const sent = navigations * perPage;
  const read = async () => {
    const events = await operator(analyticsOperatorApi.events, {
      query: { anonymous_id: anonymousId, limit: 1000 },
    });
    if (!events.ok) throw new Error(`reading the events: ${events.status}`);
    return events.body.filter((event) => event.source === 'web');
  };
  // Until everything is in, or nothing more arrived for 30 s (the library's retries back off to 5 s).
  let stored = await read();
  let lastGrowth = performance.now();
  while (stored.length < sent && performance.now() - lastGrowth < 30_000) {
    await new Promise((resolve) => setTimeout(resolve, 250));
    const now = await read();
    if (now.length > stored.length) lastGrowth = performance.now();
    stored = now;
  }
  const lastArrivedSeconds = (lastGrowth - started) / 1000 - visitSeconds;
  const seqs = stored.map((event) => Number((event.properties as { seq?: number } | null)?.seq));
  const distinct = new Set(seqs);
  const missing = Array.from({ length: sent }, (_, seq) => seq).filter((seq) => !distinct.has(seq));
  if (missing.length > 0) console.log(`${name}: not stored ${missing.join(' ')}`);
  await context.close();
  return {
    name,
    sent,
    stored: stored.length,
    lost: sent - distinct.size,
    duplicated: stored.length - distinct.size,
    deliveries,
    refused,
    visitSeconds,
    lastArrivedSeconds: Math.max(0, lastArrivedSeconds),
  };
}

const database = process.env.DATABASE_URL ? await openTestDatabase('postgres') : undefined;
const product = await startProduct({
  env: {
    ...(database?.url ? { DATABASE_URL: database.url } : {}),
    ANALYTICS_WRITE_KEY: writeKey,
    OPERATOR_API_TOKEN: operatorToken,
  },
});
const browser = await launchBrowser();
try {
  const runs: Run[] = [];
  for (const navigation of ['in the page', 'full page loads'] as const) {
    for (const refuseFirst of [0, refuse])
      runs.push(await visit(browser, product.url, navigation, refuseFirst));
  }
  console.log(
    `\n${navigations} navigations × ${perPage} events, Chromium, ${database ? 'PostgreSQL' : 'PGlite'}\n`,
  );
  console.table(
    runs.map((run) => ({
      run: run.name,
      sent: run.sent,
      stored: run.stored,
      lost: run.lost,
      duplicated: run.duplicated,
      deliveries: run.deliveries,
      refused: run.refused,
      'visit s': run.visitSeconds.toFixed(1),
      'last arrived s after': run.lastArrivedSeconds.toFixed(1),
    })),
  );
  console.log(
    'target (issue 37): 0 lost and 0 duplicated over 1,000 events across 100 navigations, 503s included.',
  );
} finally {
  await browser.close();
  await product.stop();
  await database?.close();
}
