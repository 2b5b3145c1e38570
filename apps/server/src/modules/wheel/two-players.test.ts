import { testDatabaseKinds } from '@chrysos/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../testing/build-test-app.ts';
import { handlersCaughtUp } from '../../testing/events.ts';
import { newPlayer, type TestPlayer } from '../../testing/factories.ts';
import { waitUntil } from '../../testing/wait.ts';

/** The guard of issue 31: one player earned today's spin, the other did not; each sees only their own. */
describe.each(testDatabaseKinds)('the fortune wheel of two players on %s', (kind) => {
  let app: Awaited<ReturnType<typeof buildTestApp>>;

  beforeAll(async () => {
    app = await buildTestApp(
      kind,
      { STUDIO_SECRET: 'a-studio-secret-for-the-wheel-guard-1234' },
      { events: { pollMs: 20, holeGraceMs: 100, retryMs: 20 } },
    );
  });
  afterAll(() => app.closeAll());

  const api = (player: TestPlayer, method: 'GET' | 'POST', url: string, payload?: Record<string, unknown>) =>
    app.inject({
      method,
      url: `/api${url}`,
      headers: { cookie: player.cookie, 'accept-language': 'en' },
      ...(payload ? { payload } : {}),
    });
  async function deposit(player: TestPlayer, amount: number, bonusCode?: string) {
    const started = await api(player, 'POST', '/payments/deposits', {
      currency: player.currency,
      amount_cents: amount,
      method: 'card',
      ...(bonusCode ? { bonus_code: bonusCode } : {}),
    });
    expect(started.statusCode).toBe(201);
    await app.inject({
      method: 'POST',
      url: started.json().redirect_url,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({
        number: '4242 4242 4242 4242',
        expiry: '12/39',
        cvc: '123',
        name: 'Eleni P',
        action: 'pay',
      }).toString(),
    });
  }
  const wheel = async (player: TestPlayer) => (await api(player, 'GET', '/player/wheel')).json();

  it('gives the spin to the player whose deposit earned it, and to no one else', async () => {
    const earner = await newPlayer(app);
    const other = await newPlayer(app);
    await deposit(earner, 2_000, 'WHEEL20');
    await deposit(other, 5_000);
    await waitUntil(async () => expect((await wheel(earner)).can_spin).toBe(true));
    await handlersCaughtUp(app.database.db);

    expect(await wheel(other)).toMatchObject({
      can_spin: false,
      reason: 'deposit_required',
      seed_hash: null,
    });
    const refused = await api(other, 'POST', '/player/wheel/spin', {});
    expect(refused.statusCode).toBe(409);
    expect(refused.json().codes).toEqual({ base: ['wheel.deposit_required'] });

    const spun = await api(earner, 'POST', '/player/wheel/spin', {});
    expect(spun.statusCode).toBe(200);
    expect((await wheel(earner)).last_spin).not.toBeNull();
    expect((await wheel(earner)).can_spin).toBe(false);
    expect(await wheel(other)).toMatchObject({
      can_spin: false,
      reason: 'deposit_required',
      last_spin: null,
    });
  });
});
