import { describe, expect, it } from 'vitest';
import { ConfigError, parseConfig } from './config.ts';

/** What several instances must share: a realtime broker and the secrets a lone process would make up. */
const sharedByInstances: Record<string, string> = {
  REDIS_URL: 'redis://127.0.0.1:6379',
  CAPTCHA_HMAC_KEY: 'captcha-hmac-key-0123456789abcdef0123456789',
  SANDBOX_PSP_SECRET: 'sandbox-psp-secret-0123456789abcdef012345',
  STUDIO_SECRET: 'studio-secret-0123456789abcdef0123456789ab',
};

describe('configuration', () => {
  it('uses the documented defaults when nothing is set', () => {
    const config = parseConfig({});
    expect(config).toMatchObject({ PORT: 3000, HOST: '127.0.0.1', DATA_DIR: './.data', LICENSE: 'curacao' });
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.TRUST_PROXY).toBe(false);
  });

  it('names the variable that has a bad value', () => {
    expect(() => parseConfig({ PORT: 'eighty' })).toThrow(ConfigError);
    expect(() => parseConfig({ PORT: 'eighty' })).toThrow(/PORT: .*\(got "eighty"\)/);
    expect(() => parseConfig({ DATABASE_URL: 'mysql://x' })).toThrow(/DATABASE_URL: expected a postgres/);
    expect(() => parseConfig({ LICENSE: 'mars' })).toThrow(/LICENSE/);
    expect(() => parseConfig({ TRUST_PROXY: 'maybe' })).toThrow(/TRUST_PROXY/);
  });

  it('never repeats the value of a variable that may hold credentials', () => {
    const secrets = {
      DATABASE_URL: 'mysql://admin:hunter2@db',
      SMTP_URL: 'http://mailer:hunter2@mail',
      CAPTCHA_HMAC_KEY: 'hunter2',
      SOCIAL_PROVIDERS: '[{"client_secret":"hunter2"',
    };
    for (const [name, value] of Object.entries(secrets)) {
      expect(() => parseConfig({ [name]: value })).toThrow(new RegExp(name));
      expect(() => parseConfig({ [name]: value })).not.toThrow(/hunter2/);
    }
  });

  it('reads the account settings', () => {
    const config = parseConfig({
      ALLOWED_EMAIL_DOMAINS: 'Example.gr, example.com',
      CAPTCHA_ON_SIGN_UP: 'true',
      SMTP_URL: 'smtp://mail.example.gr:587',
    });
    expect(config.ALLOWED_EMAIL_DOMAINS).toEqual(['example.gr', 'example.com']);
    expect(config.CAPTCHA_ON_SIGN_UP).toBe(true);
    expect(config.CAPTCHA_AFTER_FAILED_SIGN_INS).toBe(5);
    expect(() => parseConfig({ ALLOWED_EMAIL_DOMAINS: 'not a domain' })).toThrow(/ALLOWED_EMAIL_DOMAINS/);
  });

  it("reads autoplay and the minimum game cycle, never looser than the licence's (issue 35)", () => {
    expect(parseConfig({}).AUTOPLAY).toBeUndefined();
    expect(parseConfig({ AUTOPLAY: 'off', MIN_GAME_CYCLE_MS: '3000' })).toMatchObject({
      AUTOPLAY: false,
      MIN_GAME_CYCLE_MS: 3_000,
    });
    expect(parseConfig({ LICENSE: 'ukgc', MIN_GAME_CYCLE_MS: '2500' }).MIN_GAME_CYCLE_MS).toBe(2_500);
    expect(() => parseConfig({ AUTOPLAY: 'yes' })).toThrow(/AUTOPLAY/);
    expect(() => parseConfig({ MIN_GAME_CYCLE_MS: '-1' })).toThrow(/MIN_GAME_CYCLE_MS/);
    expect(() => parseConfig({ MIN_GAME_CYCLE_MS: '2.5' })).toThrow(/MIN_GAME_CYCLE_MS/);
    expect(() => parseConfig({ LICENSE: 'ukgc', AUTOPLAY: 'on' })).toThrow(
      /AUTOPLAY: the ukgc licence allows no autoplay/,
    );
    expect(() => parseConfig({ LICENSE: 'ukgc', MIN_GAME_CYCLE_MS: '1000' })).toThrow(
      /MIN_GAME_CYCLE_MS: at least 2500 under the ukgc licence/,
    );
  });

  it('reads proxy trust as a flag or a list of addresses', () => {
    expect(parseConfig({ TRUST_PROXY: 'true' }).TRUST_PROXY).toBe(true);
    expect(() => parseConfig({ TRUST_PROXY: '2 hops' })).toThrow(/TRUST_PROXY/);
    expect(parseConfig({ TRUST_PROXY: '10.0.0.0/8, 127.0.0.1' }).TRUST_PROXY).toEqual([
      '10.0.0.0/8',
      '127.0.0.1',
    ]);
  });

  it('builds absolute links on the configured origin, required in production', () => {
    expect(parseConfig({ PUBLIC_URL: 'https://chrysos.casino/' }).PUBLIC_URL).toBe('https://chrysos.casino');
    expect(parseConfig({ PUBLIC_URL: 'https://chrysos.casino:8443/any/path' }).PUBLIC_URL).toBe(
      'https://chrysos.casino:8443',
    );
    expect(parseConfig({}).PUBLIC_URL).toBe('http://127.0.0.1:3000');
    expect(parseConfig({ HOST: '0.0.0.0', PORT: '8080' }).PUBLIC_URL).toBe('http://localhost:8080');
    expect(parseConfig({ HOST: '::1' }).PUBLIC_URL).toBe('http://[::1]:3000');
    expect(() => parseConfig({ NODE_ENV: 'production' })).toThrow(/PUBLIC_URL: required in production/);
    expect(parseConfig({ NODE_ENV: 'production', PUBLIC_URL: 'https://chrysos.casino' }).PUBLIC_URL).toBe(
      'https://chrysos.casino',
    );
    expect(() => parseConfig({ PUBLIC_URL: 'ftp://chrysos.casino' })).toThrow(/PUBLIC_URL/);
  });

  it('serves from several processes only on PostgreSQL', () => {
    expect(parseConfig({}).SERVER_PROCESSES).toBe(1);
    expect(() => parseConfig({ SERVER_PROCESSES: '2' })).toThrow(
      /SERVER_PROCESSES: more than one process needs DATABASE_URL/,
    );
    const url = 'postgres://postgres@127.0.0.1:5432/chrysos';
    expect(
      parseConfig({ SERVER_PROCESSES: '2', DATABASE_URL: url, ...sharedByInstances }).SERVER_PROCESSES,
    ).toBe(2);
    expect(() => parseConfig({ SERVER_PROCESSES: '0', DATABASE_URL: url })).toThrow(/SERVER_PROCESSES/);
  });

  it('refuses several instances without what they must share, naming each variable, and lets one do without', () => {
    const url = 'postgres://postgres@127.0.0.1:5432/chrysos';
    // One instance makes up its own secrets and pushes to its own sockets.
    expect(parseConfig({ DATABASE_URL: url }).INSTANCES).toBe(1);
    for (const several of [{ INSTANCES: '3' }, { SERVER_PROCESSES: '2' }]) {
      const refusal = (() => {
        try {
          parseConfig({ DATABASE_URL: url, ...several });
        } catch (error) {
          return (error as Error).message;
        }
      })();
      const named = Object.keys(sharedByInstances).filter((variable) =>
        refusal?.includes(`  ${variable}: required with`),
      );
      expect(named).toEqual(Object.keys(sharedByInstances));
      expect(refusal).toContain(`required with ${Object.entries(several)[0]?.join('=')}`);
      // Each missing one alone is named; with all of them the instances start.
      for (const variable of Object.keys(sharedByInstances)) {
        const { [variable]: _left, ...rest } = sharedByInstances;
        expect(() => parseConfig({ DATABASE_URL: url, ...several, ...rest })).toThrow(
          new RegExp(`^Invalid configuration:\\n  ${variable}: required with`),
        );
      }
      expect(parseConfig({ DATABASE_URL: url, ...several, ...sharedByInstances }).INSTANCES).toBeGreaterThan(
        0,
      );
    }
    // A Centrifugo stands for Redis as the realtime broker.
    const { REDIS_URL: _redis, ...secrets } = sharedByInstances;
    const centrifugo = {
      CENTRIFUGO_API_URL: 'http://centrifugo:8000',
      CENTRIFUGO_API_KEY: 'centrifugo-api-key-0123456789',
      CENTRIFUGO_PUBLIC_URL: 'wss://realtime.chrysos.casino/connection/websocket',
      REALTIME_TOKEN_SECRET: 'realtime-token-secret-0123456789abcdef',
    };
    expect(parseConfig({ DATABASE_URL: url, INSTANCES: '2', ...secrets, ...centrifugo }).INSTANCES).toBe(2);
  });

  it('treats an empty variable as unset', () => {
    expect(parseConfig({ DATABASE_URL: '' }).DATABASE_URL).toBeUndefined();
  });

  it('reads lists and tables', () => {
    const config = parseConfig({ BLOCKED_COUNTRIES: 'us, fr', ROUTE_RULES: '{"/vip":"/promotions/vip"}' });
    expect(config.BLOCKED_COUNTRIES).toEqual(['US', 'FR']);
    expect(config.ROUTE_RULES).toEqual({ '/vip': '/promotions/vip' });
    expect(() => parseConfig({ BLOCKED_COUNTRIES: 'USA' })).toThrow(/BLOCKED_COUNTRIES/);
    expect(() => parseConfig({ ROUTE_RULES: '{oops' })).toThrow(/ROUTE_RULES: expected JSON/);
    expect(() => parseConfig({ ROUTE_RULES: '{"vip":"/x"}' })).toThrow(/ROUTE_RULES/);
    expect(() => parseConfig({ TIME_ZONE: 'Mars/Olympus' })).toThrow(/TIME_ZONE/);
  });

  it('reads the withdrawal auto-approval thresholds per currency in minor units, none for crypto', () => {
    expect(parseConfig({}).WITHDRAWAL_AUTO_APPROVE_BELOW).toEqual({ EUR: 10_000, USD: 10_000, GBP: 10_000 });
    expect(parseConfig({ WITHDRAWAL_AUTO_APPROVE_BELOW: '{"EUR":5000,"JPY":10000}' })).toMatchObject({
      WITHDRAWAL_AUTO_APPROVE_BELOW: { EUR: 5_000, JPY: 10_000 },
    });
    // The former whole-units number would approve 99 BTC: it stops the process instead.
    for (const bad of ['100', '{"EUR":99.5}', '{"eur":100}', '{"EUR":-1}', '{oops']) {
      expect(() => parseConfig({ WITHDRAWAL_AUTO_APPROVE_BELOW: bad })).toThrow(
        /WITHDRAWAL_AUTO_APPROVE_BELOW/,
      );
    }
  });
});
