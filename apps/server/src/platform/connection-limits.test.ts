import net from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { parseConfig } from '../modules/config.ts';
import { buildTestApp } from '../testing/build-test-app.ts';
import { waitUntil } from '../testing/wait.ts';

type TestApp = Awaited<ReturnType<typeof buildTestApp>>;

/** A raw connection to the listening app: what it was sent back, and a promise of its end. */
function connect(port: number, localAddress = '127.0.0.1') {
  const socket = net.connect({ port, host: '127.0.0.1', localAddress });
  let received = '';
  socket.on('data', (chunk) => {
    received += chunk;
  });
  socket.on('error', () => {});
  const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
  const connected = new Promise<void>((resolve) => socket.once('connect', () => resolve()));
  return { socket, connected, closed, received: () => received };
}

/** A complete GET on a kept-alive connection; resolves with the status line once the answer is in. */
async function get(connection: ReturnType<typeof connect>, path: string) {
  await connection.connected;
  connection.socket.write(`GET ${path} HTTP/1.1\r\nHost: localhost\r\n\r\n`);
  await waitUntil(() => expect(connection.received()).toMatch(/\r\n\r\n/), { interval: 10 });
  return connection.received().split('\r\n')[0];
}

describe('one client cannot hold the server', () => {
  let app: TestApp | undefined;
  const open: net.Socket[] = [];
  afterEach(async () => {
    for (const socket of open.splice(0)) socket.destroy();
    await app?.closeAll();
    app = undefined;
  });

  async function listening(env: Record<string, string>) {
    app = await buildTestApp('pglite', env);
    await app.listen({ host: '127.0.0.1', port: 0 });
    const address = app.server.address();
    if (!address || typeof address === 'string') throw new Error('not listening');
    return address.port;
  }
  const track = (connection: ReturnType<typeof connect>) => {
    open.push(connection.socket);
    return connection;
  };

  it('has a request timeout and a connection cap unless told otherwise', () => {
    expect(parseConfig({})).toMatchObject({ REQUEST_TIMEOUT_SECONDS: 30, MAX_CONNECTIONS: 1000 });
    expect(() => parseConfig({ REQUEST_TIMEOUT_SECONDS: '0' })).toThrow(/REQUEST_TIMEOUT_SECONDS/);
    expect(() => parseConfig({ MAX_CONNECTIONS: 'many' })).toThrow(/MAX_CONNECTIONS/);
  });

  it('caps the connections of one address below MAX_CONNECTIONS, unless a trusted proxy connects', () => {
    expect(parseConfig({}).MAX_CONNECTIONS_PER_ADDRESS).toBe(100);
    expect(parseConfig({ MAX_CONNECTIONS: '50' }).MAX_CONNECTIONS_PER_ADDRESS).toBe(50);
    expect(parseConfig({ MAX_CONNECTIONS_PER_ADDRESS: '20' }).MAX_CONNECTIONS_PER_ADDRESS).toBe(20);
    // Behind a proxy every connection is the proxy's: the proxy caps each client (README).
    expect(parseConfig({ TRUST_PROXY: 'true' }).MAX_CONNECTIONS_PER_ADDRESS).toBe(1000);
    expect(() => parseConfig({ MAX_CONNECTIONS_PER_ADDRESS: '0' })).toThrow(/MAX_CONNECTIONS_PER_ADDRESS/);
    expect(() => parseConfig({ MAX_CONNECTIONS: '10', MAX_CONNECTIONS_PER_ADDRESS: '11' })).toThrow(
      /MAX_CONNECTIONS_PER_ADDRESS/,
    );
  });

  // Issue 31 item 7: 1,000 silent sockets from one address refused every other client.
  it('refuses one address past its cap while another address is still served', async () => {
    const port = await listening({ MAX_CONNECTIONS: '10', MAX_CONNECTIONS_PER_ADDRESS: '2' });
    const held = [track(connect(port)), track(connect(port))];
    for (const connection of held) expect(await get(connection, '/healthz')).toBe('HTTP/1.1 200 OK');

    const refused = track(connect(port));
    await refused.closed;
    expect(refused.received()).toBe('');

    // 127.0.0.2 is another loopback address: another client.
    const other = track(connect(port, '127.0.0.2'));
    expect(await get(other, '/healthz')).toBe('HTTP/1.1 200 OK');
    // The capped address is served again once one of its connections closes.
    held[0]?.socket.destroy();
    await waitUntil(
      async () => {
        const next = track(connect(port));
        expect(await Promise.race([get(next, '/healthz'), next.closed.then(() => 'closed')])).toBe(
          'HTTP/1.1 200 OK',
        );
      },
      { interval: 50 },
    );
  });

  it('answers 408 and closes a connection that trickles a declared body, and one that sends nothing', async () => {
    const port = await listening({ REQUEST_TIMEOUT_SECONDS: '1' });
    const trickling = track(connect(port));
    await trickling.connected;
    trickling.socket.write(
      'POST /api/send_contact_message HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n' +
        'Content-Length: 100000\r\n\r\n{"name":"',
    );
    let sent = 0;
    const drip = setInterval(() => {
      if (trickling.socket.writable) trickling.socket.write('x', () => sent++);
    }, 50);
    const silent = track(connect(port));

    await Promise.all([trickling.closed, silent.closed]);
    clearInterval(drip);
    expect(trickling.received()).toMatch(/^HTTP\/1\.1 408 /);
    expect(silent.received()).toMatch(/^HTTP\/1\.1 408 /);
    expect(sent).toBeLessThan(100_000);
  });

  it('refuses connections beyond MAX_CONNECTIONS and takes new ones once some close', async () => {
    const port = await listening({ MAX_CONNECTIONS: '3' });
    const held = [track(connect(port)), track(connect(port)), track(connect(port))];
    for (const connection of held) expect(await get(connection, '/healthz')).toBe('HTTP/1.1 200 OK');

    const refused = track(connect(port));
    await refused.closed;
    expect(refused.received()).toBe('');

    held[0]?.socket.destroy();
    await waitUntil(
      async () => {
        const next = track(connect(port));
        expect(await Promise.race([get(next, '/healthz'), next.closed.then(() => 'closed')])).toBe(
          'HTTP/1.1 200 OK',
        );
      },
      { interval: 50 },
    );
    // The connections that stayed open still answer.
    expect(await get(held[1] as ReturnType<typeof connect>, '/readyz')).toMatch(/^HTTP\/1\.1 200 /);
  });
});
