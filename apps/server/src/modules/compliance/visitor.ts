import { isbot } from 'isbot';

/** Spec §6: user agents matching bot, lighthouse, facebook or google are bots, plus every crawler isbot knows. */
export function isBotUserAgent(userAgent: string | undefined): boolean {
  if (!userAgent) return false;
  return isbot(userAgent) || /bot|lighthouse|facebook|google/i.test(userAgent);
}

/** Whether a visitor from this country may not use the casino. Unknown countries are not blocked. */
export function isBlockedCountry(countryCode: string | null, blocked: readonly string[]): boolean {
  return countryCode !== null && blocked.includes(countryCode);
}
