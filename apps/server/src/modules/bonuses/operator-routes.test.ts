import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { schema } from '@chrysos/db';
import { testDatabaseKinds } from '@chrysos/db/testing';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../testing/build-test-app.ts';
import { newPlayer, type TestPlayer } from '../../testing/factories.ts';
import { automationActor } from '../../testing/operators.ts';

const fixtures = fileURLToPath(new URL('../content/fixtures', import.meta.url));
const operatorToken = 'operator-token-for-bonus-tests-0123456789';

/** A coupon-like campaign: €10 (or 10 USD) without a deposit, 5× wagering in 7 days, €5 maximum bet. */
const tenEuroTerms = {
  amount: { EUR: 1_000, USD: 1_000 },
  wagering: { multiplier: 5, on: 'bonus', days: 7 },
  maxBet: { EUR: 500, USD: 500 },
  contributions: { categories: { slots: 100 }, other: 10 },
};

describe.each(testDatabaseKinds)('the bonus engine’s operator API on %s', (kind) => {
  let app: Awaited<ReturnType<typeof buildTestApp>>;

  beforeAll(async () => {
    app = await buildTestApp(kind, { CONTENT_DIR: fixtures, OPERATOR_API_TOKEN: operatorToken });
  });
  afterAll(() => app.closeAll());

  const operator = (
    method: 'GET' | 'PUT' | 'POST',
    url: string,
    payload?: Record<string, unknown>,
    authorization = `Bearer ${operatorToken}`,
  ) =>
    app.inject({
      method,
      url: `/api/operator${url}`,
      headers: { authorization, 'accept-language': 'en' },
      ...(payload ? { payload } : {}),
    });

  const player = (who: TestPlayer, url: string) =>
    app.inject({ url: `/api${url}`, headers: { cookie: who.cookie, 'accept-language': 'en' } });

  const campaign = (overrides: Record<string, unknown> = {}) => ({
    kind: 'no_deposit',
    code: null,
    title: { en: 'Ten on the house', el: 'Δέκα από το κατάστημα' },
    terms: tenEuroTerms,
    ...overrides,
  });

  it('refuses every route without the operator token, or with a wrong one (401)', async () => {
    const someone = await newPlayer(app);
    const requests = [
      ['GET', '/bonus_campaigns', undefined],
      ['PUT', '/bonus_campaigns/no-token', campaign()],
      ['POST', `/players/${someone.id}/bonuses`, { campaign: 'welcome-package' }],
      ['GET', `/players/${someone.id}/bonuses`, undefined],
    ] as const;
    for (const [method, url, payload] of requests) {
      for (const authorization of ['', 'Bearer not-the-token', `Basic ${operatorToken}`, someone.cookie]) {
        const response = await operator(method, url, payload, authorization);
        expect(response.statusCode, `${method} ${url} with "${authorization}"`).toBe(401);
        expect(response.json().codes.authorization).toEqual(['cashier.operator_token_required']);
      }
    }
    // A player's own session is no operator's.
    const asPlayer = await app.inject({
      url: '/api/operator/bonus_campaigns',
      headers: { cookie: someone.cookie },
    });
    expect(asPlayer.statusCode).toBe(401);
    expect((await operator('GET', '/bonus_campaigns')).json().map((c: { id: string }) => c.id)).not.toContain(
      'no-token',
    );
  });

  it('lists every campaign with its terms, the advertised ones among them', async () => {
    const response = await operator('GET', '/bonus_campaigns');
    expect(response.statusCode).toBe(200);
    const reload = response.json().find((c: { id: string }) => c.id === 'weekend-reload');
    expect(reload).toMatchObject({
      kind: 'deposit',
      code: 'RELOAD',
      title: { en: 'Weekend reload', el: 'Επαναφόρτιση Σαββατοκύριακου' },
      active: true,
      starts_at: null,
      ends_at: null,
      terms: {
        eligibility: { afterDeposits: 1, weekdays: [5, 6, 7], timeZone: 'Europe/Athens' },
        match: { percent: 50, max: { EUR: 20_000 }, minDeposit: { EUR: 3_000 } },
        limits: { perPlayer: 1, per: 'week' },
      },
    });
  });

  it('creates a campaign, grants it to a player who then sees the bonus running, and replaces it', async () => {
    const id = `ten-on-the-house-${randomUUID().slice(0, 8)}`;
    const created = await operator('PUT', `/bonus_campaigns/${id}`, campaign({ code: `t${id.slice(-8)}` }));
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({
      id,
      kind: 'no_deposit',
      code: `T${id.slice(-8).toUpperCase()}`,
      active: true,
      // Stored as the engine reads them, defaults filled in.
      terms: { amount: { EUR: 1_000 }, limits: { perPlayer: 1, per: 'ever' }, claimDays: 30 },
    });

    const eleni = await newPlayer(app, { funded: 2_000 });
    const granted = await operator('POST', `/players/${eleni.id}/bonuses`, { campaign: id });
    expect(granted.statusCode).toBe(201);
    expect(granted.json()).toMatchObject({
      bonuses: [
        {
          campaign: id,
          title: 'Ten on the house',
          stage: 'activated',
          currency: 'EUR',
          amount_cents: 1_000,
          balance_cents: 1_000,
          wagering_required_cents: 5_000,
          max_bet_cents: 500,
        },
      ],
      freespins: [],
      lootboxes: [],
    });

    // The player sees it in their bonus list, with the money on their bonus balance.
    const own = (await player(eleni, '/player/bonuses/')).json();
    expect(own).toHaveLength(1);
    expect(own[0]).toMatchObject({ campaign: id, stage: 'activated', balance_cents: 1_000 });
    expect(await app.wallet.ledger.balances(eleni.id, 'EUR')).toMatchObject({ real: 2_000, bonus: 1_000 });

    // Each grant is a new one, whatever the campaign's per-player limit: the second waits, issued.
    const again = await operator('POST', `/players/${eleni.id}/bonuses`, { campaign: id, currency: 'EUR' });
    expect(again.statusCode).toBe(201);
    expect(again.json().bonuses).toMatchObject([{ campaign: id, stage: 'issued' }]);

    const seen = await operator('GET', `/players/${eleni.id}/bonuses`, undefined);
    expect(seen.statusCode).toBe(200);
    expect(seen.json().bonuses.map((b: { stage: string }) => b.stage)).toEqual(['issued', 'activated']);

    // Replaced whole: the new title and terms are what the list shows; the campaign is not created twice.
    const replaced = await operator(
      'PUT',
      `/bonus_campaigns/${id}`,
      campaign({ title: { en: 'Twenty on the house', el: 'Είκοσι από το κατάστημα' }, active: false }),
    );
    expect(replaced.statusCode).toBe(200);
    expect(replaced.json()).toMatchObject({ id, code: null, active: false });
    const listed = (await operator('GET', '/bonus_campaigns'))
      .json()
      .filter((c: { id: string }) => c.id === id);
    expect(listed).toMatchObject([{ title: { en: 'Twenty on the house' }, active: false }]);
  });

  it('grants free spins and lootboxes the same way, in the currency asked for', async () => {
    const nikos = await newPlayer(app);
    const spins = await operator('POST', `/players/${nikos.id}/bonuses`, {
      campaign: 'drachma-spins-coupon',
    });
    expect(spins.statusCode).toBe(201);
    expect(spins.json()).toMatchObject({
      bonuses: [],
      freespins: [
        { count: 10, played: 0, value_cents: 20, game: { identifier: 'chrysos-originals:golden-drachma' } },
      ],
    });
    const chest = await operator('POST', `/players/${nikos.id}/bonuses`, {
      campaign: 'olympus-chest',
      reason: 'Goodwill after a frozen game',
    });
    expect(chest.json().lootboxes).toMatchObject([{ campaign: 'olympus-chest', stage: 'issued' }]);
    const seen = (await operator('GET', `/players/${nikos.id}/bonuses`)).json();
    expect(seen.freespins).toHaveLength(1);
    expect(seen.lootboxes).toHaveLength(1);
    expect((await player(nikos, '/player/lootboxes')).json()).toHaveLength(1);

    // Each grant is an operator's action on the player: in the compliance audit trail, with what it gave.
    const trail = await app.database.db
      .select()
      .from(schema.complianceAuditLog)
      .where(eq(schema.complianceAuditLog.playerId, nikos.id))
      .orderBy(asc(schema.complianceAuditLog.id));
    // The deployment's OPERATOR_API_TOKEN acts as its own automation account.
    const byToken = await automationActor(app);
    expect(trail.map(({ actor, action, details, ip }) => ({ actor, action, details, ip }))).toEqual([
      {
        actor: byToken,
        action: 'bonus.granted',
        details: expect.objectContaining({
          campaign: 'drachma-spins-coupon',
          currency: 'EUR',
          freespins: [seen.freespins[0].id],
          lootboxes: [],
        }),
        ip: '127.0.0.1',
      },
      {
        actor: byToken,
        action: 'bonus.granted',
        details: expect.objectContaining({
          campaign: 'olympus-chest',
          lootboxes: [seen.lootboxes[0].id],
          reason: 'Goodwill after a frozen game',
        }),
        ip: '127.0.0.1',
      },
    ]);
  });

  it('refuses terms the engine cannot read with 422, each problem named by its field', async () => {
    const id = `broken-${randomUUID().slice(0, 8)}`;
    const broken = await operator(
      'PUT',
      `/bonus_campaigns/${id}`,
      campaign({
        terms: {
          amount: { EUR: -5 },
          wagering: { multiplier: 30, on: 'everything', days: 0 },
          eligibility: { weekdays: [0, 8] },
        },
      }),
    );
    expect(broken.statusCode).toBe(422);
    const { codes } = broken.json();
    expect(codes).toMatchObject({
      'terms.amount.EUR': ['validation.min_value'],
      'terms.wagering.on': ['validation.invalid'],
      'terms.wagering.days': ['validation.invalid'],
      'terms.eligibility.weekdays.0': ['validation.min_value'],
      'terms.eligibility.weekdays.1': ['validation.max_value'],
    });

    // Counts and periods no promotion reaches: refused, not a date past the calendar or a million batches.
    const absurd = await operator(
      'PUT',
      `/bonus_campaigns/${id}`,
      campaign({
        kind: 'freespins',
        terms: {
          freespins: {
            game: 'chrysos-originals:golden-drachma',
            count: 10,
            batches: 1_000_000,
            value: { EUR: 20 },
            playDays: 7,
            wagering: { multiplier: 1e300, days: 7 },
          },
          claimDays: Number.MAX_SAFE_INTEGER,
        },
      }),
    );
    expect(absurd.statusCode).toBe(422);
    expect(absurd.json().codes).toEqual({
      'terms.freespins.batches': ['validation.max_value'],
      'terms.freespins.wagering.multiplier': ['validation.max_value'],
      'terms.claimDays': ['validation.max_value'],
    });

    // A deposit campaign must say what it matches; a no-deposit one what it gives.
    const noMatch = await operator('PUT', `/bonus_campaigns/${id}`, campaign({ kind: 'deposit' }));
    expect(noMatch.statusCode).toBe(422);
    expect(noMatch.json().codes).toEqual({ 'terms.match': ['validation.required'] });

    // Free spins on a game the lobby does not have.
    const spins = {
      game: 'nowhere:no-such-slot',
      count: 10,
      value: { EUR: 20 },
      playDays: 7,
      wagering: { multiplier: 30, days: 7 },
    };
    const unknownGame = await operator(
      'PUT',
      `/bonus_campaigns/${id}`,
      campaign({ kind: 'freespins', terms: { freespins: spins } }),
    );
    expect(unknownGame.statusCode).toBe(422);
    expect(unknownGame.json().codes).toEqual({ 'terms.freespins.game': ['bonuses.campaign_game_unknown'] });

    // The end before the start; a code another campaign has, in any case.
    const backwards = await operator(
      'PUT',
      `/bonus_campaigns/${id}`,
      campaign({ starts_at: '2026-12-01T00:00:00Z', ends_at: '2026-11-01T00:00:00Z' }),
    );
    expect(backwards.json().codes).toEqual({ ends_at: ['validation.invalid'] });
    const taken = await operator('PUT', `/bonus_campaigns/${id}`, campaign({ code: 'reload' }));
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({
      codes: { code: ['bonuses.campaign_code_taken'] },
      params: { code: [{ code: 'RELOAD' }] },
    });

    // None of them was stored.
    const ids = (await operator('GET', '/bonus_campaigns')).json().map((c: { id: string }) => c.id);
    expect(ids).not.toContain(id);
  });

  it('refuses an unknown campaign, an unknown player, a currency they have no account in, and a deposit offer', async () => {
    const maria = await newPlayer(app);
    const unknownCampaign = await operator('POST', `/players/${maria.id}/bonuses`, {
      campaign: 'no-such-thing',
    });
    expect(unknownCampaign.statusCode).toBe(404);
    expect(unknownCampaign.json()).toMatchObject({
      codes: { campaign: ['bonuses.campaign_not_found'] },
      errors: { campaign: ['No bonus campaign is called no-such-thing'] },
    });

    const nobody = randomUUID();
    for (const response of [
      await operator('POST', `/players/${nobody}/bonuses`, { campaign: 'olympus-chest' }),
      await operator('GET', `/players/${nobody}/bonuses`),
    ]) {
      expect(response.statusCode).toBe(404);
      expect(response.json().codes).toEqual({ id: ['bonuses.player_not_found'] });
    }

    const dollars = await operator('POST', `/players/${maria.id}/bonuses`, {
      campaign: 'olympus-chest',
      currency: 'USD',
    });
    expect(dollars.statusCode).toBe(422);
    expect(dollars.json()).toMatchObject({
      codes: { currency: ['bonuses.no_account'] },
      params: { currency: [{ currency: 'USD' }] },
    });

    // The weekend reload is a deposit match and nothing else: without a deposit it gives nothing.
    const reload = await operator('POST', `/players/${maria.id}/bonuses`, { campaign: 'weekend-reload' });
    expect(reload.statusCode).toBe(422);
    expect(reload.json().codes).toEqual({ campaign: ['bonuses.nothing_to_grant'] });
    expect((await operator('GET', `/players/${maria.id}/bonuses`)).json()).toEqual({
      bonuses: [],
      freespins: [],
      lootboxes: [],
    });
  });
});
