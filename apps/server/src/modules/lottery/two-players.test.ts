import { fileURLToPath } from 'node:url';
import type { PlayerLottery } from '@chrysos/contract';
import { schema } from '@chrysos/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildTestApp } from '../../testing/build-test-app.ts';
import { newPlayer, type TestPlayer } from '../../testing/factories.ts';
import { describeOnPostgres } from '../../testing/on-postgres.ts';
import { waitUntil } from '../../testing/wait.ts';

const fixtures = fileURLToPath(new URL('../content/fixtures', import.meta.url));

/** The guard of issue 31: two players who deposited differently, each sees only their own tickets. */
describeOnPostgres('the weekly lottery of two players on PostgreSQL', () => {
  let app: Awaited<ReturnType<typeof buildTestApp>>;

  beforeAll(async () => {
    app = await buildTestApp(
      'postgres',
      { CONTENT_DIR: fixtures, STUDIO_SECRET: 'a-studio-secret-for-the-lottery-guard-1234' },
      { events: { pollMs: 20, holeGraceMs: 100, retryMs: 20 } },
    );
  });
  afterAll(() => app.closeAll());

  async function deposit(player: TestPlayer, amount: number) {
    const started = await app.inject({
      method: 'POST',
      url: '/api/payments/deposits',
      headers: { cookie: player.cookie, 'accept-language': 'en' },
      payload: { currency: player.currency, amount_cents: amount, method: 'card' },
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
  const mine = async (player: TestPlayer) =>
    (
      await app.inject({ url: '/api/player/lottery', headers: { cookie: player.cookie } })
    ).json() as PlayerLottery;
  const counted = async (player: TestPlayer) =>
    (
      await app.database.db
        .select()
        .from(schema.lotteryDeposits)
        .where(eq(schema.lotteryDeposits.playerId, player.id))
    ).length;

  it('gives each player the tickets of their own deposits', async () => {
    const big = await newPlayer(app);
    const small = await newPlayer(app);
    await deposit(big, 60_00);
    await deposit(small, 10_00);
    await waitUntil(async () => expect(await counted(big)).toBe(1));
    await waitUntil(async () => expect(await counted(small)).toBe(1));

    expect((await mine(big)).current).toMatchObject({
      deposited_euro_cents: 60_00,
      next_ticket_euro_cents: 20_00,
    });
    expect((await mine(big)).current.tickets).toHaveLength(3);
    expect((await mine(small)).current).toMatchObject({
      tickets: [],
      deposited_euro_cents: 10_00,
      next_ticket_euro_cents: 10_00,
    });
  });
});
