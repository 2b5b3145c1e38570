import { fileURLToPath } from 'node:url';
import { schema } from '@chrysos/db';
import { testDatabaseKinds } from '@chrysos/db/testing';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../testing/build-test-app.ts';

const fixtures = fileURLToPath(new URL('../content/fixtures', import.meta.url));

/**
 * Issue 31 item 10: a coupon redeemed first thing after sign-up, before anything read the player's
 * accounts, grants in the player's own currency, not in the site's default one.
 */
describe.each(testDatabaseKinds)('coupon rewards in the player’s currency on %s', (kind) => {
  let app: Awaited<ReturnType<typeof buildTestApp>>;

  beforeAll(async () => {
    app = await buildTestApp(kind, { CONTENT_DIR: fixtures, TRUST_PROXY: 'true' });
  });
  afterAll(() => app.closeAll());

  let signUps = 0;
  /** A new player signed up through the API, as the sign-up form does: their session cookie. */
  async function signUp(currency: string) {
    signUps++;
    const response = await app.inject({
      method: 'POST',
      url: '/api/users',
      headers: { 'x-forwarded-for': `198.51.100.${signUps}`, 'user-agent': 'Mozilla/5.0 (coupon test)' },
      payload: {
        user: {
          email: `coupon-${currency.toLowerCase()}-${signUps}-${kind}@example.gr`,
          password: 'correct horse battery',
          currency,
          country: 'GR',
          terms_acceptance: true,
          age_acceptance: true,
        },
      },
    });
    expect(response.statusCode, response.body).toBe(201);
    return (response.headers['set-cookie'] as string | string[] | undefined)
      ?.toString()
      .split(';')[0] as string;
  }
  const redeem = (cookie: string, code: string) =>
    app.inject({ method: 'POST', url: `/api/bonuses/coupon?coupon_code=${code}`, headers: { cookie } });

  it('gives free spins of DRACHMA10 in EUR to a EUR player and in GBP to a GBP player', async () => {
    const [eur, gbp] = [await signUp('EUR'), await signUp('GBP')];
    const [eurGranted, gbpGranted] = [await redeem(eur, 'DRACHMA10'), await redeem(gbp, 'DRACHMA10')];
    expect(eurGranted.statusCode, eurGranted.body).toBe(200);
    expect(gbpGranted.statusCode, gbpGranted.body).toBe(200);
    expect(eurGranted.json().freespins).toEqual([expect.objectContaining({ currency: 'EUR' })]);
    expect(gbpGranted.json().freespins).toEqual([expect.objectContaining({ currency: 'GBP' })]);
  });

  it('opens an OLYMPUS lootbox into a prize in each player’s own currency', async () => {
    const [eur, gbp] = [await signUp('EUR'), await signUp('GBP')];
    for (const [cookie, currency] of [
      [eur, 'EUR'],
      [gbp, 'GBP'],
    ] as const) {
      const granted = await redeem(cookie, 'OLYMPUS');
      expect(granted.statusCode, granted.body).toBe(200);
      const [box] = granted.json().lootboxes;
      const opened = await app.inject({
        method: 'POST',
        url: `/api/player/lootboxes/${box.id}/activation`,
        headers: { cookie },
        payload: {},
      });
      expect(opened.statusCode, opened.body).toBe(200);
      expect(JSON.stringify(opened.json())).not.toContain('"currency":"USD"');
      // The prize is drawn: money names its currency in the answer, spins do not. The box itself, and
      // whatever it granted, are in the player's currency either way.
      const source = `lootbox:${box.id}`;
      const { db } = app.database;
      const currencies = [
        ...(await db
          .select({ currency: schema.playerLootboxes.currency })
          .from(schema.playerLootboxes)
          .where(eq(schema.playerLootboxes.id, box.id))),
        ...(await db
          .select({ currency: schema.playerFreespins.currency })
          .from(schema.playerFreespins)
          .where(eq(schema.playerFreespins.source, source))),
        ...(await db
          .select({ currency: schema.playerBonuses.currency })
          .from(schema.playerBonuses)
          .where(eq(schema.playerBonuses.source, source))),
      ].map((row) => row.currency);
      expect(new Set(currencies)).toEqual(new Set([currency]));
    }
  });
});
