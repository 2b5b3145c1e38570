import type { Server } from 'node:net';

/**
 * Caps the connections one client address holds at once (MAX_CONNECTIONS_PER_ADDRESS): one more is
 * closed as it opens, before a byte is read, so silent sockets from one client cannot fill the
 * process's MAX_CONNECTIONS and refuse everyone else (issue 31 item 7). Counts live in this process,
 * as the sockets do.
 */
export function capConnectionsPerAddress(server: Server, cap: number): void {
  const open = new Map<string, number>();
  server.on('connection', (socket) => {
    // An IPv4 client on a dual-stack socket reads ::ffff:a.b.c.d: the same client as a.b.c.d.
    const address = (socket.remoteAddress ?? '').replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/i, '');
    const held = open.get(address) ?? 0;
    if (held >= cap) {
      socket.destroy();
      return;
    }
    open.set(address, held + 1);
    socket.once('close', () => {
      const left = (open.get(address) ?? 1) - 1;
      if (left > 0) open.set(address, left);
      else open.delete(address);
    });
  });
}
