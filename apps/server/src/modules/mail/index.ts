import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { mailboxRoutes } from './mailbox-routes.ts';
import { Mailer } from './mailer.ts';

declare module 'fastify' {
  interface FastifyInstance {
    mailer: Mailer;
  }
}

/** Retries unsent emails every minute while the process runs. */
const retryEveryMs = 60_000;

async function mailPlugin(app: FastifyInstance): Promise<void> {
  const mailer = new Mailer(app.database.db, app.log, {
    smtpUrl: app.config.SMTP_URL,
    from: app.config.MAIL_FROM,
  });
  app.decorate('mailer', mailer);
  // Demo mode only: the emails as their recipients see them, on this machine.
  if (app.config.DEMO_MODE) await app.register(mailboxRoutes);
  if (mailer.delivers) {
    const timer = setInterval(() => void mailer.flush(), retryEveryMs);
    timer.unref();
    app.addHook('onReady', () => void mailer.flush());
    app.addHook('onClose', async () => {
      clearInterval(timer);
      await mailer.flush();
      mailer.close();
    });
  }
}

export default fp(mailPlugin, { name: 'mail', dependencies: ['config', 'database'] });
