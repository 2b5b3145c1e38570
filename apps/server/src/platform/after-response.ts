import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Runs work that must neither delay an answer nor show in its timing (emails, affiliate calls):
     * failures are logged, and the server waits for pending work before it closes.
     */
    afterResponse(what: string, work: () => Promise<unknown>): void;
    /** Resolves once every piece of work started so far has finished. */
    afterResponseSettled(): Promise<void>;
  }
}

async function afterResponsePlugin(app: FastifyInstance): Promise<void> {
  const pending = new Set<Promise<void>>();
  app.decorate('afterResponse', (what: string, work: () => Promise<unknown>) => {
    const running: Promise<void> = new Promise<void>((resolve) => setImmediate(resolve))
      .then(work)
      .then(
        () => undefined,
        (error: unknown) => app.log.error({ err: error }, `${what} failed`),
      )
      .finally(() => pending.delete(running));
    pending.add(running);
  });
  const settled = async () => {
    while (pending.size > 0) await Promise.all(pending);
  };
  app.decorate('afterResponseSettled', settled);
  app.addHook('onClose', settled);
}

export default fp(afterResponsePlugin, { name: 'after-response' });
