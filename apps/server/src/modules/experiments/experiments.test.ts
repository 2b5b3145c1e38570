import { randomUUID } from 'node:crypto';
import type { ExperimentVariation } from '@chrysos/contract';
import { createDatabase, type Database, schema } from '@chrysos/db';
import { openTestDatabase, testDatabaseKinds } from '@chrysos/db/testing';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { buildTestApp } from '../../testing/build-test-app.ts';
import { newPlayer, type TestPlayer } from '../../testing/factories.ts';
import { describeOnPostgres } from '../../testing/on-postgres.ts';
import { parseConfig } from '../config.ts';
import { pageVariantOf } from '../content/public.ts';
import { viewerOf } from '../player/public.ts';
import { chooseVariation, type Hashable } from './choose-variation.ts';

const token = 'experiments-operator-token-0123456789abcdef';
const operator = { authorization: `Bearer ${token}` };
const halves: ExperimentVariation[] = [
  { key: 'control', path: '/', weight: 0.5 },
  { key: 'variant', path: '/b', weight: 0.5 },
];
const weighted = (control: number): ExperimentVariation[] => [
  { key: 'control', path: '/', weight: control },
  { key: 'variant', path: '/b', weight: Math.round((1 - control) * 100) / 100 },
];
/** The seeded demo experiment and its content (content/{en,el}/firstDepositBonusBanner). */
const demo = 'home-welcome-banner';
const banners = {
  control: 'Your first deposit counts double',
  variant: '100 free spins are waiting for you',
};

/** The cookie analytics-next sets: the anonymous id JSON-encoded, then URI-encoded by js-cookie. */
const visitorCookie = (anonymousId: string) =>
  `ajs_anonymous_id=${encodeURIComponent(JSON.stringify(anonymousId))}`;
/** A new visitor id that the experiment's hashing puts in `variation` (null: outside its coverage). */
function visitorIn(experiment: Hashable, variation: number | null, alsoAfter?: [Hashable, number]): string {
  for (;;) {
    const id = randomUUID();
    if (chooseVariation(experiment, id) !== variation) continue;
    if (alsoAfter && chooseVariation(alsoAfter[0], id) !== alsoAfter[1]) continue;
    return id;
  }
}
const hashable = (id: string, variations: ExperimentVariation[], coverage = 1): Hashable => ({
  id,
  seed: id,
  coverage,
  variations,
});

type App = Awaited<ReturnType<typeof buildApp>>;

function clientOf(app: App) {
  return {
    put: (id: string, body: object, headers: Record<string, string> = operator) =>
      app.inject({ method: 'PUT', url: `/api/operator/experiments/${id}`, headers, payload: body }),
    one: async (id: string) =>
      (await app.inject({ url: `/api/operator/experiments/${id}`, headers: operator })).json(),
    ab: (id: string, cookie?: string, query = '') =>
      app.inject({ url: `/api/v2/ab/${id}${query}`, headers: cookie ? { cookie } : {} }),
  };
}

describe.each(testDatabaseKinds)('A/B tests on %s', (kind) => {
  let app: Awaited<ReturnType<typeof buildTestApp>>;
  let zoe: TestPlayer;
  let nikos: TestPlayer;
  let client: ReturnType<typeof clientOf>;
  beforeAll(async () => {
    app = await buildTestApp(
      kind,
      { OPERATOR_API_TOKEN: token },
      {
        // What a page reads of the request (its viewer, its render-cache key), with a real request.
        beforeReady: (instance) =>
          instance.get('/test/page', async (request) => {
            const viewer = await viewerOf(instance, request);
            return {
              key: await pageVariantOf(instance)(request),
              abVariants: viewer.abVariants,
              banner: instance.content.first('firstDepositBonusBanner', 'en', viewer)?.data.title ?? null,
            };
          }),
      },
    );
    [zoe, nikos] = [await newPlayer(app), await newPlayer(app)];
    client = clientOf(app);
  });
  afterAll(() => app.closeAll());

  const exposures = (experiment: string) =>
    app.database.db
      .select()
      .from(schema.analyticsEvents)
      .where(
        and(
          eq(schema.analyticsEvents.name, 'Experiment Viewed'),
          sql`${schema.analyticsEvents.properties}->>'experiment_id' = ${experiment}`,
        ),
      );
  const assignments = (experiment: string) =>
    app.database.db
      .select()
      .from(schema.experimentAssignments)
      .where(eq(schema.experimentAssignments.experimentId, experiment));

  it('gives each subject their own group, the same on every ask, and records each first exposure once', async () => {
    expect(
      (await client.put('welcome-copy', { name: 'Welcome copy', status: 'running', variations: halves }))
        .statusCode,
    ).toBe(201);
    const experiment = hashable('welcome-copy', halves);
    const inControl = visitorIn(experiment, 0);
    const inVariant = visitorIn(experiment, 1);
    const subjects = [
      { id: zoe.id, cookie: zoe.cookie, kind: 'player' },
      { id: nikos.id, cookie: nikos.cookie, kind: 'player' },
      { id: inControl, cookie: visitorCookie(inControl), kind: 'visitor' },
      // analytics.js (before analytics-next) kept the id unquoted.
      { id: inVariant, cookie: `ajs_anonymous_id=${inVariant}`, kind: 'visitor' },
    ];
    const answers = new Map<string, unknown>();
    for (const subject of subjects) {
      const asked = [];
      for (const query of ['?utm_source=newsletter&utm_campaign=spring', '', '?utm_source=other']) {
        const answer = await client.ab('welcome-copy', subject.cookie, query);
        expect(answer.statusCode).toBe(200);
        asked.push(answer.json());
      }
      const variation = halves[chooseVariation(experiment, subject.id) ?? -1];
      expect(asked).toEqual(Array(3).fill({ path: variation?.path, group: variation?.key }));
      answers.set(subject.id, asked[0]);
    }
    expect(answers.get(inControl)).toEqual({ path: '/', group: 'control' });
    expect(answers.get(inVariant)).toEqual({ path: '/b', group: 'variant' });

    const recorded = await exposures('welcome-copy');
    expect(recorded).toHaveLength(subjects.length);
    for (const subject of subjects) {
      const { group, path } = answers.get(subject.id) as { group: string; path: string };
      expect(recorded.filter((event) => (event.userId ?? event.anonymousId) === subject.id)).toEqual([
        expect.objectContaining({
          source: 'platform',
          messageId: `exposure:welcome-copy:${subject.id}`,
          userId: subject.kind === 'player' ? subject.id : null,
          anonymousId: subject.kind === 'visitor' ? subject.id : null,
          // The utm_ parameters of the ask that assigned them, the first.
          properties: {
            experiment_id: 'welcome-copy',
            variation: group,
            path,
            utm_source: 'newsletter',
            utm_campaign: 'spring',
          },
        }),
      ]);
    }
    const tally = { control: 0, variant: 0 };
    for (const answer of answers.values()) tally[(answer as { group: 'control' | 'variant' }).group]++;
    expect((await client.one('welcome-copy')).assigned).toEqual(tally);
  });

  it('neither assigns nor records a visitor without the analytics cookie, who sees the control', async () => {
    await client.put('no-consent', { name: 'No consent', status: 'running', variations: halves });
    for (const cookie of [
      undefined,
      'i18n_redirected=en',
      'ajs_anonymous_id=%7B%22a%22%3A1%7D',
      'ajs_anonymous_id=',
    ]) {
      const answer = await client.ab('no-consent', cookie);
      expect(answer.json()).toEqual({ path: '/', group: 'control' });
    }
    expect(await assignments('no-consent')).toEqual([]);
    expect(await exposures('no-consent')).toEqual([]);
    expect((await client.one('no-consent')).assigned).toEqual({ control: 0, variant: 0 });
  });

  it('answers 404 for an experiment that is unknown, a draft or stopped, and the same group once it runs again', async () => {
    const notFound = async (id: string) => {
      const answer = await client.ab(id, zoe.cookie);
      expect(answer.statusCode).toBe(404);
      expect(answer.json().codes).toEqual({ testId: ['experiments.not_found'] });
    };
    await notFound('no-such-test');
    const body = { name: 'Paused', status: 'draft', variations: halves };
    await client.put('paused', body);
    await notFound('paused');
    await client.put('paused', { ...body, status: 'running' });
    const first = (await client.ab('paused', zoe.cookie)).json();
    await client.put('paused', { ...body, status: 'stopped' });
    await notFound('paused');
    // Stopping assigns no one, and forgets no one.
    await client.put('paused', { ...body, status: 'running', variations: weighted(0.1) });
    expect((await client.ab('paused', zoe.cookie)).json()).toEqual(first);
    expect(await assignments('paused')).toHaveLength(1);
  });

  it('keeps every assigned subject in their group when the weights move from 50/50 to 80/20', async () => {
    const before = hashable('reweighted', halves);
    const after = hashable('reweighted', weighted(0.8));
    await client.put('reweighted', { name: 'Reweighted', status: 'running', variations: halves });
    // Those hashing alone would move (a bucket in [0.5, 0.8): variant before, control after), and others.
    const movers = Array.from({ length: 10 }, () => visitorIn(before, 1, [after, 0]));
    const stayers = [visitorIn(before, 0), visitorIn(before, 1, [after, 1])];
    const subjects = [...movers, ...stayers].map(visitorCookie).concat([zoe.cookie, nikos.cookie]);
    const answersOf = () =>
      Promise.all(subjects.map(async (cookie) => (await client.ab('reweighted', cookie)).json()));
    const assigned = await answersOf();
    expect(assigned.filter((answer) => answer.group === 'variant').length).toBeGreaterThanOrEqual(
      movers.length,
    );

    const moved = await client.put('reweighted', {
      name: 'Reweighted',
      status: 'running',
      variations: weighted(0.8),
    });
    expect(moved.statusCode).toBe(200);
    expect(moved.json().variations).toEqual(weighted(0.8));
    expect(await answersOf()).toEqual(assigned);
    // A newcomer is hashed by the new weights: the bucket that was the variant's is now the control's.
    const newcomer = visitorIn(before, 1, [after, 0]);
    expect((await client.ab('reweighted', visitorCookie(newcomer))).json()).toEqual({
      path: '/',
      group: 'control',
    });
    expect(await exposures('reweighted')).toHaveLength(subjects.length + 1);

    // Assignments are kept by position: with subjects assigned, the arms stay the arms.
    const renamed = await client.put('reweighted', {
      name: 'Reweighted',
      status: 'running',
      variations: [halves[0], { ...halves[1], key: 'another' }],
    });
    expect(renamed.statusCode).toBe(422);
    expect(renamed.json().codes).toEqual({ variations: ['validation.invalid'] });
  });

  it('leaves a subject outside the coverage in the control, unrecorded', async () => {
    const experiment = hashable('half-covered', halves, 0.5);
    await client.put('half-covered', {
      name: 'Half covered',
      status: 'running',
      variations: halves,
      coverage: 0.5,
    });
    const outside = visitorIn(experiment, null);
    const inside = visitorIn(experiment, 1);
    expect((await client.ab('half-covered', visitorCookie(outside))).json()).toEqual({
      path: '/',
      group: 'control',
    });
    expect((await client.ab('half-covered', visitorCookie(inside))).json()).toEqual({
      path: '/b',
      group: 'variant',
    });
    expect((await assignments('half-covered')).map((row) => row.subject)).toEqual([inside]);
    expect((await exposures('half-covered')).map((event) => event.anonymousId)).toEqual([inside]);
  });

  it('creates and replaces experiments only with 2–10 variations, unique keys, weights summing to 1 and root paths', async () => {
    const body = { name: 'Checked', status: 'running', variations: halves };
    const refusals: [object, string][] = [
      [{ ...body, variations: [{ key: 'control', path: '/', weight: 1 }] }, 'variations'],
      [
        {
          ...body,
          variations: Array.from({ length: 11 }, (_, n) => ({
            key: `v${n}`,
            path: '/',
            weight: n === 0 ? 1 : 0,
          })),
        },
        'variations',
      ],
      [{ ...body, variations: [halves[0], { ...halves[1], key: 'control' }] }, 'variations.1.key'],
      [
        { ...body, variations: weighted(0.5).map((variation) => ({ ...variation, weight: 0.45 })) },
        'variations',
      ],
      [
        {
          ...body,
          variations: [halves[0], { ...halves[1], weight: -0.5 }, { key: 'c', path: '/c', weight: 1 }],
        },
        'variations.1.weight',
      ],
      [{ ...body, variations: [halves[0], { ...halves[1], path: 'b' }] }, 'variations.1.path'],
      [{ ...body, status: 'paused' }, 'status'],
      [{ ...body, coverage: 1.5 }, 'coverage'],
    ];
    for (const [refused, field] of refusals) {
      const answer = await client.put('checked', refused);
      expect(answer.statusCode, JSON.stringify(refused)).toBe(422);
      expect(Object.keys(answer.json().codes)).toContain(field);
    }
    expect((await client.put('checked', body, {})).statusCode).toBe(401);
    expect((await client.one('checked')).codes).toEqual({ id: ['experiments.not_found'] });

    // Floating-point weights that sum to 1 as written are taken; the seed is the id unless given.
    const thirds = [
      { key: 'control', path: '/', weight: 0.1 },
      { key: 'b', path: '/b', weight: 0.2 },
      { key: 'c', path: '/c', weight: 0.7 },
    ];
    const created = await client.put('checked', { ...body, variations: thirds });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ id: 'checked', seed: 'checked', coverage: 1, variations: thirds });
    const replaced = await client.put('checked', { ...body, name: 'Checked again', seed: 'reseeded' });
    expect(replaced.statusCode).toBe(200);
    expect(replaced.json()).toMatchObject({ name: 'Checked again', seed: 'reseeded', variations: halves });
    const listed = await app.inject({ url: '/api/operator/experiments', headers: operator });
    expect(listed.json().map((experiment: { id: string }) => experiment.id)).toEqual(
      expect.arrayContaining(['checked', demo]),
    );
  });

  it("gives a page the variant /v2/ab answers: its content's ab rule and its render-cache key", async () => {
    // Visitors in the control of every other running experiment (this file's own), so that their pages
    // differ by the demo's group alone.
    const listed = await app.inject({ url: '/api/operator/experiments', headers: operator });
    const others = (listed.json() as (Hashable & { status: string })[]).filter(
      (experiment) => experiment.status === 'running' && experiment.id !== demo,
    );
    const inDemo = (variation: number) => {
      for (;;) {
        const id = visitorIn(hashable(demo, halves), variation);
        if (others.every((experiment) => (chooseVariation(experiment, id) ?? 0) === 0)) return id;
      }
    };
    const inControl = inDemo(0);
    const inVariant = inDemo(1);
    const page = async (cookie?: string) =>
      (await app.inject({ url: '/test/page?utm_source=ads', headers: cookie ? { cookie } : {} })).json();

    const control = await page(visitorCookie(inControl));
    const variant = await page(visitorCookie(inVariant));
    expect(control).toMatchObject({ abVariants: { [demo]: '/' }, banner: banners.control });
    expect(variant).toMatchObject({ abVariants: { [demo]: '/b' }, banner: banners.variant });
    // Two visitors in different groups never share a cached page; a visitor without the cookie sees the
    // control's page, which may be the control group's.
    expect(variant.key).not.toBe(control.key);
    expect((await page(visitorCookie(inVariant))).key).toBe(variant.key);
    const unassigned = await page();
    expect(unassigned).toMatchObject({ abVariants: { [demo]: '/' }, banner: banners.control });
    expect(unassigned.key).toBe(control.key);

    // The page assigned them as /v2/ab would have, and recorded their exposure with the page's utm_.
    expect((await client.ab(demo, visitorCookie(inVariant))).json()).toEqual({
      path: '/b',
      group: 'free-spins-first',
    });
    const recorded = (await exposures(demo)).filter((event) => event.anonymousId === inVariant);
    expect(recorded.map((event) => event.properties)).toEqual([
      { experiment_id: demo, variation: 'free-spins-first', path: '/b', utm_source: 'ads' },
    ]);
    // A signed-in player's page shows their own group's banner.
    const zoesGroup = (await client.ab(demo, zoe.cookie)).json();
    expect((await page(zoe.cookie)).banner).toBe(zoesGroup.path === '/b' ? banners.variant : banners.control);
  });
});

describeOnPostgres('A/B tests on two instances of one PostgreSQL database', () => {
  let database: Database & { url?: string };
  const pools: Database[] = [];
  const instances: App[] = [];

  beforeAll(async () => {
    database = await openTestDatabase('postgres', { studioTitles: true });
    const config = parseConfig({ NODE_ENV: 'test', JACKPOT_CURRENCIES: '', OPERATOR_API_TOKEN: token });
    for (let started = 0; started < 2; started++) {
      const pool = await createDatabase({ url: database.url, poolSize: 4 });
      pools.push(pool);
      const app = await buildApp({
        config,
        database: pool,
        web: false,
        logger: false,
        preloaded: { content: true, studioTitles: true },
      });
      await app.ready();
      instances.push(app);
    }
  });
  afterAll(async () => {
    for (const app of instances) await app.close();
    for (const pool of pools) await pool.close();
    await database?.close();
  });

  it('answers a subject the same group on either instance, asked on both at once, and stores it once', async () => {
    const [a, b] = instances.map(clientOf) as [ReturnType<typeof clientOf>, ReturnType<typeof clientOf>];
    await a.put('shared', { name: 'Shared', status: 'running', variations: halves });
    const visitors = Array.from({ length: 20 }, () => randomUUID());
    const answers = await Promise.all(
      visitors.map((visitor) =>
        Promise.all([a.ab('shared', visitorCookie(visitor)), b.ab('shared', visitorCookie(visitor))]),
      ),
    );
    for (const [index, [onA, onB]] of answers.entries()) {
      const variation = halves[chooseVariation(hashable('shared', halves), visitors[index] ?? '') ?? -1];
      expect(onA.json()).toEqual({ path: variation?.path, group: variation?.key });
      expect(onB.json()).toEqual(onA.json());
    }
    const rows = await database.db
      .select({ subjects: sql<number>`count(*)::int` })
      .from(schema.experimentAssignments)
      .where(eq(schema.experimentAssignments.experimentId, 'shared'));
    expect(rows[0]?.subjects).toBe(visitors.length);
    const events = await database.db
      .select({ events: sql<number>`count(*)::int` })
      .from(schema.analyticsEvents)
      .where(sql`${schema.analyticsEvents.properties}->>'experiment_id' = 'shared'`);
    expect(events[0]?.events).toBe(visitors.length);

    // A change on one instance is what the other assigns by on its next request.
    await a.put('shared', { name: 'Shared', status: 'running', variations: weighted(0.8) });
    const newcomer = visitorIn(hashable('shared', halves), 1, [hashable('shared', weighted(0.8)), 0]);
    expect((await b.ab('shared', visitorCookie(newcomer))).json()).toEqual({ path: '/', group: 'control' });
    await a.put('shared', { name: 'Shared', status: 'stopped', variations: weighted(0.8) });
    expect((await b.ab('shared', visitorCookie(newcomer))).statusCode).toBe(404);
  });
});
