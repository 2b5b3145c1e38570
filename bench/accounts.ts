import { cpus } from 'node:os';
import { authApi, infoApi, playerApi, urlOf } from '@chrysos/contract';
import argon2 from 'argon2';
import autocannon from 'autocannon';
import { startProduct } from '../e2e/server.ts';

/**
 * What accounts cost: sign-in throughput and latency, bounded by argon2id on purpose, next to the bare
 * argon2id verify rate of this machine measured in the same run; and the session check behind every
 * signed-in page, GET /api/player, next to a public API route. Prints figures, never passes or fails.
 *   node bench/accounts.ts [--duration 10] [--connections 20]
 */
const argument = (name: string, fallback: number) => {
  const index = process.argv.indexOf(`--${name}`);
  return index > 0 ? Number(process.argv[index + 1]) : fallback;
};
const duration = argument('duration', 10);
const connections = argument('connections', 20);
const password = 'correct horse battery';

/** The product's own argon2id parameters (apps/server/src/platform/passwords.ts). */
async function argon2VerifiesPerSecond(): Promise<number> {
  const hash = await argon2.hash(password, {
    type: argon2.argon2id,
    memoryCost: 19_456,
    timeCost: 2,
    parallelism: 1,
  });
  let done = 0;
  const until = Date.now() + 5000;
  // As many in flight as libuv's thread pool runs at once, as the server's requests would be.
  await Promise.all(
    Array.from({ length: 4 }, async () => {
      while (Date.now() < until) {
        await argon2.verify(hash, password);
        done++;
      }
    }),
  );
  return done / 5;
}

/** Each request from another client address, so the per-address limits measure nothing here. */
let client = 0;
const nextAddress = () => {
  client++;
  return `198.18.${(client >> 8) & 255}.${client & 255}`;
};

async function measure(name: string, options: autocannon.Options) {
  await autocannon({ ...options, connections, duration: 2 });
  const result = await autocannon({ ...options, connections, duration });
  return {
    target: name,
    'req/s': Math.round(result.requests.average),
    'p50 ms': result.latency.p50,
    'p99 ms': result.latency.p99,
    errors: result.errors + result.non2xx,
  };
}

const product = await startProduct({ env: { TRUST_PROXY: 'true', CAPTCHA_AFTER_FAILED_SIGN_INS: '0' } });
try {
  const headers = { 'content-type': 'application/json', 'user-agent': 'chrysos-bench' };
  const signUp = await fetch(`${product.url}${urlOf(authApi.signUp)}`, {
    method: 'POST',
    headers,
    body: JSON.stringify({
      user: { email: 'bench@example.gr', password, terms_acceptance: true, age_acceptance: true },
    }),
  });
  if (signUp.status !== 201) throw new Error(`sign-up failed: ${signUp.status} ${await signUp.text()}`);
  const cookie = (signUp.headers.get('set-cookie') ?? '').split(';')[0] ?? '';

  const verifies = await argon2VerifiesPerSecond();
  const signIn = await measure('POST /api/users/sign_in', {
    url: `${product.url}${urlOf(authApi.signIn)}`,
    method: 'POST',
    headers,
    body: JSON.stringify({ user: { email: 'bench@example.gr', password } }),
    setupClient: (session) => {
      session.setHeaders({ ...headers, 'x-forwarded-for': nextAddress() });
    },
    requests: [
      {
        setupRequest: (request) => ({
          ...request,
          headers: { ...headers, 'x-forwarded-for': nextAddress() },
        }),
      },
    ],
  });
  const player = await measure('GET /api/player (session check)', {
    url: `${product.url}${urlOf(playerApi.player)}`,
    headers: { cookie },
  });
  const currencies = await measure('GET /api/info/currencies (no session)', {
    url: `${product.url}${urlOf(infoApi.currencies)}`,
  });

  console.log(
    `\n${connections} connections, ${duration} s per target, ${cpus().length} cores, Node ${process.version}\n`,
  );
  console.log(`argon2id verify alone (m=19 MiB, t=2, p=1), 4 in flight: ${verifies.toFixed(1)}/s`);
  console.table([signIn, player, currencies]);
  console.log(
    `sign-in reaches ${((signIn['req/s'] / verifies) * 100).toFixed(0)}% of the bare argon2id rate; ` +
      `the session check costs ${((currencies['req/s'] / Math.max(1, player['req/s']) - 1) * 100).toFixed(0)}% ` +
      'throughput over a public route.',
  );
} finally {
  await product.stop();
}
