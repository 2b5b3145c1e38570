import { once } from 'node:events';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { type Configuration, type ConfigurationName, configurations } from './configurations.ts';
import { type Mailbox, startMailbox } from './harness/mailbox.ts';
import { type RunningProduct, startProduct } from './server.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The registry of shared products (harness/products.ts asks it for one). */
    productRegistry: string;
  }
}

/**
 * The products the spec files share, one per configuration (configurations.ts), started on the first
 * spec's request and stopped when the run ends. The spec files run in workers of their own, so the
 * registry answers them over HTTP on this machine:
 *   POST /products/<name>                   → { url }, once that product answers /readyz (and, for a
 *                                             configuration lent one spec at a time, once it is lent)
 *   POST /products/<name>/return            → gives a lent product back to the next spec waiting
 *   GET  /products/<name>/mail?to=&subject= → the first email to `to` with that subject (or `pattern`)
 */
export default async function setup(project: TestProject) {
  // Every product's data and every spec's content folder of this run, removed when it ends; the spec
  // workers, started after this setup, inherit the variable.
  const scratch = await mkdtemp(path.join(tmpdir(), 'chrysos-e2e-'));
  process.env.CHRYSOS_E2E_SCRATCH = scratch;
  const products = new Map<ConfigurationName, Promise<RunningProduct>>();
  let mailbox: Promise<Mailbox> | undefined;
  const mailboxOnce = () => {
    mailbox ??= startMailbox();
    return mailbox;
  };

  // Configurations lent one spec at a time: whether one is out, and the specs waiting for it in turn.
  const loans = new Map<ConfigurationName, { out: boolean; waiting: (() => void)[] }>();
  const lend = (name: ConfigurationName) =>
    new Promise<void>((lent) => {
      const loan = loans.get(name) ?? { out: false, waiting: [] };
      loans.set(name, loan);
      if (loan.out) loan.waiting.push(lent);
      else {
        loan.out = true;
        lent();
      }
    });
  const giveBack = (name: ConfigurationName) => {
    const loan = loans.get(name);
    if (!loan) return;
    const next = loan.waiting.shift();
    if (next) next();
    else loan.out = false;
  };

  const productOf = (name: ConfigurationName) => {
    let started = products.get(name);
    if (!started) {
      const configuration: Configuration = configurations[name];
      started = (async () =>
        startProduct({
          env: {
            ...configuration.env,
            ...(configuration.mailbox ? { SMTP_URL: (await mailboxOnce()).smtpUrl } : {}),
          },
        }))();
      products.set(name, started);
    }
    return started;
  };

  const registry = createServer(async (request, response) => {
    const url = new URL(request.url ?? '/', 'http://registry');
    const [, kind, name, action] = url.pathname.split('/');
    const answer = (status: number, body: unknown) => {
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(body));
    };
    if (kind !== 'products' || !name || !Object.hasOwn(configurations, name)) {
      return answer(404, { error: `no configuration ${name}` });
    }
    try {
      const configuration: Configuration = configurations[name as ConfigurationName];
      const product = await productOf(name as ConfigurationName);
      if (request.method === 'POST' && !action) {
        if (configuration.oneSpecAtATime) await lend(name as ConfigurationName);
        return answer(200, { url: product.url });
      }
      if (request.method === 'POST' && action === 'return') {
        giveBack(name as ConfigurationName);
        return answer(200, {});
      }
      if (request.method === 'GET' && action === 'mail') {
        const pattern = url.searchParams.get('pattern');
        const subject = pattern ? new RegExp(pattern) : (url.searchParams.get('subject') ?? '');
        const received = await (await mailboxOnce()).waitFor(url.searchParams.get('to') ?? '', subject);
        return answer(200, received);
      }
      return answer(404, { error: `no route ${request.method} ${url.pathname}` });
    } catch (error) {
      return answer(500, { error: String(error) });
    }
  });
  registry.listen(0, '127.0.0.1');
  await once(registry, 'listening');
  project.provide('productRegistry', `http://127.0.0.1:${(registry.address() as AddressInfo).port}`);

  return async () => {
    registry.close();
    // A product that failed to start has nothing to stop.
    await Promise.allSettled([...products.values()].map(async (started) => (await started).stop()));
    await (await mailbox)?.close();
    await rm(scratch, { recursive: true, force: true });
  };
}
