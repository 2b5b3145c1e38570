import { testDatabaseKinds } from '@chrysos/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../testing/build-test-app.ts';
import { newPlayer, type TestPlayer } from '../../testing/factories.ts';

// Issue 31 item 6: coupon codes could be guessed as fast as a client could ask.
describe.each(testDatabaseKinds)('guessing coupon codes on %s', (kind) => {
  let app: Awaited<ReturnType<typeof buildTestApp>>;

  beforeAll(async () => {
    app = await buildTestApp(kind);
  });
  afterAll(() => app.closeAll());

  const redeem = (player: TestPlayer, code: string, remoteAddress: string) =>
    app.inject({
      method: 'POST',
      url: `/api/bonuses/coupon?coupon_code=${code}`,
      headers: { cookie: player.cookie, 'accept-language': 'en' },
      remoteAddress,
    });

  it('refuses a client address after its wrong codes, while another address still redeems', async () => {
    const guesser = await newPlayer(app);
    // Ten codes in 15 minutes (rate-limit.ts couponGuess): the eleventh is refused unread.
    for (let attempt = 0; attempt < 10; attempt++) {
      const wrong = await redeem(guesser, `GUESS${attempt}`, '192.0.2.31');
      expect(wrong.statusCode).toBe(422);
      expect(wrong.json().codes).toEqual({ coupon_code: ['bonuses.coupon_unknown'] });
    }
    const refused = await redeem(guesser, 'GUESSAGAIN', '192.0.2.31');
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({
      errors: { base: ['Too many attempts. Please try again in 15 minutes.'] },
      codes: { base: ['rate_limited'] },
      params: { base: [{ minutes: 15 }] },
    });

    const other = await newPlayer(app);
    const elsewhere = await redeem(other, 'GUESSAGAIN', '192.0.2.32');
    expect(elsewhere.statusCode).toBe(422);
    expect(elsewhere.json().codes).toEqual({ coupon_code: ['bonuses.coupon_unknown'] });
    const redeemed = await redeem(other, 'DRACHMA10', '192.0.2.32');
    expect(redeemed.statusCode).toBe(200);
    expect(redeemed.json().freespins).toHaveLength(1);
  });

  it('counts wrong codes only: players behind one address redeeming real codes are never refused', async () => {
    for (let count = 0; count < 12; count++) {
      const player = await newPlayer(app);
      expect((await redeem(player, 'DRACHMA10', '192.0.2.33')).statusCode).toBe(200);
    }
  });
});
