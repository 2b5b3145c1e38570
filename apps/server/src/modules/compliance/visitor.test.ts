import { describe, expect, it } from 'vitest';
import { isBlockedCountry, isBotUserAgent } from './visitor.ts';

describe('visitors', () => {
  it.each([
    ['Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)', true],
    ['facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)', true],
    ['Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/120.0 Safari/537.36 Chrome-Lighthouse', true],
    ['Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)', true],
    ['Mozilla/5.0 (compatible; Google-InspectionTool/1.0)', true],
    [
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36',
      false,
    ],
    [
      'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 Version/18.0 Mobile/15E148 Safari/604.1',
      false,
    ],
    // Spec §6 names the bots; isbot's wider list let these past the country block (issue 31 item 11).
    ['curl/8.5.0', false],
    [
      'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/131.0 Safari/537.36',
      false,
    ],
    ['python-requests/2.32.3', false],
    ['Wget/1.21.4', false],
    [
      'Mozilla/5.0 (Linux; Android 11; moto g power (2022)) AppleWebKit/537.36 Chrome/120.0 Mobile Safari/537.36 Chrome-Lighthouse',
      true,
    ],
    [undefined, false],
  ])('%s is a bot: %s', (userAgent, expected) => {
    expect(isBotUserAgent(userAgent)).toBe(expected);
  });

  it('blocks listed countries only', () => {
    expect(isBlockedCountry('US', ['US', 'FR'])).toBe(true);
    expect(isBlockedCountry('GR', ['US', 'FR'])).toBe(false);
    expect(isBlockedCountry(null, ['US'])).toBe(false);
  });
});
