import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../testing.ts';
import { latestEmail } from '../auth/test-helpers.ts';

const fixtures = fileURLToPath(new URL('../content/fixtures', import.meta.url));

describe('development mailbox', () => {
  let demo: Awaited<ReturnType<typeof buildTestApp>>;
  let real: Awaited<ReturnType<typeof buildTestApp>>;
  beforeAll(async () => {
    demo = await buildTestApp('pglite', { CONTENT_DIR: fixtures, DEMO_MODE: 'true' });
    real = await buildTestApp('pglite', { CONTENT_DIR: fixtures });
  });
  afterAll(async () => {
    await demo.closeAll();
    await real.closeAll();
  });

  it('shows the emails written in demo mode, each in a sandbox, and does not exist otherwise', async () => {
    await demo.inject({
      method: 'POST',
      url: '/api/users',
      payload: {
        user: {
          email: 'demo@example.gr',
          password: 'correct horse battery',
          terms_acceptance: true,
          age_acceptance: true,
        },
      },
    });
    const email = await latestEmail(demo, 'demo@example.gr', 'confirmation');
    const inbox = await demo.inject({ url: '/dev/mailbox' });
    expect(inbox.statusCode).toBe(200);
    expect(inbox.headers['content-type']).toMatch(/text\/html/);
    expect(inbox.body).toContain('Welcome to Chrysos Casino — please confirm your email');
    expect(inbox.body).toContain(`/dev/mailbox/${email.id}`);

    const shown = await demo.inject({ url: `/dev/mailbox/${email.id}` });
    expect(shown.body).toContain('sandbox="allow-top-navigation-by-user-activation allow-popups"');
    expect(shown.body).toContain('confirmation_token=');
    expect((await demo.inject({ url: '/dev/mailbox/not-an-id' })).statusCode).toBe(404);

    expect((await real.inject({ url: '/dev/mailbox' })).statusCode).toBe(404);
  });
});
