import geoip from 'geoip-country';

/** Codes CDNs send when they cannot tell the country (Cloudflare: XX unknown, T1 Tor). */
const unknownCountryCodes = new Set(['XX', 'T1', 'A1', 'A2', 'O1', 'EU', 'AP']);

/**
 * The country of a client: the CDN's country header when the deployment names one and it is
 * usable, otherwise the offline GeoLite2 country database.
 */
export function countryOfClient(ip: string, headerValue: string | undefined): string | null {
  const fromHeader = headerValue?.trim().toUpperCase();
  if (fromHeader && /^[A-Z]{2}$/.test(fromHeader) && !unknownCountryCodes.has(fromHeader)) return fromHeader;
  return geoip.lookup(ip)?.country ?? null;
}
