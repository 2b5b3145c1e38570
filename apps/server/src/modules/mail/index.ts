import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { defineMailJobs } from './jobs.ts';
import { mailboxRoutes } from './mailbox-routes.ts';
import { Mailer } from './mailer.ts';

async function mailPlugin(app: FastifyInstance): Promise<void> {
  const mailer = new Mailer(app.database.db, app.jobs, app.log, {
    smtpUrl: app.config.SMTP_URL,
    from: app.config.MAIL_FROM,
  });
  app.decorate('mailer', mailer);
  // Demo mode only: the emails as their recipients see them, on this machine.
  if (app.config.DEMO_MODE) await app.register(mailboxRoutes);
  // Defined without SMTP too (they then do nothing), so the minute's schedule always has a worker.
  defineMailJobs(app, mailer);
  // The jobs have finished by now (the queue drains before any onClose hook).
  app.addHook('onClose', async () => mailer.close());
}

export default fp(mailPlugin, { name: 'mail', dependencies: ['config', 'database', 'jobs'] });
