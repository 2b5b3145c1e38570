import cluster from 'node:cluster';
import { buildApp } from './app.ts';
import { SchemaBehind } from './deploy/schema-check.ts';
import { configOrExit } from './modules/config.ts';
import { stopGracefully } from './platform/graceful-stop.ts';
import { serveInProcesses } from './platform/processes.ts';

const config = configOrExit(process.env);

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

  stopGracefully(app);

  await app.listen({ host: config.HOST, port: config.PORT });
}
