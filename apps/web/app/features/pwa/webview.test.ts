import { describe, expect, it } from 'vitest';
import { needsLeaveWebView } from './webview';

const safari =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1';
const instagram =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/22B83 Instagram 356.0.0.26.89';
const telegram =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1 Telegram-iOS/11.2';
const embedded =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/22B83';
const chromeIos =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/131.0.6778.73 Mobile/15E148 Safari/604.1';
const android =
  'Mozilla/5.0 (Linux; Android 15; Pixel 9) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Mobile Safari/537.36 Instagram 356.0';

const check = (userAgent: string, extra: Partial<{ hostname: string; standalone: boolean }> = {}) =>
  needsLeaveWebView({
    userAgent,
    hostname: 'chrysos.casino',
    standalone: false,
    mobileAppDomains: ['app.chrysos.casino'],
    ...extra,
  });

describe('webview guard', () => {
  it('asks to leave in-app browsers of social and messaging apps on iOS', () => {
    expect(check(instagram)).toBe(true);
    expect(check(telegram)).toBe(true);
  });

  it('asks to leave a non-Safari browser unless the site is installed', () => {
    expect(check(embedded)).toBe(true);
    expect(check(chromeIos)).toBe(true);
    expect(check(embedded, { standalone: true })).toBe(false);
  });

  it('leaves Safari, Android and the mobile app domains alone', () => {
    expect(check(safari)).toBe(false);
    expect(check(android)).toBe(false);
    expect(check(instagram, { hostname: 'app.chrysos.casino' })).toBe(false);
  });
});
