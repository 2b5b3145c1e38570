import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { openTestDatabase } from '@chrysos/db/testing';
import { buildApp } from '@chrysos/server/app';
import { parseConfig } from '@chrysos/server/config';
import { WebSocketServer } from 'ws';

/**
 * The server side of bench/realtime.ts, in a process of its own so its memory is the server's alone: the
 * product (embedded PGlite, realtime served on /connection/websocket) and, when asked, a bare `ws` server
 * doing the same fan-out. A control port lets the benchmark read the memory and make publications.
 * Prints `ready <product port> <control port>`.
 */
const database = await openTestDatabase('pglite');
const app = await buildApp({
  // Every bench client is a visitor on 127.0.0.1: the per-address cap would refuse all but the first 50.
  config: parseConfig({
    NODE_ENV: 'test',
    MAX_CONNECTIONS: '100000',
    REALTIME_CONNECTIONS_PER_IP: '100000',
    LOG_LEVEL: 'warn',
  }),
  database,
  web: false,
  logger: false,
});
await app.listen({ host: '127.0.0.1', port: 0 });

let bare: WebSocketServer | undefined;
const win = (sent: number) => ({
  game_code: 'golden-reels',
  currency: 'EUR',
  amount_cents: 125_000,
  player: 'el***',
  at: new Date(sent).toISOString(),
});
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** One publication on public:wins as an event handler makes it: stored in its transaction, then fanned out. */
async function publish(n: number): Promise<void> {
  const effects: (() => unknown)[] = [];
  await app.database.db.transaction(async (tx) => {
    await app.realtime.publishToAll(
      { db: tx as never, afterCommit: (effect) => void effects.push(effect) },
      'wins',
      win(Date.now()),
      `bench:${n}`,
    );
  });
  for (const effect of effects) await effect();
}

const control = createServer(async (request, response) => {
  const url = new URL(request.url ?? '/', 'http://control');
  const count = Number(url.searchParams.get('count') ?? 1);
  const gapMs = Number(url.searchParams.get('gap') ?? 0);
  if (url.pathname === '/memory') {
    globalThis.gc?.();
    response.end(JSON.stringify(process.memoryUsage()));
  } else if (url.pathname === '/publish') {
    for (let n = 0; n < count; n++) {
      await publish(n);
      if (gapMs) await pause(gapMs);
    }
    response.end('{}');
  } else if (url.pathname === '/bare/start') {
    bare = new WebSocketServer({ host: '127.0.0.1', port: 0 });
    await new Promise((resolve) => bare?.once('listening', resolve));
    response.end(JSON.stringify({ port: (bare.address() as AddressInfo).port }));
  } else if (url.pathname === '/bare/publish') {
    for (let n = 0; n < count; n++) {
      // The same push frame a subscriber of ours receives, serialised once, sent to every client.
      const frame = JSON.stringify({
        push: { channel: 'public:wins', pub: { data: win(Date.now()), offset: n + 1 } },
      });
      for (const client of bare?.clients ?? []) client.send(frame);
      if (gapMs) await pause(gapMs);
    }
    response.end('{}');
  } else {
    response.writeHead(404).end();
  }
});
await new Promise<void>((resolve) => control.listen(0, '127.0.0.1', resolve));
console.log(`ready ${(app.server.address() as AddressInfo).port} ${(control.address() as AddressInfo).port}`);
