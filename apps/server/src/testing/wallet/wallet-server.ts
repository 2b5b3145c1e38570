import { buildApp } from '../../app.ts';
import { parseConfig } from '../../modules/config.ts';
import { stopGracefully } from '../../platform/graceful-stop.ts';

/**
 * The API without the web app, in its own process, for the crash test: started, killed with
 * SIGKILL mid-load and started again on the same database. Prints "ready" once it listens.
 */
const config = parseConfig({ ...process.env, NODE_ENV: 'test' });
const app = await buildApp({ config, web: false, logger: false });
await app.listen({ host: '127.0.0.1', port: config.PORT });
process.stdout.write('ready\n');

// SIGTERM drains and ends it as a deployment's instance (the crash tests use SIGKILL to skip this).
stopGracefully(app);
