import closeWithGrace from 'close-with-grace';
import type { FastifyInstance } from 'fastify';

/**
 * On SIGTERM/SIGINT: readiness fails first (/readyz 503 "draining") and the balancer has DRAIN_SECONDS to
 * notice while the instance still serves; then it stops accepting, finishes what is in flight, closes its
 * realtime sockets with Centrifugo's reconnect advice (realtime/hub.ts) and the database. Past
 * SHUTDOWN_TIMEOUT_SECONDS the process exits whatever is left.
 */
export function stopGracefully(app: FastifyInstance): void {
  const { DRAIN_SECONDS, SHUTDOWN_TIMEOUT_SECONDS } = app.config;
  closeWithGrace({ delay: SHUTDOWN_TIMEOUT_SECONDS * 1000 }, async ({ signal, err }) => {
    if (err) app.log.error({ err }, 'shutting down after an error');
    else app.log.info({ signal, drainSeconds: DRAIN_SECONDS }, 'draining, then shutting down');
    app.startDraining();
    if (!err) await new Promise((resolve) => setTimeout(resolve, DRAIN_SECONDS * 1000));
    await app.close();
  });
}
