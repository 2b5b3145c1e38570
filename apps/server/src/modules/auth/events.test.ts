import { fileURLToPath } from 'node:url';
import { testDatabaseKinds } from '@chrysos/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DomainEvent } from '../../platform/events.ts';
import { buildTestApp } from '../../testing/build-test-app.ts';
import { waitUntil } from '../../testing/wait.ts';

const fixtures = fileURLToPath(new URL('../content/fixtures', import.meta.url));
type AccountEvent = DomainEvent<'auth.player_registered' | 'auth.signed_in' | 'player.groups_changed'>;

describe.each(testDatabaseKinds)('account events on %s', (kind) => {
  let app: Awaited<ReturnType<typeof buildTestApp>>;
  const seen: AccountEvent[] = [];

  beforeAll(async () => {
    app = await buildTestApp(
      kind,
      { CONTENT_DIR: fixtures },
      {
        events: { pollMs: 20, holeGraceMs: 100 },
        beforeReady: (app) =>
          app.events.on(
            ['auth.player_registered', 'auth.signed_in', 'player.groups_changed'],
            'test.accounts',
            (event) => void seen.push(event),
          ),
      },
    );
  });
  afterAll(() => app.closeAll());

  it('announces a registration, a sign-in and a group joined, in order, and not a failed sign-in', async () => {
    const email = 'events@example.gr';
    const user = {
      email,
      password: 'correct horse battery',
      country: 'GR',
      terms_acceptance: true,
      age_acceptance: true,
    };
    const created = await app.inject({ method: 'POST', url: '/api/users?btag=summer', payload: { user } });
    expect(created.statusCode).toBe(201);
    const playerId = created.json().id as string;
    const wrong = await app.inject({
      method: 'POST',
      url: '/api/users/sign_in',
      payload: { user: { email, password: 'not the password' } },
    });
    expect(wrong.statusCode).toBe(401);
    const signedIn = await app.inject({
      method: 'POST',
      url: '/api/users/sign_in',
      payload: { user: { email, password: user.password } },
    });
    expect(signedIn.statusCode).toBe(200);
    const cookie = signedIn.cookies.map((c) => `${c.name}=${c.value}`).join('; ');
    for (let i = 0; i < 2; i++) {
      const joined = await app.inject({
        method: 'POST',
        url: '/api/player/groups',
        headers: { cookie },
        payload: { groups: { add: ['pwa'] } },
      });
      expect(joined.statusCode).toBe(200);
    }

    await waitUntil(() => expect(seen).toHaveLength(3), { interval: 20 });
    expect(seen.map((event) => [event.name, event.payload])).toEqual([
      [
        'auth.player_registered',
        {
          playerId,
          method: 'password',
          currency: 'EUR',
          country: 'GR',
          language: 'en',
          referralParams: { btag: 'summer' },
        },
      ],
      ['auth.signed_in', { playerId, method: 'password' }],
      ['player.groups_changed', { playerId, added: ['pwa'], removed: [] }],
    ]);
  });
});
