import cluster from 'node:cluster';
import closeWithGrace from 'close-with-grace';
import { buildApp } from './app.ts';
import { SchemaBehind } from './deploy/schema-check.ts';
import { ConfigError, parseConfig } from './modules/config.ts';
import { serveInProcesses } from './platform/processes.ts';

let config: ReturnType<typeof parseConfig>;
try {
  config = parseConfig(process.env);
} catch (error) {
  if (!(error instanceof ConfigError)) throw error;
  console.error(error.message);
  process.exit(1);
}

if (cluster.isPrimary && config.SERVER_PROCESSES > 1) {
  // Several processes on one machine (SERVER_PROCESSES): this one only starts and watches them.
  await serveInProcesses(config.SERVER_PROCESSES);
} else {
  await serve();
}

async function serve() {
  // On a deployment's PostgreSQL the deploy steps ran apart, once (`npm run migrate`): this instance
  // only checks the schema. Embedded PGlite belongs to this process, which does everything (`npm start`).
  const app = await buildApp({ config, deploySteps: config.DATABASE_URL ? 'check' : 'run' }).catch(
    (error) => {
      if (!(error instanceof SchemaBehind)) throw error;
      console.error(error.message);
      process.exit(1);
    },
  );

  // On SIGTERM/SIGINT: readiness fails first and the balancer has DRAIN_SECONDS to notice, then the
  // server stops accepting, finishes what is in flight, closes its sockets with Centrifugo's reconnect
  // advice (realtime/hub.ts) and the database; past SHUTDOWN_TIMEOUT_SECONDS the process exits anyway.
  closeWithGrace({ delay: config.SHUTDOWN_TIMEOUT_SECONDS * 1000 }, async ({ signal, err }) => {
    if (err) app.log.error({ err }, 'shutting down after an error');
    else app.log.info({ signal, drainSeconds: config.DRAIN_SECONDS }, 'draining, then shutting down');
    app.startDraining();
    if (!err) await new Promise((resolve) => setTimeout(resolve, config.DRAIN_SECONDS * 1000));
    await app.close();
  });

  await app.listen({ host: config.HOST, port: config.PORT });
}
