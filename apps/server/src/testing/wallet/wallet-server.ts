import { buildApp } from '../../app.ts';
import { parseConfig } from '../../modules/config.ts';

/**
 * The API without the web app, in its own process, for the crash test: started, killed with
 * SIGKILL mid-load and started again on the same database. Prints "ready" once it listens.
 */
const config = parseConfig({ ...process.env, NODE_ENV: 'test' });
const app = await buildApp({ config, web: false, logger: false });
await app.listen({ host: '127.0.0.1', port: config.PORT });
process.stdout.write('ready\n');

// SIGTERM ends it cleanly (the crash test uses SIGKILL precisely to skip this).
process.once('SIGTERM', () => {
  void app.close().then(() => process.exit(0));
});
