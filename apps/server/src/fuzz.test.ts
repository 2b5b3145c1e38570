import { createHmac } from 'node:crypto';
import { openStudioSession } from '@chrysos/games/sessions';
import { launchPath, signLaunch } from '@chrysos/wallet-protocol';
import fc from 'fast-check';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signWebhook } from './modules/cashier/sandbox/sandbox-psp.ts';
import { houseStudio } from './modules/games/config.ts';
import { openGameSession } from './modules/wallet/game-sessions.ts';
import { cookieOf } from './testing/accounts.ts';
import { buildTestApp } from './testing/build-test-app.ts';

/**
 * Malformed, oversized, NUL-laden and wrong-typed requests to every route the app has — each operation
 * of the OpenAPI document and every route outside it (wallet protocol, studio API, sandbox PSP,
 * webhooks, probes, social sign-in, the demo mailbox, the image optimiser) — with junk in path
 * parameters, queries, bodies and headers. Bad input is the caller's mistake: a 5xx (or the wallet's
 * RS_ERROR_UNKNOWN, its 500) is a failure, and so is an answer that shows internals. Every random
 * choice comes from a fixed seed, so a failure repeats.
 */

const seed = 20_261_123;
const operatorToken = 'operator-token-for-fuzzing-0123456789abcdef';
const studioSecret = 'studio-secret-for-fuzzing-0123456789abcdef';
const pspSecret = 'sandbox-psp-secret-for-fuzzing-0123456789';

/** A small seeded generator (mulberry32) for the choices fast-check does not make. */
function seeded(start: number) {
  let state = start >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const random = seeded(seed);

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type JsonSchema = Record<string, unknown>;
interface Case {
  method: string;
  url: string;
  note: string;
  headers?: Record<string, string>;
  body?: string | Buffer;
  /** Sign the body for the wallet protocol or the webhook, so the junk gets past the signature. */
  sign?: boolean;
}

const uuid = '3f0c1a52-7a7e-4c55-9d7c-0b5a4f1e2d3c';
const huge = 'x'.repeat(100_000);
const nulText = 'Ni\u0000kos';
/** Values of the wrong type, or of the right type but absurd, for any one field. */
const wrongValues: Json[] = [
  null,
  0,
  -1,
  1.5,
  1e308,
  Number.MAX_SAFE_INTEGER + 2,
  true,
  '',
  ' ',
  nulText,
  '\u0007\u001b[31m',
  'line\nbreak',
  huge,
  '__proto__',
  '9'.repeat(400),
  '2026-13-45',
  '<script>alert(1)</script>',
  "' OR 1=1 --",
  '\ud800',
  [],
  [nulText, 1, null],
  {},
  JSON.parse('{"__proto__":{"polluted":true}}') as Json,
];
/** What replaces a path parameter. */
const junkSegments = [
  '%00',
  'a%00b',
  '__proto__',
  'constructor',
  'toString',
  'x'.repeat(90),
  '..%2F..%2Fetc%2Fpasswd',
  '%E2%80%AE%F0%9F%92%A9',
  '-1',
  '1e309',
  'NaN',
  '%20',
  uuid,
  uuid.toUpperCase(),
];
/** Bodies that are not the JSON a route reads, each with the content type it is sent as. */
const deepArray = `${'['.repeat(20_000)}${']'.repeat(20_000)}`;
const deepObject = `${'{"a":'.repeat(20_000)}1${'}'.repeat(20_000)}`;
const oversized = `{"a":"${'x'.repeat(2 * 1024 * 1024)}"}`;
const malformedBodies: [string, string | undefined, string | Buffer][] = [
  ['invalid JSON', 'application/json', '{bad'],
  ['truncated JSON', 'application/json', '{"user":{"email":'],
  ['empty JSON', 'application/json', ''],
  ['JSON null', 'application/json', 'null'],
  ['JSON array', 'application/json', '[1,2,3]'],
  ['JSON string', 'application/json', '"text"'],
  ['JSON number', 'application/json', '1e400'],
  ['raw NUL', 'application/json', '\u0000'],
  ['escaped NUL key', 'application/json', '{"\\u0000":"\\u0000"}'],
  [
    'prototype pollution',
    'application/json',
    '{"__proto__":{"admin":true},"constructor":{"prototype":{"x":1}}}',
  ],
  ['deeply nested array', 'application/json', deepArray],
  ['deeply nested object', 'application/json', deepObject],
  ['oversized', 'application/json', oversized],
  ['JSON in UTF-16', 'application/json; charset=utf-16', Buffer.from('{"a":1}', 'utf16le')],
  [
    'invalid UTF-8',
    'application/json',
    Buffer.from([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xff, 0xfe, 0x22, 0x7d]),
  ],
  ['plain text', 'text/plain', 'hello'],
  ['XML', 'application/xml', '<a>1</a>'],
  [
    'multipart',
    'multipart/form-data; boundary=x',
    '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n--x--',
  ],
  ['form', 'application/x-www-form-urlencoded', 'a=1&b=%00&__proto__[x]=1&c[]=1&c[]=2'],
  ['binary', 'application/octet-stream', Buffer.from([0, 1, 2, 255])],
  ['a body without a type', undefined, '{"a":1}'],
  ['a type without a body', 'application/json', ''],
  ['a made-up type', 'application/x-fuzz+json', '{}'],
];
/** Odd headers, each sent alone on an otherwise plausible request. */
const oddHeaders: [string, Record<string, string>][] = [
  ['Origin: null', { origin: 'null' }],
  ['an unparseable Origin', { origin: 'http://' }],
  ['a foreign Origin', { origin: 'https://evil.example' }],
  ['a cross-site fetch', { 'sec-fetch-site': 'cross-site' }],
  ['a malformed API version', { accept: 'application/vnd.s.vX+json' }],
  ['an unknown API version', { accept: 'application/vnd.s.v99+json' }],
  ['a random session cookie', { cookie: 'chrysos_session=aGVsbG8gd29ybGQ' }],
  ['a huge session cookie', { cookie: `chrysos_session=${'A'.repeat(8000)}` }],
  ['a malformed cookie header', { cookie: ';;=;chrysos_session;=%zz' }],
  ['an odd language', { 'accept-language': 'el;q=abc,*;q=-1,xx-YY' }],
  ['a junk forwarded address', { 'x-forwarded-for': 'not-an-ip, ::::, 999.1.1.1' }],
  ['a junk country header', { 'cf-ipcountry': 'ZZZZ' }],
  ['a junk operator token', { authorization: 'Bearer junk' }],
  ['a junk studio session', { 'x-studio-session': 'x'.repeat(65) }],
  ['a prototype studio', { 'x-chrysos-studio': '__proto__', 'x-chrysos-signature': 'zz' }],
  ['a junk PSP signature', { 'x-sandbox-signature': 't=abc,v1=zz,=,,' }],
  ['a junk host', { host: 'evil.example:99999' }],
  ['a junk content length', { 'content-length': 'abc' }],
];

/** A plausible value for a JSON schema of the OpenAPI document; unions give one value per branch. */
function samples(schema: JsonSchema | undefined, components: Record<string, JsonSchema>, depth = 0): Json[] {
  if (!schema || depth > 6) return [null];
  if (typeof schema.$ref === 'string') {
    return samples(components[schema.$ref.split('/').pop() ?? ''], components, depth + 1);
  }
  if ('const' in schema) return [schema.const as Json];
  if (Array.isArray(schema.enum)) return [schema.enum[0] as Json];
  for (const key of ['anyOf', 'oneOf'] as const) {
    const branches = schema[key];
    if (Array.isArray(branches)) {
      return branches.flatMap((branch) => samples(branch as JsonSchema, components, depth + 1)).slice(0, 4);
    }
  }
  if (Array.isArray(schema.allOf)) return samples(schema.allOf[0] as JsonSchema, components, depth + 1);
  const types = Array.isArray(schema.type) ? schema.type : [schema.type];
  const type = types.find((candidate) => candidate !== 'null') ?? types[0];
  switch (type) {
    case 'object': {
      const properties = (schema.properties ?? {}) as Record<string, JsonSchema>;
      let variants: Record<string, Json>[] = [{}];
      for (const [name, property] of Object.entries(properties)) {
        const values = samples(property, components, depth + 1);
        // A union inside an object (the context of PATCH /player) multiplies the whole body.
        variants = variants.flatMap((variant) => values.map((value) => ({ ...variant, [name]: value })));
        variants = variants.slice(0, 4);
      }
      return variants;
    }
    case 'array':
      return [[samples(schema.items as JsonSchema, components, depth + 1)[0] ?? null]];
    case 'integer':
    case 'number':
      return [typeof schema.minimum === 'number' ? Math.max(schema.minimum, 1) : 1_000];
    case 'boolean':
      return [true];
    case 'string': {
      const format = schema.format;
      if (format === 'email') return ['fuzz@example.gr'];
      if (format === 'uuid') return [uuid];
      if (format === 'date') return ['1990-01-01'];
      if (format === 'date-time') return ['2026-01-01T00:00:00.000Z'];
      if (typeof schema.pattern === 'string') {
        if (schema.pattern.includes('A-Z]{3')) return ['EUR'];
        const [matching] = fc.sample(fc.stringMatching(new RegExp(schema.pattern)), { seed, numRuns: 1 });
        const fits =
          matching !== undefined &&
          matching.length >= Number(schema.minLength ?? 0) &&
          matching.length <= Number(schema.maxLength ?? Number.POSITIVE_INFINITY);
        return [fits ? matching : 'fuzz'];
      }
      if (schema.maxLength === 2 || schema.minLength === 2) return ['GR'];
      return [
        typeof schema.minLength === 'number' && schema.minLength > 4 ? 'x'.repeat(schema.minLength) : 'fuzz',
      ];
    }
    default:
      return ['fuzz'];
  }
}

/** Every path to a leaf of a value, and the value with that leaf replaced. */
function leaves(value: Json, path: (string | number)[] = []): (string | number)[][] {
  if (Array.isArray(value)) return [path, ...value.flatMap((item, index) => leaves(item, [...path, index]))];
  if (value !== null && typeof value === 'object') {
    return [path, ...Object.entries(value).flatMap(([key, item]) => leaves(item, [...path, key]))];
  }
  return [path];
}
function replaced(value: Json, path: (string | number)[], by: Json): Json {
  if (path.length === 0) return by;
  const [head, ...rest] = path as [string | number, ...(string | number)[]];
  const copy = (Array.isArray(value) ? [...value] : { ...(value as Record<string, Json>) }) as Record<
    string | number,
    Json
  >;
  copy[head] = replaced(copy[head] ?? null, rest, by);
  return copy as Json;
}

/** Bodies of the routes outside the OpenAPI document, as their callers send them. */
function bodiesOutsideTheDocument(route: string, context: FuzzContext): Json[] {
  const wallet = {
    user: context.player,
    token: context.walletToken,
    request_uuid: uuid,
    game_code: 'classic-blackjack',
    currency: 'EUR',
  };
  const money = { transaction_uuid: uuid, round: 'r-1', amount: 100, is_free: false };
  switch (route) {
    case '/wallet/user/balance':
      return [wallet];
    case '/wallet/transaction/bet':
      return [{ ...wallet, ...money }];
    case '/wallet/transaction/win':
      return [{ ...wallet, ...money, reference_transaction_uuid: uuid }];
    case '/wallet/transaction/rollback':
      return [{ ...wallet, transaction_uuid: `${uuid}-r`, round: 'r-1', reference_transaction_uuid: uuid }];
    case '/games-api/rounds':
      return [{ bet: { stake: 100 } }];
    case '/games-api/rounds/:id/actions':
      return [{ action: 'hit' }, { action: { action: 'stand' } }];
    case '/games-api/seeds':
      return [{ client_seed: 'fuzz-seed' }];
    case '/games-api/launch':
      return [
        {
          mode: 'real',
          game_code: 'hi-lo-dice',
          language: 'en',
          currency: 'EUR',
          user: context.player,
          token: context.walletToken,
        },
        { mode: 'demo', game_code: 'hi-lo-dice', language: 'el', currency: 'EUR' },
      ];
    case '/games-api/verify':
      return [
        {
          game: 'hi-lo-dice',
          server_seed: 'a'.repeat(64),
          client_seed: 'c',
          nonce: 0,
          bet: { stake: 100, target: 50, direction: 'over' },
          actions: [],
        },
        {
          game: 'classic-blackjack',
          server_seed: 'b'.repeat(64),
          client_seed: 'c',
          nonce: 1,
          bet: { stake: 100 },
          actions: ['hit', { action: 'stand' }],
        },
      ];
    case '/api/payments/webhooks/sandbox':
      return [
        {
          id: 'evt_fuzz',
          type: 'payment.succeeded',
          data: {
            id: context.sandboxPayment,
            merchant_reference: context.payment,
            amount: 1_000,
            currency: 'EUR',
          },
        },
      ];
    default:
      return [{}];
  }
}

/** Bodies a route accepts that the schema alone does not give (rules beyond the types), tried first. */
const plausibleBodies: Record<string, Json[]> = {
  'POST /api/users': [
    {
      user: {
        email: 'someone@example.gr',
        password: 'correct horse battery',
        currency: 'EUR',
        country: 'GR',
        terms_acceptance: true,
        age_acceptance: true,
      },
    },
  ],
  'POST /api/users/sign_in': [{ user: { email: 'fuzz@example.gr', password: 'correct horse battery' } }],
  'POST /api/send_contact_message': [
    {
      name: 'Eleni',
      email: 'eleni@example.gr',
      subject: 'A question',
      message: 'Hello\nthere',
      locale: 'el',
    },
  ],
  'POST /api/payments/deposits': [
    { currency: 'EUR', amount_cents: 1_000, method: 'card', bonus_code: 'WELCOME' },
  ],
  'POST /api/payments/withdrawals': [{ currency: 'EUR', amount_cents: 1_000, method: 'card' }],
  'PATCH /api/player': [
    { context: 'profile', player: { first_name: 'Eleni', city: 'Athens', phone: '+30 694 123 4567' } },
    { context: 'complete_registration', player: { country: 'GR', currency: 'EUR' } },
  ],
  'POST /api/games_filter': [{ categories: ['dice'], search: 'dice', sort: 'new', page: 1, page_size: 5 }],
  'POST /api/operator/withdrawals/:id/reject': [{ reason: 'Documents missing' }],
  // Terms deep enough that junk reaches every part the engine reads: eligibility, wagering, free spins, prizes.
  'PUT /api/operator/bonus_campaigns/:id': [
    {
      kind: 'lootbox',
      code: 'FUZZBOX',
      title: { en: 'Fuzz chest', el: 'Σεντούκι δοκιμών' },
      terms: {
        eligibility: { weekdays: [5, 6, 7], timeZone: 'Europe/Athens', countries: ['GR'], groups: ['vip'] },
        wagering: { multiplier: 30, on: 'bonus', days: 14 },
        maxBet: { EUR: 500 },
        contributions: { categories: { slots: 100 }, games: {}, other: 10 },
        lootbox: {
          prizes: [
            { weight: 3, kind: 'bonus', title: { en: '€2 bonus', el: 'Μπόνους 2 €' }, amount: { EUR: 200 } },
            {
              weight: 1,
              kind: 'freespins',
              title: { en: '10 free spins', el: '10 δωρεάν περιστροφές' },
              freespins: {
                game: 'chrysos-originals:golden-drachma',
                count: 10,
                value: { EUR: 20 },
                playDays: 7,
                wagering: { multiplier: 30, days: 7 },
                winCap: { EUR: 10_000 },
              },
            },
          ],
        },
        limits: { perPlayer: 1, per: 'week', total: 100 },
      },
      active: true,
      starts_at: '2026-01-01T00:00:00Z',
      ends_at: null,
    },
    {
      kind: 'deposit',
      code: null,
      title: { en: 'Fuzz reload', el: 'Επαναφόρτιση δοκιμών' },
      terms: {
        eligibility: { afterDeposits: 1 },
        match: { percent: 50, max: { EUR: 20_000 }, minDeposit: { EUR: 3_000 } },
        wagering: { multiplier: 30, on: 'bonus_and_deposit', days: 14 },
      },
    },
  ],
  'POST /api/operator/players/:id/bonuses': [
    { campaign: 'olympus-chest', currency: 'EUR' },
    { campaign: 'drachma-spins-coupon' },
  ],
};

interface FuzzContext {
  player: string;
  cookie: string;
  /** A second player's session, for the requests that end the one they carry (sign-out). */
  spareCookie: string;
  /** A blackjack round left open, for the routes that act on a round. */
  round: string;
  walletToken: string;
  studioSession: string;
  payment: string;
  sandboxPayment: string;
}

/** A value for a path parameter that names something that exists, so the junk elsewhere gets further. */
function knownParameter(route: string, name: string, context: FuzzContext): string {
  if (route.startsWith('/sandbox-psp/')) return context.sandboxPayment;
  if (route.startsWith('/users/auth/')) return 'fuzzid';
  if (route.startsWith('/api/games/launch_options/'))
    return name === 'provider' ? 'olympus-tables' : 'hi-lo-dice';
  if (route.startsWith('/api/player/favorite_games/')) return 'olympus-tables:hi-lo-dice';
  if (route.startsWith('/games-api/rounds/')) return context.round;
  if (route.startsWith('/_ipx/')) return 'w_64,f_webp/favicon.svg';
  if (name === 'id' && route.includes('payments')) return context.payment;
  if (name === 'id' && route.includes('withdrawals')) return context.payment;
  if (route.startsWith('/api/operator/players/')) return context.player;
  if (route.startsWith('/api/operator/bonus_campaigns/')) return 'fuzz-campaign';
  return uuid;
}

const parametersOf = (route: string) => [...route.matchAll(/:(\w+)|\*/g)].map((match) => match[1] ?? '*');
const urlOf = (route: string, values: Record<string, string>) =>
  route.replace(/:(\w+)|\*/g, (_, name: string | undefined) => values[name ?? '*'] ?? 'x');

describe('fuzzing every route', () => {
  const routes = new Map<string, Set<string>>();
  let app: Awaited<ReturnType<typeof buildTestApp>>;
  let context: FuzzContext;
  let document: {
    paths: Record<
      string,
      Record<
        string,
        { parameters?: JsonSchema[]; requestBody?: { content: Record<string, { schema: JsonSchema }> } }
      >
    >;
    components: { schemas: Record<string, JsonSchema> };
  };

  beforeAll(async () => {
    app = await buildTestApp(
      'pglite',
      {
        OPERATOR_API_TOKEN: operatorToken,
        STUDIO_SECRET: studioSecret,
        SANDBOX_PSP_SECRET: pspSecret,
        DEMO_MODE: 'true',
        VALIDATE_EMAIL: 'true',
        SOCIAL_PROVIDERS: JSON.stringify([
          {
            name: 'fuzzid',
            label: 'Fuzz ID',
            issuer: 'http://127.0.0.1:9',
            client_id: 'c',
            client_secret: 's',
          },
        ]),
      },
      {
        onRoute: (route) => {
          const methods = Array.isArray(route.method) ? route.method : [route.method];
          const known = routes.get(route.url) ?? new Set<string>();
          for (const method of methods) known.add(method);
          routes.set(route.url, known);
        },
      },
    );
    document = (await app.inject({ url: '/api/docs/openapi.json' })).json();

    const signUp = (email: string) =>
      app.inject({
        method: 'POST',
        url: '/api/users',
        payload: {
          user: {
            email,
            password: 'correct horse battery',
            country: 'GR',
            terms_acceptance: true,
            age_acceptance: true,
          },
        },
      });
    const signedUp = await signUp('fuzz@example.gr');
    expect(signedUp.statusCode).toBe(201);
    const player: string = signedUp.json().id;
    const cookie = cookieOf(signedUp);
    await app.wallet.deposit({
      key: `fuzz-deposit-${player}`,
      playerId: player,
      currency: 'EUR',
      amount: 50_000,
    });
    const deposit = await app.inject({
      method: 'POST',
      url: '/api/payments/deposits',
      headers: { cookie },
      payload: { currency: 'EUR', amount_cents: 1_000, method: 'card' },
    });
    expect(deposit.statusCode).toBe(201);
    const walletToken = await openGameSession(app.database.db, {
      playerId: player,
      currency: 'EUR',
      studio: houseStudio,
      gameCode: 'classic-blackjack',
    });
    const studioSession = await openStudioSession(app.database.db, {
      mode: 'real',
      titleId: 'classic-blackjack',
      language: 'en',
      user: player,
      walletToken,
      currency: 'EUR',
    });
    const round = await app.inject({
      method: 'POST',
      url: '/games-api/rounds',
      headers: { 'x-studio-session': studioSession },
      payload: { bet: { stake: 100 } },
    });
    expect(round.statusCode).toBe(200);
    context = {
      player,
      cookie,
      spareCookie: cookieOf(await signUp('spare@example.gr')),
      round: round.json().id,
      walletToken,
      studioSession,
      payment: deposit.json().payment.id,
      sandboxPayment: String(deposit.json().redirect_url).split('/').pop()?.split('?')[0] ?? '',
    };
  });
  afterAll(() => app?.closeAll());

  /** The OpenAPI operation of a route, if the document describes it. */
  function operationOf(route: string, method: string) {
    if (!route.startsWith('/api/')) return undefined;
    const path = route.slice('/api'.length).replace(/:(\w+)/g, '{$1}');
    // A HEAD route is its GET route without the body.
    return document.paths[path]?.[method === 'HEAD' ? 'get' : method.toLowerCase()];
  }

  function casesFor(route: string, method: string): Case[] {
    const cases: Case[] = [];
    const parameters = parametersOf(route);
    const known = Object.fromEntries(parameters.map((name) => [name, knownParameter(route, name, context)]));
    const hasBody = !['GET', 'HEAD', 'OPTIONS'].includes(method);
    const operation = operationOf(route, method);
    const components = document.components.schemas;
    // A plausible query of the documented parameters, so the junk in one of them is all that is wrong.
    const queryParameters = (operation?.parameters ?? []).filter((parameter) => parameter.in === 'query');
    const plausibleQuery = new Map(
      queryParameters
        .filter(
          (parameter) => !['type', 'propertyNames', 'additionalProperties'].includes(String(parameter.name)),
        )
        .map((parameter) => [
          String(parameter.name),
          encodeURIComponent(String(samples(parameter.schema as JsonSchema, components)[0] ?? '')),
        ]),
    );
    const withQuery = (path: string, query: Map<string, string>, extra = '') => {
      const text = [...[...query].map(([name, value]) => `${name}=${value}`), extra]
        .filter(Boolean)
        .join('&');
      return text ? `${path}?${text}` : path;
    };
    const path = urlOf(route, known);
    const url = withQuery(path, plausibleQuery);
    const bodySchema = operation?.requestBody?.content['application/json']?.schema;
    const bodies = hasBody
      ? [
          ...(plausibleBodies[`${method} ${route}`] ?? []),
          ...(bodySchema ? samples(bodySchema, components) : bodiesOutsideTheDocument(route, context)),
        ]
      : [];
    const json = (body: Json) => JSON.stringify(body);
    const base = bodies[0];

    // Junk in each path parameter.
    for (const name of parameters) {
      for (const junk of name === '*' ? [...junkSegments, '%', 'a/%ZZ/b', '..', ''] : junkSegments) {
        cases.push({
          method,
          url: withQuery(urlOf(route, { ...known, [name]: junk }), plausibleQuery),
          note: `path ${name}=${junk.slice(0, 20)}`,
          ...(hasBody ? { headers: { 'content-type': 'application/json' }, body: json(base ?? {}) } : {}),
          sign: true,
        });
      }
    }

    // Junk in the query: each documented parameter in turn, then parameters nobody reads.
    for (const parameter of queryParameters) {
      const name = String(parameter.name);
      const others = new Map([...plausibleQuery].filter(([other]) => other !== name));
      for (const junk of [
        '%00',
        'a%00b',
        encodeURIComponent(huge.slice(0, 8000)),
        '',
        '-1',
        '1e999',
        'x&x=y',
      ]) {
        cases.push({
          method,
          url: withQuery(path, others, `${name}=${junk}`),
          note: `query ${name}=${junk.slice(0, 12)}`,
        });
      }
      cases.push({
        method,
        url: withQuery(path, others, `${name}=1&${name}=2`),
        note: `query ${name} twice`,
      });
      cases.push({ method, url: withQuery(path, others, `${name}[a]=1`), note: `query ${name} as object` });
    }
    for (const query of [
      '__proto__[admin]=1&constructor[prototype][x]=1',
      'a=%00&b=%ZZ&&=&c',
      `q=${'%FF'.repeat(200)}`,
    ]) {
      cases.push({
        method,
        url: withQuery(path, plausibleQuery, query),
        note: `query ${query.slice(0, 30)}`,
      });
    }

    // Odd headers on an otherwise plausible request.
    for (const [note, headers] of oddHeaders) {
      cases.push({
        method,
        url,
        note,
        headers: { ...(hasBody ? { 'content-type': 'application/json' } : {}), ...headers },
        ...(hasBody ? { body: json(base ?? {}) } : {}),
      });
    }

    if (!hasBody) return cases;

    // The sandbox's hosted pages read HTML forms: junk in each field of one.
    if (route.startsWith('/sandbox-psp/')) {
      const form: Record<string, string> = {
        number: '4000000000000002',
        expiry: '12/39',
        cvc: '123',
        name: 'Eleni',
        action: route.includes('3ds') ? 'approve' : 'pay',
      };
      const encode = (fields: Record<string, string>) =>
        Object.entries(fields)
          .map(([key, value]) => `${key}=${value}`)
          .join('&');
      const formType = { 'content-type': 'application/x-www-form-urlencoded' };
      for (const field of Object.keys(form)) {
        for (const junk of [
          '%00',
          '',
          '%0A%0D',
          encodeURIComponent(huge.slice(0, 15_000)),
          '%ZZ',
          '%F0%9F%92',
        ]) {
          cases.push({
            method,
            url,
            note: `form ${field}=${junk.slice(0, 12)}`,
            headers: formType,
            body: encode({ ...form, [field]: junk }),
          });
        }
        cases.push({
          method,
          url,
          note: `form ${field} twice`,
          headers: formType,
          body: `${encode(form)}&${field}=2`,
        });
      }
      for (const body of ['__proto__=1&constructor=2&toString=3', '&&==&', '', 'a'.repeat(20_000)]) {
        cases.push({ method, url, note: `form ${body.slice(0, 20)}`, headers: formType, body });
      }
    }

    // Bodies that are not the JSON the route reads.
    for (const [note, type, body] of malformedBodies) {
      cases.push({ method, url, note, headers: type ? { 'content-type': type } : {}, body, sign: true });
    }

    // The plausible body, then every field of it in turn replaced by a value of the wrong type.
    for (const body of bodies) {
      cases.push({
        method,
        url,
        note: 'plausible body',
        headers: { 'content-type': 'application/json' },
        body: json(body),
        sign: true,
      });
      for (const path of leaves(body)) {
        for (const wrong of path.length === 0 ? wrongValues.slice(0, 8) : wrongValues) {
          cases.push({
            method,
            url,
            note: `${path.join('.') || 'body'} = ${JSON.stringify(wrong)?.slice(0, 30)}`,
            headers: { 'content-type': 'application/json' },
            body: json(replaced(body, path, wrong)),
            sign: true,
          });
        }
      }
      // Fields nobody asked for, and random JSON in the place of each field.
      cases.push({
        method,
        url,
        note: 'extra fields',
        headers: { 'content-type': 'application/json' },
        body: json({ ...(body as Record<string, Json>), [nulText]: nulText, ['x'.repeat(1000)]: huge }),
        sign: true,
      });
      for (const path of leaves(body).slice(0, 12)) {
        for (const value of fc.sample(fc.jsonValue({ maxDepth: 3 }), {
          seed: seed + path.length,
          numRuns: 3,
        })) {
          cases.push({
            method,
            url,
            note: `${path.join('.') || 'body'} = random ${JSON.stringify(value)?.slice(0, 30)}`,
            headers: { 'content-type': 'application/json' },
            body: json(replaced(body, path, value as Json)),
            sign: true,
          });
        }
      }
    }
    for (const value of fc.sample(fc.jsonValue({ maxDepth: 4 }), { seed, numRuns: 6 })) {
      cases.push({
        method,
        url,
        note: `random body ${JSON.stringify(value)?.slice(0, 30)}`,
        headers: { 'content-type': 'application/json' },
        body: json(value as Json),
        sign: true,
      });
    }
    return cases;
  }

  /** Who sends a case: half of them a signed-in player, each from an address of its own. */
  function send(route: string, item: Case): InjectOptions {
    const headers: Record<string, string> = {};
    if (random() < 0.5) headers.cookie = route.endsWith('/sign_out') ? context.spareCookie : context.cookie;
    if (route.startsWith('/api/operator/') && random() < 0.8)
      headers.authorization = `Bearer ${operatorToken}`;
    if (route.startsWith('/games-api/') && random() < 0.8)
      headers['x-studio-session'] = context.studioSession;
    const body = typeof item.body === 'string' ? item.body : '';
    if (item.sign && route.startsWith('/wallet/') && random() < 0.7) {
      headers['x-chrysos-studio'] = houseStudio;
      headers['x-chrysos-signature'] = createHmac('sha256', studioSecret).update(body).digest('hex');
    }
    if (item.sign && route === launchPath && random() < 0.7) {
      Object.assign(headers, signLaunch(houseStudio, body, studioSecret));
    }
    if (item.sign && route.startsWith('/api/payments/webhooks/') && random() < 0.7) {
      headers['x-sandbox-signature'] = signWebhook(body, pspSecret);
    }
    Object.assign(headers, item.headers);
    const loopback = route.startsWith('/dev/') && random() < 0.5;
    const address = loopback
      ? '127.0.0.1'
      : `10.${Math.floor(random() * 250)}.${Math.floor(random() * 250)}.${Math.floor(random() * 250)}`;
    return {
      method: item.method as InjectOptions['method'],
      url: item.url,
      headers,
      remoteAddress: address,
      ...(item.body === undefined ? {} : { payload: item.body }),
    };
  }

  it(
    'answers every malformed request with a 4xx (or the wallet’s own refusal), never a 5xx or internals',
    async () => {
      const failures: string[] = [];
      const tried = new Map<string, number>();
      for (const [route, methods] of routes) {
        for (const method of methods) {
          for (const item of casesFor(route, method)) {
            const response = await app.inject(send(route, item));
            tried.set(`${method} ${route}`, (tried.get(`${method} ${route}`) ?? 0) + 1);
            const body = response.body;
            const fault =
              response.statusCode >= 500 ||
              (route.startsWith('/wallet/') && body.includes('RS_ERROR_UNKNOWN')) ||
              /Failed query|node_modules|at async |\bselect .* from\b/i.test(body.slice(0, 20_000));
            if (fault) {
              failures.push(
                `${method} ${item.url.slice(0, 120)} (${item.note}) → ${response.statusCode} ${body.slice(0, 160)}`,
              );
            }
          }
        }
      }
      expect(failures).toEqual([]);
      // Every route was reached, and every operation of the document is a route that was.
      for (const [route, methods] of routes) {
        for (const method of methods)
          expect(tried.get(`${method} ${route}`), `${method} ${route}`).toBeGreaterThan(10);
      }
      for (const [path, operations] of Object.entries(document.paths)) {
        // A path item holds its operations by method, and may name its own servers.
        for (const method of Object.keys(operations).filter((key) => key !== 'servers')) {
          // The games API, the wallet protocol and the ingest are described at their own root, the player API under /api.
          const root = ['/games-api/', '/wallet/', '/analytics/'].some((other) => path.startsWith(other))
            ? ''
            : '/api';
          const route = `${root}${path.replace(/\{(\w+)\}/g, ':$1')}`;
          expect(tried.get(`${method.toUpperCase()} ${route}`), `${method} ${route}`).toBeGreaterThan(10);
        }
      }
    },
    10 * 60 * 1000,
  );
});
