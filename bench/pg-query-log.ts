/**
 * Preloaded into the product by bench/page-queries.ts (`--import`): appends the text of every query
 * the server sends to PostgreSQL to `PG_QUERY_LOG`, one line each.
 */
import { appendFileSync } from 'node:fs';
import { createRequire } from 'node:module';

const logFile = process.env.PG_QUERY_LOG;
// The server's own copy of pg, resolved from the server's package.
const pg = createRequire(new URL('../apps/server/package.json', import.meta.url))('pg');
const query = pg.Client.prototype.query;
pg.Client.prototype.query = function logged(config: unknown, ...rest: unknown[]) {
  const text = typeof config === 'string' ? config : (config as { text?: string } | undefined)?.text;
  if (logFile && text) appendFileSync(logFile, `${text.replace(/\s+/g, ' ').slice(0, 160)}\n`);
  return query.call(this, config, ...rest);
};
