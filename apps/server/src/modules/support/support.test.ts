import { schema } from '@chrysos/db';
import { testDatabaseKinds } from '@chrysos/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../testing/build-test-app.ts';

describe.each(testDatabaseKinds)('contact form on %s', (kind) => {
  let app: Awaited<ReturnType<typeof buildTestApp>>;
  beforeAll(async () => {
    app = await buildTestApp(kind);
  });
  afterAll(() => app.closeAll());

  const send = (payload: object, remoteAddress = '203.0.113.7') =>
    app.inject({ method: 'POST', url: '/api/send_contact_message', payload, remoteAddress });

  it('stores a valid message as the player wrote it', async () => {
    const response = await send({
      name: 'Eleni Papadopoulou',
      email: 'eleni@example.gr',
      subject: 'Withdrawal',
      message: 'When will my withdrawal <b>arrive</b>?',
      locale: 'el',
    });
    expect(response.statusCode).toBe(201);
    const { id } = response.json();
    const rows = await app.database.db.select().from(schema.contactMessages);
    expect(rows).toEqual([
      expect.objectContaining({
        id,
        email: 'eleni@example.gr',
        message: 'When will my withdrawal <b>arrive</b>?',
        locale: 'el',
      }),
    ]);
  });

  it('names every field that is wrong, with the messages of spec §5, and stores nothing', async () => {
    const before = (await app.database.db.select().from(schema.contactMessages)).length;
    const response = await send(
      { name: ' ', email: 'not-an-email', subject: '', message: 'x'.repeat(5001) },
      '203.0.113.8',
    );
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({
      errors: {
        name: ['Field is required'],
        email: ['Must be a valid email'],
        subject: ['Field is required'],
        message: ['Must be at most 5000 characters'],
      },
      codes: {
        name: ['validation.required'],
        email: ['validation.email'],
        subject: ['validation.required'],
        message: ['validation.max'],
      },
      params: { message: [{ max: 5000 }] },
    });
    // The same codes, the messages in the language the request asks for.
    const greek = await app.inject({
      method: 'POST',
      url: '/api/send_contact_message',
      headers: { 'accept-language': 'el' },
      remoteAddress: '203.0.113.9',
      payload: { name: ' ', email: 'not-an-email', subject: '', message: 'x'.repeat(5001) },
    });
    expect(greek.json().codes).toEqual(response.json().codes);
    expect(greek.json().errors).toEqual({
      name: ['Το πεδίο είναι υποχρεωτικό'],
      email: ['Πρέπει να είναι έγκυρο email'],
      subject: ['Το πεδίο είναι υποχρεωτικό'],
      message: ['Πρέπει να έχει το πολύ 5000 χαρακτήρες'],
    });
    expect((await app.database.db.select().from(schema.contactMessages)).length).toBe(before);
  });

  it('limits how many messages one address can send', async () => {
    const message = { name: 'N', email: 'n@example.com', subject: 'S', message: 'M' };
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 6; attempt++)
      statuses.push((await send(message, '198.51.100.9')).statusCode);
    expect(statuses).toEqual([201, 201, 201, 201, 201, 429]);
    const limited = await send(message, '198.51.100.9');
    expect(limited.json().errors.base[0]).toMatch(/^Too many messages\. Please try again in \d+ minutes\.$/);
    expect(limited.json().codes).toEqual({ base: ['support.too_many_messages'] });
    expect(limited.json().params.base[0].minutes).toBeGreaterThan(0);
    const greek = await app.inject({
      method: 'POST',
      url: '/api/send_contact_message',
      headers: { 'accept-language': 'el-GR,el;q=0.9,en;q=0.5' },
      remoteAddress: '198.51.100.9',
      payload: message,
    });
    expect(greek.json().errors.base[0]).toMatch(
      /^Πάρα πολλά μηνύματα\. Παρακαλούμε δοκιμάστε ξανά σε \d+ λεπτά\.$/,
    );
  });
});
