import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import { infoApi, urlOf } from '@chrysos/contract';
import autocannon from 'autocannon';
import { startProduct } from '../e2e/server.ts';

/**
 * Throughput and latency of the built product's hot paths next to a bare Fastify route measured in
 * the same run. Prints figures; it never passes or fails on them.
 *   node bench/http.ts [--duration 10] [--connections 50]
 */
const argument = (name: string, fallback: number) => {
  const index = process.argv.indexOf(`--${name}`);
  return index > 0 ? Number(process.argv[index + 1]) : fallback;
};
const duration = argument('duration', 10);
const connections = argument('connections', 50);

async function startBaseline() {
  const child = spawn(process.execPath, [fileURLToPath(new URL('./baseline-server.ts', import.meta.url))], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const [chunk] = (await once(child.stdout, 'data')) as [Buffer];
  return { url: `http://127.0.0.1:${chunk.toString().trim()}`, stop: () => child.kill('SIGTERM') };
}

interface Figures {
  name: string;
  requestsPerSecond: number;
  p50: number;
  p99: number;
  bytesPerRequest: number;
  errors: number;
}

async function measure(name: string, url: string): Promise<Figures> {
  // A short warm-up so the JIT and caches are in the state a running server is in.
  await autocannon({ url, connections, duration: 2 });
  const result = await autocannon({ url, connections, duration });
  return {
    name,
    requestsPerSecond: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    bytesPerRequest: result.throughput.total / Math.max(1, result.requests.total),
    errors: result.errors + result.non2xx,
  };
}

const baseline = await startBaseline();
const product = await startProduct();
try {
  const rows = [
    await measure('baseline: bare Fastify GET /', `${baseline.url}/`),
    await measure('GET /api/info/currencies', `${product.url}${urlOf(infoApi.currencies)}`),
    await measure('GET / (SSR home, en)', `${product.url}/`),
    await measure('GET /el (SSR home, el)', `${product.url}/el`),
  ];
  const base = rows[0]?.requestsPerSecond ?? 1;
  console.log(`\n${connections} connections, ${duration} s per target, Node ${process.version}\n`);
  console.table(
    rows.map((row) => ({
      target: row.name,
      'req/s': Math.round(row.requestsPerSecond),
      'p50 ms': row.p50,
      'p99 ms': row.p99,
      'bytes/req': Math.round(row.bytesPerRequest),
      'vs baseline': `${(row.requestsPerSecond / base).toFixed(3)}×`,
      errors: row.errors,
    })),
  );
} finally {
  baseline.stop();
  await product.stop();
}
