import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { WebSocket } from 'ws';

/**
 * Realtime push (the Centrifugo client protocol served by the product, docs/decisions realtime): how
 * many idle connections one instance holds and the memory each costs (target ≥ 10,000), then the
 * latency p50/p99 of a publication fanned out to 5,000 subscribers of one channel (target p99 ≤ 100 ms)
 * and the deliveries per second of a burst, next to a bare `ws` server doing the same fan-out in the
 * same run (target ≥ 70 % of its throughput). The server runs in a process of its own (embedded PGlite;
 * each publication is stored in the channel's history); the clients here speak the protocol's JSON
 * over plain `ws` sockets, as the official client does. Prints figures; never passes or fails.
 *   node bench/realtime.ts [--idle 10000] [--subscribers 5000] [--burst 100]
 */
const argument = (name: string, fallback: string) => {
  const index = process.argv.indexOf(`--${name}`);
  return index > 0 ? (process.argv[index + 1] ?? fallback) : fallback;
};
const idleTarget = Number(argument('idle', '10000'));
const subscriberCount = Number(argument('subscribers', '5000'));
const burst = Number(argument('burst', '100'));
const latencyPublications = 30;

const server = spawn(
  process.execPath,
  ['--expose-gc', fileURLToPath(new URL('./realtime-server.ts', import.meta.url))],
  {
    stdio: ['ignore', 'pipe', 'inherit'],
  },
);
const [productPort, controlPort] = await new Promise<[number, number]>((resolve, reject) => {
  let output = '';
  server.stdout.on('data', (chunk) => {
    output += chunk;
    const ready = /ready (\d+) (\d+)/.exec(output);
    if (ready) resolve([Number(ready[1]), Number(ready[2])]);
  });
  server.once('exit', (code) => reject(new Error(`the server exited (${code}) before it was ready`)));
});
const control = async (path: string) =>
  (await fetch(`http://127.0.0.1:${controlPort}${path}`, { method: 'POST' })).json();

interface Client {
  socket: WebSocket;
  received: number;
}
/** Deliveries seen: the milliseconds from publication to receipt (latency phases), and counts (bursts). */
let latencies: number[] = [];
let recording = false;

/** Opens a connection; `commands` are sent once it is open, and it resolves when each got its reply. */
function open(url: string, commands: Record<string, unknown>[]): Promise<Client> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(url, { perMessageDeflate: false });
    const client: Client = { socket, received: 0 };
    let replies = 0;
    socket.on('open', () => {
      if (commands.length === 0) resolve(client);
      else socket.send(commands.map((command) => JSON.stringify(command)).join('\n'));
    });
    socket.on('message', (data) => {
      const text = data.toString();
      if (text === '{}') {
        socket.send('{}');
        return;
      }
      for (const line of text.split('\n')) {
        if (line.startsWith('{"id"')) {
          if (++replies === commands.length) resolve(client);
          continue;
        }
        client.received++;
        if (recording) {
          const at = /"at":"([^"]+)"/.exec(line)?.[1];
          if (at) latencies.push(Date.now() - Date.parse(at));
        }
      }
    });
    socket.once('error', reject);
  });
}

async function openMany(count: number, url: string, commands: Record<string, unknown>[]): Promise<Client[]> {
  const clients: Client[] = [];
  for (let start = 0; start < count; start += 500) {
    const batch = Array.from({ length: Math.min(500, count - start) }, () => open(url, commands));
    clients.push(...(await Promise.all(batch)));
  }
  return clients;
}

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
};

/** Latency over spaced publications, then deliveries per second of a burst, for one server. */
async function fanOut(clients: Client[], publishPath: string) {
  latencies = [];
  recording = true;
  await control(`${publishPath}?count=${latencyPublications}&gap=100`);
  await waitFor(() => latencies.length >= clients.length * latencyPublications);
  recording = false;
  const measured = latencies;
  for (const client of clients) client.received = 0;
  const started = performance.now();
  await control(`${publishPath}?count=${burst}&gap=0`);
  await waitFor(() => clients.every((client) => client.received >= burst));
  const seconds = (performance.now() - started) / 1000;
  return {
    p50: percentile(measured, 50),
    p99: percentile(measured, 99),
    deliveriesPerSecond: (clients.length * burst) / seconds,
  };
}

async function waitFor(done: () => boolean, timeoutMs = 120_000) {
  const until = Date.now() + timeoutMs;
  while (!done()) {
    if (Date.now() > until) throw new Error('timed out waiting for deliveries');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

const productUrl = `ws://127.0.0.1:${productPort}/connection/websocket`;
const before = (await control('/memory')) as NodeJS.MemoryUsage;
const idle = await openMany(idleTarget, productUrl, [{ id: 1, connect: {} }]);
const held = (await control('/memory')) as NodeJS.MemoryUsage;
const perConnection = (field: keyof NodeJS.MemoryUsage) =>
  ((held[field] - before[field]) / idle.length / 1024).toFixed(1);
console.log(`realtime: ${idle.length} idle connections held on one instance (target ≥ 10,000)`);
console.log(
  `  memory per connection: ${perConnection('rss')} KiB RSS, ${perConnection('heapUsed')} KiB heap (RSS ${(held.rss / 2 ** 20).toFixed(0)} MiB in all)`,
);

// 5,000 of them subscribe to one public channel: each publication goes to all of them.
const subscribers = idle.slice(0, subscriberCount);
await Promise.all(
  subscribers.map(
    (client) =>
      new Promise<void>((resolve) => {
        const onReply = (data: Buffer) => {
          if (data.toString().startsWith('{"id":2')) {
            client.socket.off('message', onReply);
            resolve();
          }
        };
        client.socket.on('message', onReply);
        client.socket.send(JSON.stringify({ id: 2, subscribe: { channel: 'public:wins' } }));
      }),
  ),
);
const ours = await fanOut(subscribers, '/publish');
for (const client of idle) client.socket.terminate();

const { port: barePort } = (await control('/bare/start')) as { port: number };
const bareClients = await openMany(subscriberCount, `ws://127.0.0.1:${barePort}`, []);
const baseline = await fanOut(bareClients, '/bare/publish');
for (const client of bareClients) client.socket.terminate();

const row = (name: string, figures: typeof ours) =>
  `  ${name.padEnd(28)} p50 ${figures.p50.toFixed(0).padStart(4)} ms   p99 ${figures.p99.toFixed(0).padStart(4)} ms   ${Math.round(figures.deliveriesPerSecond).toLocaleString('en').padStart(10)} deliveries/s`;
console.log(
  `realtime: fan-out of one publication to ${subscriberCount} subscribers (${latencyPublications} spaced publications; a burst of ${burst})`,
);
console.log(row('product (stored + pushed)', ours));
console.log(row('bare ws server (baseline)', baseline));
console.log(
  `  throughput: ${((ours.deliveriesPerSecond / baseline.deliveriesPerSecond) * 100).toFixed(0)} % of the bare ws server (target ≥ 70 %); p99 target ≤ 100 ms`,
);
server.kill();
process.exit(0);
