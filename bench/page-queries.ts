import { readFileSync, writeFileSync } from 'node:fs';
import { setTimeout as delay } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { openTestDatabase } from '@chrysos/db/testing';
import { startProduct } from '../e2e/server.ts';

/**
 * The queries one page request sends to PostgreSQL, for a signed-in player (decision 42): each round
 * trip costs a socket write and a read, so a page's count is the first thing to cut.
 *
 *   DATABASE_URL=postgres://… node bench/page-queries.ts [/path,/other-path]
 *
 * The product's own background work (event handlers, jobs) is left out of the list.
 */
const paths = (process.argv[2] ?? '/').split(',');
const log = '/tmp/chrysos-page-queries.log';
const background = /event_handler_positions|pgboss|advisory|max\(id\), 0\) as head|^(begin|commit)$/;
const browserAgent =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36';

const database = await openTestDatabase('postgres');
const product = await startProduct({
  env: {
    DATABASE_URL: database.url ?? '',
    PG_QUERY_LOG: log,
    NODE_OPTIONS: `--import ${fileURLToPath(new URL('./pg-query-log.ts', import.meta.url))}`,
  },
});
try {
  const signUp = await fetch(`${product.url}/api/users`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'user-agent': browserAgent,
      'x-forwarded-for': '10.78.0.2',
    },
    body: JSON.stringify({
      user: {
        email: `queries-${Date.now().toString(36)}@example.gr`,
        password: 'Lantern-Harbour-58',
        country: 'GR',
        terms_acceptance: true,
        age_acceptance: true,
      },
    }),
  });
  if (!signUp.ok) throw new Error(`sign-up failed: ${signUp.status}`);
  const cookie = `i18n_redirected=en; ${(signUp.headers.get('set-cookie') ?? '').split(';')[0] ?? ''}`;
  const headers = { cookie, 'user-agent': browserAgent };
  for (const path of paths) {
    // Once to warm the caches, then the sign-up's handlers are left to finish before the counted request.
    await (await fetch(`${product.url}${path}`, { headers })).text();
    await delay(3_000);
    writeFileSync(log, '');
    const answer = await fetch(`${product.url}${path}`, { headers });
    await answer.text();
    const queries = readFileSync(log, 'utf8')
      .split('\n')
      .filter((line) => line && !background.test(line));
    console.log(`\n${path} (${answer.status}), signed in: ${queries.length} queries`);
    for (const query of queries) console.log(`  ${query}`);
  }
} finally {
  await product.stop();
  await database.close();
}
