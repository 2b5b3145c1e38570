import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { schema } from '@chrysos/db';
import { testDatabaseKinds } from '@chrysos/db/testing';
import { eq, sql } from 'drizzle-orm';
import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../testing/build-test-app.ts';
import { waitUntil } from '../../testing/wait.ts';

const fixtures = fileURLToPath(new URL('../content/fixtures', import.meta.url));
/** A send goes through the outbox and an SMTP session: vitest's 1 s default ran out under a full run's load. */

describe.each(testDatabaseKinds)('email over SMTP on %s', (kind) => {
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
    app = await buildTestApp(kind, {
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
    await waitUntil(async () => {
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

  it('leaves an email another sender holds to it, and takes it over once that claim has lapsed', async () => {
    await app.mailer.send(
      'nikos@example.gr',
      'unlock',
      'en',
      'https://chrysos.test/users/unlock?unlock_token=x',
    );
    await waitUntil(() => expect(received.map((mail) => mail.subject)).toHaveLength(2));
    const before = received.length;
    // A row another instance is sending right now, and one whose sender died an hour ago.
    const [held, lapsed] = await app.database.db
      .insert(schema.emails)
      .values(
        ['held@example.gr', 'lapsed@example.gr'].map((to) => ({
          to,
          template: 'unlock',
          language: 'en',
          subject: `For ${to}`,
          text: 'text',
          html: '<p>html</p>',
        })),
      )
      .returning({ id: schema.emails.id });
    await app.database.db
      .update(schema.emails)
      .set({ claimedBy: 'another instance', claimedUntil: sql`now() + interval '5 minutes'` })
      .where(eq(schema.emails.id, held?.id ?? ''));
    await app.database.db
      .update(schema.emails)
      .set({ claimedBy: 'a dead instance', claimedUntil: sql`now() - interval '1 hour'` })
      .where(eq(schema.emails.id, lapsed?.id ?? ''));

    await app.mailer.flush();
    await app.mailer.deliver(held?.id ?? '');
    expect(received.slice(before).map((mail) => mail.subject)).toEqual(['For lapsed@example.gr']);
    const rows = await app.database.db.select().from(schema.emails);
    const row = (id: string | undefined) => rows.find((email) => email.id === id);
    expect(row(held?.id)).toMatchObject({ sentAt: null, claimedBy: 'another instance' });
    expect(row(lapsed?.id)).toMatchObject({ claimedBy: null, claimedUntil: null });
    expect(row(lapsed?.id)?.sentAt).toBeInstanceOf(Date);
  });
});
