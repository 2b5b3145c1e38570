import { connect, type Socket } from 'node:net';
import { Centrifuge } from 'centrifuge';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { patience } from './browser.ts';
import { browserAgent, createPlayer, uniqueAddress } from './harness/players.ts';
import { type RunningProduct, startProduct } from './server.ts';

/**
 * A graceful stop as a load balancer sees it (issue 34): on SIGTERM the instance first says it is not
 * ready while it still serves (DRAIN_SECONDS, for the balancer to notice), then stops accepting,
 * finishes the request in flight, closes its realtime sockets with Centrifugo's reconnect advice
 * (disconnect 3001, "shutdown": the official client reconnects, to another instance) and exits 0.
 */
describe('a graceful stop', () => {
  let product: RunningProduct;
  const password = 'Lantern-Harbour-58';
  const email = uniqueAddress('drain');
  const signInBody = JSON.stringify({ user: { email, password } });

  beforeAll(async () => {
    product = await startProduct({ env: { DRAIN_SECONDS: '3' } });
    await createPlayer(product.url, { email, password, language: 'en' });
  });
  afterAll(() => product?.kill());

  /** A sign-in sent up to half its body: the request is under way when the stop begins. */
  function halfSentSignIn(): { socket: Socket; answer: Promise<string>; finish: () => void } {
    const { port } = new URL(product.url);
    const socket = connect(Number(port), '127.0.0.1');
    let received = '';
    const answer = new Promise<string>((resolve, reject) => {
      socket.on('data', (chunk) => {
        received += chunk;
      });
      socket.on('end', () => resolve(received));
      socket.on('error', reject);
    });
    const half = Math.floor(signInBody.length / 2);
    socket.write(
      [
        'POST /api/users/sign_in HTTP/1.1',
        `Host: 127.0.0.1:${port}`,
        'Content-Type: application/json',
        `User-Agent: ${browserAgent}`,
        `Content-Length: ${Buffer.byteLength(signInBody)}`,
        'Connection: close',
        '',
        signInBody.slice(0, half),
      ].join('\r\n'),
    );
    return { socket, answer, finish: () => socket.write(signInBody.slice(half)) };
  }

  it('fails readiness, serves through the drain, finishes a request in flight, closes sockets to reconnect, exits 0', async () => {
    // A player's realtime connection, through the official client.
    const signedIn = await fetch(`${product.url}/api/users/sign_in`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'user-agent': browserAgent },
      body: signInBody,
    });
    const cookie = signedIn.headers.get('set-cookie')?.split(';')[0] ?? '';
    const settings = await fetch(`${product.url}/api/player/settings`, { headers: { cookie } });
    const { cent } = (await settings.json()) as { cent: { url: string; token: string } };
    const client = new Centrifuge(cent.url, { token: cent.token, minReconnectDelay: 60_000 });
    const reconnecting: { code: number; reason: string }[] = [];
    client.on('connecting', ({ code, reason }) => reconnecting.push({ code, reason }));
    client.connect();
    await client.ready(patience);

    const inFlight = halfSentSignIn();
    process.kill(product.pid, 'SIGTERM');

    // Not ready, and still serving: the balancer takes it out while nothing is refused.
    await vi.waitFor(
      async () => {
        const ready = await fetch(`${product.url}/readyz`);
        expect(ready.status).toBe(503);
        expect(await ready.json()).toEqual({ status: 'draining', database: 'up' });
      },
      { timeout: patience, interval: 50 },
    );
    expect((await fetch(`${product.url}/healthz`)).status).toBe(200);

    // Then it stops accepting, but the request it had begun is answered in full.
    await vi.waitFor(() => expect(fetch(`${product.url}/healthz`)).rejects.toThrow(), {
      timeout: patience,
      interval: 50,
    });
    inFlight.finish();
    const answer = await inFlight.answer;
    expect(answer).toMatch(/^HTTP\/1\.1 200 /);
    expect(answer).toContain(`"email":"${email}"`);

    await vi.waitFor(() => expect(reconnecting).toContainEqual({ code: 3001, reason: 'shutdown' }), {
      timeout: patience,
    });
    client.disconnect();
    expect(await product.stop()).toBe(0);
  });
});
