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
    expect(limited.json().errors.base[0]).toMatch(/Too many messages/);
  });
});
