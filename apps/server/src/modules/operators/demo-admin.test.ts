import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../testing/build-test-app.ts';
import { demoAdmin } from './demo-admin.ts';
import { totpCodeAt } from './totp.ts';

/** The README's demo admin: there in demo mode, and nowhere else. */
describe('the demo admin', () => {
  let demo: Awaited<ReturnType<typeof buildTestApp>>;
  let real: Awaited<ReturnType<typeof buildTestApp>>;
  beforeAll(async () => {
    [demo, real] = await Promise.all([
      buildTestApp('pglite', { DEMO_MODE: 'true' }),
      buildTestApp('pglite', { DEMO_MODE: 'false' }),
    ]);
  });
  afterAll(async () => {
    await Promise.all([demo?.closeAll(), real?.closeAll()]);
  });

  const signIn = (app: typeof demo) =>
    app.inject({
      method: 'POST',
      url: '/api/operator/session',
      payload: {
        email: demoAdmin.email,
        password: demoAdmin.password,
        code: totpCodeAt(demoAdmin.totpSecret, app.clock.now()),
      },
    });

  it('signs in with the README’s password and authenticator secret in demo mode, as an admin', async () => {
    const answer = await signIn(demo);
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toMatchObject({ email: demoAdmin.email, role: 'admin' });
  });

  it('does not exist outside demo mode', async () => {
    const answer = await signIn(real);
    expect(answer.statusCode).toBe(401);
    expect(answer.json().codes).toEqual({ base: ['operators.sign_in_failed'] });
  });
});
