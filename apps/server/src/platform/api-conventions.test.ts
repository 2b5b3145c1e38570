import { testDatabaseKinds } from '@chrysos/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../testing/build-test-app.ts';
import { requestedApiVersion } from './api-conventions.ts';

describe('Accept header versions', () => {
  it.each([
    [undefined, undefined],
    ['application/json', undefined],
    ['*/*', undefined],
    ['application/vnd.s.v1+json', 1],
    ['application/vnd.s.v2+json, application/json', 2],
    ['application/vnd.s.vx+json', 'malformed'],
  ])('%s → %s', (accept, version) => {
    expect(requestedApiVersion(accept)).toBe(version);
  });
});

describe.each(testDatabaseKinds)('API conventions on %s', (kind) => {
  let app: Awaited<ReturnType<typeof buildTestApp>>;
  beforeAll(async () => {
    app = await buildTestApp(kind);
  });
  afterAll(() => app.closeAll());

  it('answers v1 to the vendor v1 type and to plain JSON', async () => {
    for (const accept of ['application/vnd.s.v1+json', 'application/json', '*/*']) {
      const response = await app.inject({ url: '/api/info/project', headers: { accept } });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toMatch(/^application\/json/);
    }
  });

  it('refuses a version the endpoint does not offer with 406 and says which it accepts', async () => {
    for (const accept of [
      'application/vnd.s.v2+json',
      'application/vnd.s.v9+json',
      'application/vnd.s.latest+json',
    ]) {
      const response = await app.inject({ url: '/api/info/currencies', headers: { accept } });
      expect(response.statusCode).toBe(406);
      expect(response.json()).toEqual({
        errors: { accept: [expect.stringContaining('application/vnd.s.v1+json')] },
        codes: { accept: ['request.version_not_offered'] },
        params: { accept: [{ versions: 'application/vnd.s.v1+json' }] },
      });
    }
  });

  it('answers an unknown API path with a JSON 404, whatever the method', async () => {
    for (const method of ['GET', 'POST', 'DELETE'] as const) {
      const response = await app.inject({ method, url: '/api/no/such/thing?x=1' });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({
        errors: { path: [`No API endpoint ${method} /api/no/such/thing`] },
        codes: { path: ['request.no_api_endpoint'] },
        params: { path: [{ method, path: '/api/no/such/thing' }] },
      });
    }
  });

  it('answers malformed JSON with 400 naming the body, never 500', async () => {
    for (const payload of ['{bad', '{"a":', '[1,,2]']) {
      const response = await app.inject({
        method: 'POST',
        url: '/api/info/currencies',
        headers: { 'content-type': 'application/json' },
        payload,
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        errors: { body: ['The request body is not valid JSON'] },
        codes: { body: ['request.invalid_json'] },
      });
    }
  });

  it('refuses a body in a type the API does not read', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/info/currencies',
      headers: { 'content-type': 'application/x-unknown' },
      payload: 'x',
    });
    expect(response.statusCode).toBe(415);
    expect(response.json().codes).toEqual({ content_type: ['request.unsupported_media_type'] });
  });

  it('serves an OpenAPI 3.1 document that describes the info endpoints', async () => {
    const response = await app.inject({ url: '/api/docs/openapi.json' });
    expect(response.statusCode).toBe(200);
    const document = response.json();
    expect(document.openapi).toBe('3.1.0');
    expect(Object.keys(document.paths)).toEqual(
      expect.arrayContaining([
        '/info/currencies',
        '/info/countries',
        '/info/dial_codes',
        '/info/project',
        '/current_ip',
      ]),
    );
    // Every error answer is described with its codes, each code of the contract listed.
    const errorBody = document.components.schemas.ErrorBody;
    expect(errorBody.required).toEqual(['errors', 'codes']);
    expect(errorBody.properties.codes.additionalProperties.items.enum).toEqual(
      expect.arrayContaining(['validation.required', 'auth.email_taken', 'rate_limited', 'internal']),
    );
    expect(document.paths['/info/countries'].get.parameters).toEqual(
      expect.arrayContaining([expect.objectContaining({ name: 'locale', in: 'query' })]),
    );
    // The wallet protocol is described at its own root, with the body a studio signs.
    const bet = document.paths['/wallet/transaction/bet'];
    expect(bet.servers).toEqual([expect.objectContaining({ url: '/' })]);
    expect(bet.post.requestBody.content['application/json'].schema.required).toEqual(
      expect.arrayContaining(['user', 'token', 'transaction_uuid', 'amount']),
    );
    expect(bet.post.responses['200'].content['application/json'].schema).toEqual({
      $ref: '#/components/schemas/WalletAnswer',
    });
    // So is the studio's games API the game client calls.
    expect(document.paths['/games-api/session'].servers).toEqual([expect.objectContaining({ url: '/' })]);
    expect(
      document.paths['/games-api/rounds/{id}/actions'].post.responses['200'].content['application/json']
        .schema,
    ).toEqual({
      $ref: '#/components/schemas/StudioRound',
    });
    // And the operator's signed launch call, with its refusals' error body.
    const launch = document.paths['/games-api/launch'].post;
    expect(launch.requestBody.content['application/json'].schema).toEqual({
      $ref: expect.stringMatching(/^#\/components\/schemas\/StudioLaunch(Input)?$/),
    });
    expect(launch.responses['200'].content['application/json'].schema).toEqual({
      $ref: '#/components/schemas/StudioLaunchAnswer',
    });
    expect(launch.responses['401'].content['application/json'].schema).toEqual({
      $ref: '#/components/schemas/ErrorBody',
    });
  });
});

describe.each(testDatabaseKinds)('health probes on %s', (kind) => {
  it('reports live, then ready while the database answers and unavailable once it is gone', async () => {
    const app = await buildTestApp(kind);
    expect((await app.inject({ url: '/healthz' })).json()).toEqual({ status: 'ok' });
    const ready = await app.inject({ url: '/readyz' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ok', database: 'up' });

    await app.database.close();
    const gone = await app.inject({ url: '/readyz' });
    expect(gone.statusCode).toBe(503);
    expect(gone.json()).toEqual({ status: 'unavailable', database: 'down' });
    await app.close();
  });
});
