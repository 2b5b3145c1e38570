/**
 * Spec §6: user agents matching bot, lighthouse, facebook or google are bots (they skip the error
 * pages), and no others: a wider list (isbot's) let curl and HeadlessChrome past the country block.
 */
export function isBotUserAgent(userAgent: string | undefined): boolean {
  return userAgent !== undefined && /bot|lighthouse|facebook|google/i.test(userAgent);
}

/** Whether a visitor from this country may not use the casino. Unknown countries are not blocked. */
export function isBlockedCountry(countryCode: string | null, blocked: readonly string[]): boolean {
  return countryCode !== null && blocked.includes(countryCode);
}
