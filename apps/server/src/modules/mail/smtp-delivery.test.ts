import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { schema } from '@chrysos/db';
import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildTestApp } from '../../testing/build-test-app.ts';

const fixtures = fileURLToPath(new URL('../content/fixtures', import.meta.url));

describe('email over SMTP', () => {
  const received: ParsedMail[] = [];
  let accepting = false;
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      if (!accepting) {
        stream.resume();
        stream.on('end', () => callback(Object.assign(new Error('mailbox busy'), { responseCode: 451 })));
        return;
      }
      simpleParser(stream)
        .then((mail) => {
          received.push(mail);
          callback();
        })
        .catch(callback);
    },
  });
  let app: Awaited<ReturnType<typeof buildTestApp>>;

  beforeAll(async () => {
    smtp.listen(0, '127.0.0.1');
    await once(smtp.server, 'listening');
    const { port } = smtp.server.address() as AddressInfo;
    app = await buildTestApp('pglite', {
      CONTENT_DIR: fixtures,
      SMTP_URL: `smtp://127.0.0.1:${port}`,
      MAIL_FROM: 'Chrysos Casino <no-reply@chrysos.test>',
      PUBLIC_URL: 'https://chrysos.test',
    });
  });
  afterAll(async () => {
    await app.closeAll();
    smtp.close();
  });

  it('keeps an email the mail server refused and delivers it once the server accepts', async () => {
    const signUp = await app.inject({
      method: 'POST',
      url: '/api/users',
      payload: {
        user: {
          email: 'eleni@example.gr',
          password: 'correct horse battery',
          terms_acceptance: true,
          age_acceptance: true,
        },
      },
    });
    expect(signUp.statusCode).toBe(201);
    await vi.waitFor(async () => {
      const [stored] = await app.database.db.select().from(schema.emails);
      expect(stored?.error).toMatch(/mailbox busy/);
      expect(stored?.sentAt).toBeNull();
    });
    expect(received).toEqual([]);

    accepting = true;
    await app.mailer.flush();
    expect(received).toHaveLength(1);
    const [mail] = received;
    expect(mail?.subject).toBe('Welcome to Chrysos Casino — please confirm your email');
    expect(mail?.from?.text).toBe('"Chrysos Casino" <no-reply@chrysos.test>');
    expect(mail?.to && !Array.isArray(mail.to) ? mail.to.text : '').toBe('eleni@example.gr');
    expect(mail?.text).toMatch(/https:\/\/chrysos\.test\/users\/confirmation\?confirmation_token=[\w-]{43}/);
    expect(mail?.html).toContain('Confirm my email');
    const [stored] = await app.database.db.select().from(schema.emails);
    expect(stored?.sentAt).toBeInstanceOf(Date);

    await app.mailer.flush();
    expect(received).toHaveLength(1);
  });
});
