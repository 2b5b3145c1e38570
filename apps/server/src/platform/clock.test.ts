import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../testing/build-test-app.ts';

const token = 'operator-token-for-the-clock-tests-0123456789';
const operator = { authorization: `Bearer ${token}` };
const day = 24 * 60 * 60 * 1000;

describe('the product clock', () => {
  let app: Awaited<ReturnType<typeof buildTestApp>>;
  const seen: Date[] = [];
  beforeAll(async () => {
    app = await buildTestApp(
      'pglite',
      { TEST_CLOCK: 'on', OPERATOR_API_TOKEN: token },
      {
        beforeReady: (built) =>
          built.jobs.define('clock.probe' as never, async () => {
            seen.push(built.clock.now());
          }),
      },
    );
  });
  afterAll(() => app.closeAll());

  it('reads the system clock until a test moves it', () => {
    const before = Date.now();
    const read = app.clock.now().getTime();
    expect(read).toBeGreaterThanOrEqual(before);
    expect(read).toBeLessThanOrEqual(Date.now());
  });

  it('moves forward through PUT /api/test/clock under the operator token, and never back', async () => {
    const tomorrow = new Date(Date.now() + day);
    const moved = await app.inject({
      method: 'PUT',
      url: '/api/test/clock',
      headers: operator,
      payload: { now: tomorrow.toISOString() },
    });
    expect(moved.statusCode).toBe(200);
    expect(app.clock.now().getTime()).toBeGreaterThanOrEqual(tomorrow.getTime());
    expect(app.clock.now().getTime() - tomorrow.getTime()).toBeLessThan(60_000);

    const back = await app.inject({
      method: 'PUT',
      url: '/api/test/clock',
      headers: operator,
      payload: { now: new Date().toISOString() },
    });
    expect(back.statusCode).toBe(422);
    expect(app.clock.now().getTime()).toBeGreaterThanOrEqual(tomorrow.getTime());

    const anonymous = await app.inject({
      method: 'PUT',
      url: '/api/test/clock',
      payload: { now: new Date(Date.now() + 2 * day).toISOString() },
    });
    expect(anonymous.statusCode).toBe(401);

    // A test that shares the product reads where the clock is before moving it on.
    const before = app.clock.now().getTime();
    const read = await app.inject({ method: 'GET', url: '/api/test/clock', headers: operator });
    expect(read.statusCode).toBe(200);
    expect(Date.parse(read.json().now)).toBeGreaterThanOrEqual(before);
    expect(Date.parse(read.json().now)).toBeLessThanOrEqual(app.clock.now().getTime());
    expect(Date.parse(read.json().now)).toBeGreaterThanOrEqual(tomorrow.getTime());
    expect((await app.inject({ method: 'GET', url: '/api/test/clock' })).statusCode).toBe(401);
  });

  it('runs a defined job now, at the moved time, and answers 404 for a name no module defined', async () => {
    const ran = await app.inject({ method: 'POST', url: '/api/test/jobs/clock.probe', headers: operator });
    expect(ran.statusCode).toBe(200);
    expect(seen).toHaveLength(1);
    expect(seen[0]?.getTime()).toBeGreaterThan(Date.now() + day / 2);

    const unknown = await app.inject({
      method: 'POST',
      url: '/api/test/jobs/no.such-job',
      headers: operator,
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().codes).toEqual({ path: ['request.no_api_endpoint'] });
  });
});

describe('without TEST_CLOCK', () => {
  it('has no test routes', async () => {
    const app = await buildTestApp('pglite', { OPERATOR_API_TOKEN: token });
    try {
      const response = await app.inject({
        method: 'PUT',
        url: '/api/test/clock',
        headers: operator,
        payload: { now: new Date(Date.now() + day).toISOString() },
      });
      expect(response.statusCode).toBe(404);
    } finally {
      await app.closeAll();
    }
  });
});
