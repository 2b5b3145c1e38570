import { fileURLToPath } from 'node:url';
import { schema } from '@chrysos/db';
import { testDatabaseKinds } from '@chrysos/db/testing';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../testing/build-test-app.ts';
import { newPlayer } from '../../testing/factories.ts';
import { advertisedCampaigns } from './advertised-campaigns.ts';
import { depositCampaign, depositOffers } from './deposit-offers.ts';
import { type CampaignRow, openTo, type PlayerFacts, termsOf, timesHad, weekdayIn } from './eligibility.ts';
import { campaignTerms } from './terms.ts';

const fiat = [
  { code: 'EUR', subunits: 100 },
  { code: 'USD', subunits: 100 },
];
const rows = new Map(
  advertisedCampaigns(fiat).map((campaign): [string, CampaignRow] => [
    campaign.id,
    {
      ...campaign,
      active: true,
      startsAt: null,
      endsAt: null,
      createdAt: new Date('2026-01-01T00:00:00Z'),
      updatedAt: new Date('2026-01-01T00:00:00Z'),
    },
  ]),
);
const campaign = (id: string) => {
  const row = rows.get(id);
  if (!row) throw new Error(`no advertised campaign ${id}`);
  return row;
};
/** A campaign of the operator's, with its terms parsed as the engine reads them. */
const customCampaign = (terms: Record<string, unknown>, row: Partial<CampaignRow> = {}): CampaignRow => ({
  id: 'custom',
  kind: 'no_deposit',
  code: 'CUSTOM',
  title: { en: 'Custom', el: 'Προσαρμοσμένη' },
  terms,
  active: true,
  startsAt: null,
  endsAt: null,
  createdAt: new Date('2026-01-01T00:00:00Z'),
  updatedAt: new Date('2026-01-01T00:00:00Z'),
  ...row,
});

/** A player in Greece on the Curaçao licence, in EUR, with one deposit made, at `now`. */
const facts = (now: string, more: Partial<PlayerFacts> = {}): PlayerFacts => ({
  playerId: '00000000-0000-4000-8000-000000000001',
  currency: 'EUR',
  country: 'GR',
  groups: [],
  licence: 'curacao',
  depositsBefore: 1,
  now: new Date(now),
  ...more,
});

const open = (row: CampaignRow, at: PlayerFacts) => {
  const terms = termsOf(row);
  if (!terms) throw new Error(`the terms of ${row.id} do not parse`);
  return openTo(row, terms, at);
};

describe('the weekend reload’s days, in Athens time', () => {
  const reload = campaign('weekend-reload');

  it('opens on Thursday 23:30 UTC in winter, already Friday 01:30 in Athens', () => {
    // 15 January 2026 is a Thursday; Athens is UTC+2 in winter.
    expect(weekdayIn(new Date('2026-01-15T23:30:00Z'), 'UTC')).toBe(4);
    expect(weekdayIn(new Date('2026-01-15T23:30:00Z'), 'Europe/Athens')).toBe(5);
    expect(open(reload, facts('2026-01-15T23:30:00Z'))).toBe(true);
  });

  it('closes on Sunday 22:30 UTC in summer, already Monday 01:30 in Athens', () => {
    // 5 July 2026 is a Sunday; Athens is UTC+3 in summer.
    expect(weekdayIn(new Date('2026-07-05T22:30:00Z'), 'UTC')).toBe(7);
    expect(weekdayIn(new Date('2026-07-05T22:30:00Z'), 'Europe/Athens')).toBe(1);
    expect(open(reload, facts('2026-07-05T22:30:00Z'))).toBe(false);
  });

  it('turns at Athens midnight, whichever offset the season gives', () => {
    // Winter: Thursday 23:59 Athens is 21:59 UTC, Friday 00:00 is 22:00 UTC.
    expect(open(reload, facts('2026-01-15T21:59:00Z'))).toBe(false);
    expect(open(reload, facts('2026-01-15T22:00:00Z'))).toBe(true);
    expect(open(reload, facts('2026-01-18T21:59:00Z'))).toBe(true);
    expect(open(reload, facts('2026-01-18T22:00:00Z'))).toBe(false);
    // Summer: one hour earlier in UTC.
    expect(open(reload, facts('2026-07-02T20:59:00Z'))).toBe(false);
    expect(open(reload, facts('2026-07-02T21:00:00Z'))).toBe(true);
    expect(open(reload, facts('2026-07-05T20:59:00Z'))).toBe(true);
    expect(open(reload, facts('2026-07-05T21:00:00Z'))).toBe(false);
  });

  it('is open Friday to Sunday and closed Monday to Thursday', () => {
    // Noon in Athens each day of the week of Monday 12 January 2026.
    const week = [12, 13, 14, 15, 16, 17, 18].map((day) => open(reload, facts(`2026-01-${day}T10:00:00Z`)));
    expect(week).toEqual([false, false, false, false, true, true, true]);
  });

  it('follows the zone the terms name, not UTC', () => {
    const newYork = {
      ...reload,
      terms: {
        ...reload.terms,
        eligibility: { afterDeposits: 1, weekdays: [5, 6, 7], timeZone: 'America/New_York' },
      },
    };
    // Monday 02:00 UTC is still Sunday 21:00 in New York, and already Monday 04:00 in Athens.
    expect(open(newYork, facts('2026-01-19T02:00:00Z'))).toBe(true);
    expect(open(reload, facts('2026-01-19T02:00:00Z'))).toBe(false);
    // Friday 03:00 UTC is still Thursday 22:00 in New York, and Friday 05:00 in Athens.
    expect(open(newYork, facts('2026-01-16T03:00:00Z'))).toBe(false);
    expect(open(reload, facts('2026-01-16T03:00:00Z'))).toBe(true);
  });
});

describe('the other eligibility rules', () => {
  const saturday = '2026-01-17T10:00:00Z';

  it('offers the reload only after a first deposit, and the welcome package only with it', () => {
    const reload = campaign('weekend-reload');
    const welcome = campaign('welcome-package');
    expect(open(reload, facts(saturday, { depositsBefore: 0 }))).toBe(false);
    expect(open(reload, facts(saturday, { depositsBefore: 1 }))).toBe(true);
    expect(open(reload, facts(saturday, { depositsBefore: 7 }))).toBe(true);
    expect(open(welcome, facts(saturday, { depositsBefore: 0 }))).toBe(true);
    expect(open(welcome, facts(saturday, { depositsBefore: 1 }))).toBe(false);
    // A third-deposit offer: only the third.
    const third = customCampaign({ amount: { EUR: 500 }, eligibility: { depositNumber: 3 } });
    expect([0, 1, 2, 3].map((before) => open(third, facts(saturday, { depositsBefore: before })))).toEqual([
      false,
      false,
      true,
      false,
    ]);
  });

  it('asks for any one of its groups, its countries and its licences', () => {
    const vip = customCampaign({
      amount: { EUR: 500 },
      eligibility: { groups: ['vip', 'high-roller'], countries: ['GR', 'CY'], licences: ['malta'] },
    });
    const maltese = { licence: 'malta', groups: ['high-roller'] };
    expect(open(vip, facts(saturday, maltese))).toBe(true);
    expect(open(vip, facts(saturday, { ...maltese, groups: [] }))).toBe(false);
    expect(open(vip, facts(saturday, { ...maltese, groups: ['depositor'] }))).toBe(false);
    expect(open(vip, facts(saturday, { ...maltese, country: 'CY' }))).toBe(true);
    expect(open(vip, facts(saturday, { ...maltese, country: 'DE' }))).toBe(false);
    // A player who never gave a country is in none of the listed ones.
    expect(open(vip, facts(saturday, { ...maltese, country: null }))).toBe(false);
    expect(open(vip, facts(saturday, { ...maltese, licence: 'curacao' }))).toBe(false);
    // Without those rules, anyone.
    const everyone = customCampaign({ amount: { EUR: 500 } });
    expect(open(everyone, facts(saturday, { country: null, licence: 'curacao' }))).toBe(true);
  });

  it('is closed in a currency its terms give no amount in', () => {
    expect(open(campaign('weekend-reload'), facts(saturday, { currency: 'USD' }))).toBe(true);
    expect(open(campaign('weekend-reload'), facts(saturday, { currency: 'BTC' }))).toBe(false);
    // A match needs both its cap and its minimum deposit in the currency.
    const capOnly = customCampaign(
      { match: { percent: 100, max: { EUR: 10_000, GBP: 10_000 }, minDeposit: { EUR: 1_000 } } },
      { kind: 'deposit' },
    );
    expect(open(capOnly, facts(saturday))).toBe(true);
    expect(open(capOnly, facts(saturday, { currency: 'GBP' }))).toBe(false);
    const fixed = customCampaign({ amount: { EUR: 500 } });
    expect(open(fixed, facts(saturday, { currency: 'USD' }))).toBe(false);
    expect(open(campaign('drachma-spins-coupon'), facts(saturday, { currency: 'USD' }))).toBe(true);
    expect(open(campaign('drachma-spins-coupon'), facts(saturday, { currency: 'BTC' }))).toBe(false);
    // A lootbox pays its prizes in the player's currency as its table says: it is open in any.
    expect(open(campaign('olympus-chest'), facts(saturday, { currency: 'BTC' }))).toBe(true);
    // Terms that give nothing at all are open to no one.
    expect(open(customCampaign({}), facts(saturday))).toBe(false);
  });

  it('is closed while withdrawn, before its start and from its end', () => {
    const terms = { amount: { EUR: 500 } };
    expect(open(customCampaign(terms, { active: false }), facts(saturday))).toBe(false);
    expect(open(customCampaign(terms, { startsAt: new Date('2026-01-17T10:00:01Z') }), facts(saturday))).toBe(
      false,
    );
    expect(open(customCampaign(terms, { startsAt: new Date(saturday) }), facts(saturday))).toBe(true);
    expect(open(customCampaign(terms, { endsAt: new Date(saturday) }), facts(saturday))).toBe(false);
    expect(open(customCampaign(terms, { endsAt: new Date('2026-01-17T10:00:01Z') }), facts(saturday))).toBe(
      true,
    );
  });

  it('offers a campaign whose terms no longer parse to no one', () => {
    expect(termsOf(customCampaign({ amount: { EUR: -1 } }))).toBeNull();
    expect(campaignTerms.safeParse(campaign('weekend-reload').terms).success).toBe(true);
  });
});

describe.each(testDatabaseKinds)('the weekend reload once a week on %s', (kind) => {
  let app: Awaited<ReturnType<typeof buildTestApp>>;

  beforeAll(async () => {
    app = await buildTestApp(kind, {
      CONTENT_DIR: fileURLToPath(new URL('../content/fixtures', import.meta.url)),
    });
  });
  afterAll(() => app.closeAll());

  async function reloadRow() {
    const [row] = await app.database.db
      .select()
      .from(schema.bonusCampaigns)
      .where(eq(schema.bonusCampaigns.id, 'weekend-reload'));
    if (!row) throw new Error('the weekend reload was not seeded');
    return row;
  }

  /** A reload the player had, as a deposit's grant made at `at`. */
  async function hadReload(playerId: string, at: string, source: string) {
    await app.database.db.insert(schema.playerBonuses).values({
      playerId,
      campaignId: 'weekend-reload',
      kind: 'deposit',
      currency: 'EUR',
      stage: 'wagered',
      amount: 2_500,
      wageringRequired: 75_000,
      contributions: { categories: { slots: 100 }, games: {}, other: 10 },
      wagerDays: 14,
      source,
      createdAt: new Date(at),
    });
  }

  const codes = async (playerId: string, now: string) =>
    (await depositOffers(app.database.db, facts(now, { playerId }), 'en')).map((offer) => offer.code);

  it('refuses a second reload the same week and offers it again the next week', async () => {
    const player = await newPlayer(app);
    const row = await reloadRow();
    const terms = termsOf(row);
    if (!terms) throw new Error('the weekend reload’s terms do not parse');
    const friday = '2026-01-16T10:00:00Z';
    const sunday = '2026-01-18T20:00:00Z';
    const nextFriday = '2026-01-23T10:00:00Z';
    expect(await codes(player.id, friday)).toEqual(['RELOAD']);

    await hadReload(player.id, friday, 'deposit:first-reload');
    expect(await timesHad(app.database.db, row, terms, facts(sunday, { playerId: player.id }))).toBe(1);
    expect(await codes(player.id, sunday)).toEqual([]);
    await expect(
      depositCampaign(app.database.db, facts(sunday, { playerId: player.id }), 'reload', 5_000),
    ).rejects.toMatchObject({ problems: [{ code: 'bonuses.deposit_code_ineligible', field: 'bonus_code' }] });

    // A new ISO week in Athens: the limit counts afresh.
    expect(await timesHad(app.database.db, row, terms, facts(nextFriday, { playerId: player.id }))).toBe(0);
    expect(await codes(player.id, nextFriday)).toEqual(['RELOAD']);
    const chosen = await depositCampaign(
      app.database.db,
      facts(nextFriday, { playerId: player.id }),
      'RELOAD',
      5_000,
    );
    expect(chosen.campaign.id).toBe('weekend-reload');
  });

  it('counts the week in Athens: a reload late on Sunday UTC is already the next Monday there', async () => {
    const player = await newPlayer(app);
    // Sunday 18 January 22:30 UTC is Monday 19 January 00:30 in Athens: the week of Friday 23 January.
    await hadReload(player.id, '2026-01-18T22:30:00Z', 'deposit:late-sunday');
    expect(await codes(player.id, '2026-01-17T10:00:00Z')).toEqual(['RELOAD']);
    expect(await codes(player.id, '2026-01-23T10:00:00Z')).toEqual([]);
    expect(await codes(player.id, '2026-01-30T10:00:00Z')).toEqual(['RELOAD']);
  });

  it('leaves other players’ reloads and other campaigns out of the count', async () => {
    const player = await newPlayer(app);
    const other = await newPlayer(app);
    await hadReload(other.id, '2026-01-16T10:00:00Z', 'deposit:someone-else');
    await app.database.db.insert(schema.playerBonuses).values({
      playerId: player.id,
      campaignId: 'olympus-chest',
      kind: 'lootbox',
      currency: 'EUR',
      amount: 200,
      wageringRequired: 6_000,
      contributions: { categories: {}, games: {}, other: 100 },
      wagerDays: 14,
      source: 'lootbox:some-box',
      createdAt: new Date('2026-01-16T10:00:00Z'),
    });
    expect(await codes(player.id, '2026-01-17T10:00:00Z')).toEqual(['RELOAD']);
  });
});
