import { createDatabase } from '@chrysos/db';
import pino from 'pino';
import { runDeploySteps } from './deploy/deploy-steps.ts';
import { configOrExit } from './modules/config.ts';

/**
 * `npm run migrate`: a deploy's one-off step, run before the release's instances start (a compose
 * service, a Kubernetes Job): migrations, reference data, content seed, the studio's titles, under one
 * advisory lock (deploy/deploy-steps.ts). Exits 0 when the database is ready for the release.
 */
const config = configOrExit(process.env);

const log = pino({ level: config.LOG_LEVEL });
const database = await createDatabase({
  url: config.DATABASE_URL,
  dataDir: `${config.DATA_DIR}/pglite`,
  poolSize: 2,
});
try {
  await runDeploySteps(database, config, log);
} catch (error) {
  log.error({ err: error }, 'the deploy steps failed; the database is as the last finished step left it');
  process.exitCode = 1;
} finally {
  await database.close();
}
