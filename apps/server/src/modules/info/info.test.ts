import { countries, currencies, dialCodes, ipInfo } from '@chrysos/contract';
import { testDatabaseKinds } from '@chrysos/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../testing/build-test-app.ts';

describe.each(testDatabaseKinds)('info API on %s', (kind) => {
  let app: Awaited<ReturnType<typeof buildTestApp>>;
  beforeAll(async () => {
    app = await buildTestApp(kind, { LICENSE: 'estonia', GEOIP_COUNTRY_HEADER: 'CF-IPCountry' });
  });
  afterAll(() => app.closeAll());

  it('lists the offered currencies with their minor units', async () => {
    const response = await app.inject({ url: '/api/info/currencies' });
    expect(response.statusCode).toBe(200);
    const list = currencies.parse(response.json());
    const byCode = new Map(list.map((currency) => [currency.code, currency]));

    expect(list.filter((currency) => currency.default).map((currency) => currency.code)).toEqual(['USD']);
    for (const code of ['EUR', 'GBP', 'CAD', 'AUD', 'NZD', 'NOK', 'SEK', 'DKK', 'PLN', 'CZK', 'HUF', 'CHF']) {
      expect(byCode.get(code)).toMatchObject({ subunits_to_unit: 100, fiat: true });
    }
    expect(byCode.get('JPY')?.subunits_to_unit).toBe(1);
    expect(byCode.get('KWD')?.subunits_to_unit).toBe(1000);
    expect(byCode.get('BTC')).toMatchObject({
      subunits_to_unit: 100_000_000,
      fiat: false,
      subcurrencies: [
        { code: 'mBTC', subunits_to_unit: 100_000 },
        { code: 'µBTC', subunits_to_unit: 100 },
      ],
    });
    for (const code of ['ETH', 'LTC', 'USDT']) expect(byCode.get(code)?.fiat).toBe(false);
  });

  it('lists every ISO 3166-1 country with a default currency, in English or Greek', async () => {
    const english = countries.parse((await app.inject({ url: '/api/info/countries' })).json());
    // The 249 of ISO 3166-1 once each, and Kosovo, which players select in practice.
    expect(new Set(english.map((country) => country.code)).size).toBe(250);
    expect(english).toHaveLength(250);
    expect(english.find((country) => country.code === 'XK')?.name).toBe('Kosovo');
    expect(english.find((country) => country.code === 'GR')).toEqual({
      name: 'Greece',
      code: 'GR',
      default_currency: 'EUR',
    });
    expect(english.find((country) => country.code === 'JP')?.default_currency).toBe('JPY');
    // A country whose own currency is not offered starts in USD outside Europe.
    expect(english.find((country) => country.code === 'ZW')?.default_currency).toBe('USD');

    const greek = countries.parse((await app.inject({ url: '/api/info/countries?locale=el' })).json());
    expect(greek.find((country) => country.code === 'GR')?.name).toBe('Ελλάδα');
    expect(greek.find((country) => country.code === 'CY')?.name).toBe('Κύπρος');
  });

  it('refuses an unknown locale with a clear error', async () => {
    const response = await app.inject({ url: '/api/info/countries?locale=fr' });
    expect(response.statusCode).toBe(422);
    expect(Object.keys(response.json().errors)).toEqual(['locale']);
  });

  it('lists dialling codes', async () => {
    const list = dialCodes.parse((await app.inject({ url: '/api/info/dial_codes' })).json());
    expect(list.find((entry) => entry.code === 'GR')?.dial_code).toBe('+30');
    expect(list.find((entry) => entry.code === 'GB')?.dial_code).toBe('+44');
    expect(list.find((entry) => entry.code === 'XK')?.dial_code).toBe('+383');
  });

  it('names the licence the deployment runs under', async () => {
    expect((await app.inject({ url: '/api/info/project' })).json()).toEqual({ license: 'estonia' });
  });

  it('locates the caller from the offline GeoIP database', async () => {
    // Addresses from blocks registered to a Greek and a British network.
    const greek = ipInfo.parse(
      (await app.inject({ url: '/api/current_ip', remoteAddress: '62.103.0.1' })).json(),
    );
    expect(greek).toEqual({ ip: '62.103.0.1', country_code: 'GR', default_currency: 'EUR' });
    const british = ipInfo.parse(
      (await app.inject({ url: '/api/current_ip', remoteAddress: '81.2.69.142' })).json(),
    );
    expect(british).toEqual({ ip: '81.2.69.142', country_code: 'GB', default_currency: 'GBP' });
    const local = ipInfo.parse(
      (await app.inject({ url: '/api/current_ip', remoteAddress: '127.0.0.1' })).json(),
    );
    expect(local).toEqual({ ip: '127.0.0.1', country_code: null, default_currency: 'USD' });
  });

  it('prefers the configured CDN country header when it is usable', async () => {
    const greek = await app.inject({ url: '/api/current_ip', headers: { 'cf-ipcountry': 'gr' } });
    expect(greek.json()).toMatchObject({ country_code: 'GR', default_currency: 'EUR' });
    const unknown = await app.inject({ url: '/api/current_ip', headers: { 'cf-ipcountry': 'XX' } });
    expect(unknown.json()).toMatchObject({ country_code: null, default_currency: 'USD' });
  });
});

describe('client address behind a proxy', () => {
  it('reads X-Forwarded-For only from a trusted proxy', async () => {
    const app = await buildTestApp('pglite', { TRUST_PROXY: '10.0.0.0/8' });
    const viaProxy = await app.inject({
      url: '/api/current_ip',
      remoteAddress: '10.1.2.3',
      headers: { 'x-forwarded-for': '62.103.0.1' },
    });
    expect(viaProxy.json()).toEqual({ ip: '62.103.0.1', country_code: 'GR', default_currency: 'EUR' });

    const spoofed = await app.inject({
      url: '/api/current_ip',
      remoteAddress: '81.2.69.142',
      headers: { 'x-forwarded-for': '62.103.0.1' },
    });
    expect(spoofed.json()).toEqual({ ip: '81.2.69.142', country_code: 'GB', default_currency: 'GBP' });
    await app.closeAll();
  });
});
