import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { buildApp } from '@chrysos/server/app';
import { parseConfig } from '@chrysos/server/config';

/**
 * What a product costs while nobody uses it, on embedded PGlite (where every look at an event stream is
 * a query in the server's own thread): CPU milliseconds per second of an app that has started and
 * settled, with the event bus looking at every stream each `pollMs` (the baseline, `quietPollMs` equal
 * to it) and with quiet streams looked at less and less often (the default). The two alternate for a few
 * rounds in one process and one database. A test run keeps several products up; a deployment keeps
 * instances up all night. Prints figures; never passes or fails.
 *   node bench/idle.ts [--seconds 20] [--rounds 2]
 */
const argument = (name: string, fallback: string) => {
  const index = process.argv.indexOf(`--${name}`);
  return index > 0 ? (process.argv[index + 1] ?? fallback) : fallback;
};
const seconds = Number(argument('seconds', '20'));
const rounds = Number(argument('rounds', '2'));
const settleMs = 5_000;

const dataDir = mkdtempSync(path.join(tmpdir(), 'bench-idle-'));
const config = parseConfig({
  NODE_ENV: 'production',
  DATA_DIR: dataDir,
  PUBLIC_URL: 'http://localhost:3000',
});
const variants = { 'every 100 ms (baseline)': { quietPollMs: 100 }, 'quiet back-off (default)': {} };

/** CPU ms per wall second of an idle app built with these event bus options. */
async function idleCost(events: { quietPollMs?: number }): Promise<number> {
  const app = await buildApp({ config, web: false, logger: false, events });
  await app.ready();
  await sleep(settleMs);
  const before = process.cpuUsage();
  const started = performance.now();
  await sleep(seconds * 1000);
  const used = process.cpuUsage(before);
  const elapsed = (performance.now() - started) / 1000;
  await app.close();
  return (used.user + used.system) / 1000 / elapsed;
}

const results = new Map<string, number[]>(Object.keys(variants).map((name) => [name, []]));
try {
  for (let round = 0; round < rounds; round++) {
    for (const [name, events] of Object.entries(variants)) results.get(name)?.push(await idleCost(events));
  }
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}

console.log(
  `idle product on PGlite, ${seconds} s after a ${settleMs / 1000} s settle, ${rounds} rounds each`,
);
for (const [name, costs] of results) {
  const figures = costs.map((cost) => cost.toFixed(1)).join(', ');
  const median = [...costs].sort((a, b) => a - b)[Math.floor(costs.length / 2)] ?? 0;
  console.log(
    `  ${name.padEnd(26)} ${median.toFixed(1)} CPU ms/s (${(median / 10).toFixed(1)} % of a core; ${figures})`,
  );
}
