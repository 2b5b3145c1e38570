import { once } from 'node:events';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { TestProject } from 'vitest/node';
import { type ConfigurationName, configurations } from './configurations.ts';
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
 *   POST /products/<name>                   → { url }, once that product answers /readyz
 *   GET  /products/<name>/mail?to=&subject= → the first email to `to` with that subject (or `pattern`)
 */
export default async function setup(project: TestProject) {
  const products = new Map<ConfigurationName, Promise<RunningProduct>>();
  let mailbox: Promise<Mailbox> | undefined;
  const mailboxOnce = () => {
    mailbox ??= startMailbox();
    return mailbox;
  };

  const productOf = (name: ConfigurationName) => {
    let started = products.get(name);
    if (!started) {
      const configuration: { env: Record<string, string>; mailbox?: boolean } = configurations[name];
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
    const [, kind, name, mail] = url.pathname.split('/');
    const answer = (status: number, body: unknown) => {
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(body));
    };
    if (kind !== 'products' || !name || !Object.hasOwn(configurations, name)) {
      return answer(404, { error: `no configuration ${name}` });
    }
    try {
      const product = await productOf(name as ConfigurationName);
      if (request.method === 'POST' && !mail) return answer(200, { url: product.url });
      if (request.method === 'GET' && mail === 'mail') {
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
  };
}
