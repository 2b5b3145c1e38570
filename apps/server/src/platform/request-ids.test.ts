import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../testing/build-test-app.ts';

type TestApp = Awaited<ReturnType<typeof buildTestApp>>;

/** The request ids of a log's lines about requests (Fastify logs each with `reqId`). */
const idsIn = (logs: string[]) =>
  new Set(logs.map((line) => (JSON.parse(line) as { reqId?: string }).reqId).filter(Boolean));

describe('request ids across instances', () => {
  const logs: [string[], string[]] = [[], []];
  let instances: [TestApp, TestApp];

  beforeAll(async () => {
    instances = [
      await buildTestApp('pglite', {}, { logs: logs[0] }),
      await buildTestApp('pglite', {}, { logs: logs[1] }),
    ];
  });
  afterAll(() => Promise.all(instances.map((instance) => instance.closeAll())));

  it('keeps the balancer’s id in the answer and the log lines of whichever instance serves it', async () => {
    const id = 'haproxy-7f3a9c2e-0001';
    for (const instance of instances) {
      const ready = await instance.inject({ url: '/readyz', headers: { 'x-request-id': id } });
      expect(ready.headers['x-request-id']).toBe(id);
      const missing = await instance.inject({ url: '/api/nowhere', headers: { 'x-request-id': id } });
      expect(missing.statusCode).toBe(404);
      expect(missing.headers['x-request-id']).toBe(id);
    }
    expect(idsIn(logs[0])).toContain(id);
    expect(idsIn(logs[1])).toContain(id);
  });

  it('gives a request without one, or with a malformed one, an id no other instance gives', async () => {
    const answers = await Promise.all([
      instances[0].inject({ url: '/readyz' }),
      instances[1].inject({ url: '/readyz' }),
      instances[0].inject({ url: '/readyz', headers: { 'x-request-id': 'bad id\n{"level":60}' } }),
    ]);
    const ids = answers.map((answer) => String(answer.headers['x-request-id']));
    for (const id of ids)
      expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(new Set(ids).size).toBe(3);
    expect(logs[0].join('\n')).not.toContain('"level":60}');
  });
});
