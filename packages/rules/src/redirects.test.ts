import { describe, expect, it } from 'vitest';
import { legacyRedirect, routeRuleRedirect } from './redirects.ts';

describe('legacy and section redirects (spec §2)', () => {
  it.each([
    ['/games', '/games/all'],
    ['/el/games', '/el/games/all'],
    ['/tournaments', '/tournaments/active'],
    ['/el/tournaments/', '/el/tournaments/active'],
    ['/profile', '/profile/general'],
    ['/users/edit', '/profile/general/security'],
    ['/el/users/edit', '/el/profile/general/security'],
    ['/documents', '/profile/general/verification'],
    ['/accounts/EUR/cashout', '/profile/wallet/withdrawal?currency=EUR'],
    ['/el/accounts/BTC/cashout', '/el/profile/wallet/withdrawal?currency=BTC'],
    ['/accounts/USD/select', '/profile/wallet/balance'],
    ['/accounts/history', '/profile/wallet/transactions'],
    ['/accounts/EUR/deposit', '/deposit'],
    ['/el/accounts/EUR/deposit', '/el/deposit'],
  ])('%s → %s', (from, to) => {
    expect(legacyRedirect(from)).toBe(to);
  });

  it.each([
    '/',
    '/games/all',
    '/games/slots',
    '/tournaments/active',
    '/profile/general',
    '/accounts',
    '/faq',
  ])('%s stays', (path) => {
    expect(legacyRedirect(path)).toBeNull();
  });

  it('escapes what it copies into the query', () => {
    expect(legacyRedirect('/accounts/a%26b/cashout')).toBe('/profile/wallet/withdrawal?currency=a%26b');
  });

  it('looks up configured route rules by exact path', () => {
    const rules = { '/vip': '/promotions/vip-club', '/blog': 'https://blog.chrysos.casino/' };
    expect(routeRuleRedirect(rules, '/vip')).toBe('/promotions/vip-club');
    expect(routeRuleRedirect(rules, '/vip/')).toBe('/promotions/vip-club');
    expect(routeRuleRedirect(rules, '/blog')).toBe('https://blog.chrysos.casino/');
    expect(routeRuleRedirect(rules, '/vip/extra')).toBeNull();
  });
});
