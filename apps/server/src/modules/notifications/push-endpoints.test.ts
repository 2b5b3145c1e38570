import { describe, expect, it } from 'vitest';
import { parseConfig } from '../config.ts';
import { deliverPush, isInternalAddress, pushEndpointAllowed } from './push-endpoints.ts';

const production = {
  hosts: ['fcm.googleapis.com', 'push.services.mozilla.com', 'push.apple.com'],
  loopback: false,
};

describe('push endpoints (SSRF guard)', () => {
  it.each([
    ['https://fcm.googleapis.com/fcm/send/abc', true],
    ['https://updates.push.services.mozilla.com/wpush/v2/abc', true],
    ['https://web.push.apple.com/QGx', true],
    ['http://fcm.googleapis.com/fcm/send/abc', false],
    ['https://fcm.googleapis.com.attacker.example/x', false],
    ['https://attacker.example/fcm.googleapis.com', false],
    ['https://user:pass@fcm.googleapis.com/x', false],
    ['https://fcm.googleapis.com:444/x', false],
    ['https://127.0.0.1/x', false],
    ['http://127.0.0.1:9000/push/x', false],
    ['https://[::1]/x', false],
    ['not a url', false],
  ])('%s → %s in production', (endpoint, allowed) => {
    expect(pushEndpointAllowed(endpoint, production)).toBe(allowed);
  });

  it('accepts a stand-in on this machine only when configured for tests or development', () => {
    expect(pushEndpointAllowed('http://127.0.0.1:9000/push/x', { ...production, loopback: true })).toBe(true);
    expect(pushEndpointAllowed('http://10.0.0.8:9000/push/x', { ...production, loopback: true })).toBe(false);
  });

  it('knows internal addresses, which a delivery never connects to', () => {
    for (const address of [
      '10.1.2.3',
      '127.0.0.1',
      '169.254.169.254',
      '192.168.1.1',
      '172.20.0.1',
      '::1',
      'fd00::1',
      'fe80::1',
      '::ffff:10.0.0.1',
    ]) {
      expect(isInternalAddress(address), address).toBe(true);
    }
    for (const address of ['142.250.180.10', '2a00:1450:4017:80b::200a']) {
      expect(isInternalAddress(address), address).toBe(false);
    }
  });

  it('never connects to an internal address, even for a listed host name that resolves to one', async () => {
    const inward = { hosts: ['localhost'], loopback: false };
    await expect(
      deliverPush({ endpoint: 'https://localhost/push/x', headers: {}, body: null }, inward),
    ).rejects.toThrow(/internal address/);
    await expect(
      deliverPush({ endpoint: 'http://127.0.0.1:9/push/x', headers: {}, body: null }, production),
    ).rejects.toThrow(/not allowed/);
  });

  it('refuses one VAPID key without the other, and a loopback push service in production', () => {
    expect(() => parseConfig({ VAPID_PUBLIC_KEY: `B${'a'.repeat(86)}` })).toThrow(/VAPID_PRIVATE_KEY/);
    expect(() =>
      parseConfig({
        NODE_ENV: 'production',
        PUBLIC_URL: 'https://chrysos.casino',
        PUSH_LOOPBACK_SERVICE: 'true',
      }),
    ).toThrow(/PUSH_LOOPBACK_SERVICE/);
    const secret = 'b'.repeat(43);
    let message = '';
    try {
      parseConfig({ VAPID_PRIVATE_KEY: `${secret}!` });
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toMatch(/VAPID_PRIVATE_KEY/);
    expect(message).not.toContain(secret);
  });
});
