import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { schema } from '@chrysos/db';
import { openTestDatabase } from '@chrysos/db/testing';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildApp } from './app.ts';
import { parseConfig } from './modules/config.ts';
import { totpCodeAt } from './modules/operators/totp.ts';
import { operatorSessionCookieName } from './platform/http-session.ts';
import { describeOnPostgres } from './testing/on-postgres.ts';

const command = fileURLToPath(new URL('./operator-create.ts', import.meta.url));
const run = promisify(execFile);

describeOnPostgres('npm run operator:create', () => {
  let database: Awaited<ReturnType<typeof openTestDatabase>>;
  beforeAll(async () => {
    database = await openTestDatabase('postgres', 'empty');
  });
  afterAll(() => database?.close());

  const create = (args: string[], password: string) =>
    run(process.execPath, [command, ...args], {
      env: {
        ...process.env,
        NODE_ENV: 'test',
        DATABASE_URL: database.url ?? '',
        OPERATOR_PASSWORD: password,
      },
    });

  it('makes the first admin on a new database, who signs in with the secret it showed once', async () => {
    const { stdout } = await create(
      ['--email', 'Dimitra@Chrysos.example', '--name', 'Dimitra K', '--role', 'admin'],
      'Olive-Grove-Harbour-77',
    );
    const secret = /secret: ([A-Z2-7]+)/.exec(stdout)?.[1];
    expect(secret).toBeDefined();
    expect(stdout).toContain('otpauth://totp/');
    const [stored] = await database.db
      .select()
      .from(schema.operators)
      .where(eq(schema.operators.email, 'dimitra@chrysos.example'));
    expect(stored).toMatchObject({ role: 'admin', name: 'Dimitra K' });
    // Only a hash of the password is kept.
    expect(stored?.passwordHash).toMatch(/^\$argon2id\$/);

    const app = await buildApp({
      config: parseConfig({ NODE_ENV: 'test' }),
      database,
      web: false,
      logger: false,
      deploySteps: 'check',
    });
    try {
      const signedIn = await app.inject({
        method: 'POST',
        url: '/api/operator/session',
        payload: {
          email: 'dimitra@chrysos.example',
          password: 'Olive-Grove-Harbour-77',
          code: totpCodeAt(secret ?? '', app.clock.now()),
        },
      });
      expect(signedIn.statusCode).toBe(200);
      expect(signedIn.json()).toMatchObject({ role: 'admin', name: 'Dimitra K' });
      expect(signedIn.cookies.map((cookie) => cookie.name)).toContain(operatorSessionCookieName);
    } finally {
      await app.close();
    }
  });

  it('refuses a weak password, a taken email and an unknown role, making nothing', async () => {
    const weak = await create(
      ['--email', 'weak@chrysos.example', '--name', 'W', '--role', 'support'],
      'password123',
    ).catch((error: { code: number; stderr: string }) => error);
    expect(weak).toMatchObject({ code: 1, stderr: expect.stringContaining('at least 12 characters') });
    const taken = await create(
      ['--email', 'dimitra@chrysos.example', '--name', 'Again', '--role', 'support'],
      'Another-Long-Passphrase-5',
    ).catch((error: { code: number; stderr: string }) => error);
    expect(taken).toMatchObject({ code: 1, stderr: expect.stringContaining('exists') });
    const role = await create(
      ['--email', 'x@chrysos.example', '--name', 'X', '--role', 'owner'],
      'Long-Enough-Passphrase-9',
    ).catch((error: { code: number; stderr: string }) => error);
    expect(role).toMatchObject({ code: 2, stderr: expect.stringContaining('roles: admin, support') });
    const all = await database.db.select({ email: schema.operators.email }).from(schema.operators);
    expect(all.map((row) => row.email)).toEqual(['dimitra@chrysos.example']);
  });
});
