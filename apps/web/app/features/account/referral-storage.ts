import { pickReferralParams, referralQuery } from '@chrysos/rules';
import { browserStorage, readJson, writeJson } from '../../lib/storage';

export const referralStorageKey = 'chrysos.referral';

/** The marketing tags kept on this device, checked again on the way out of storage. */
export function storedReferral(storage: Storage | null = browserStorage()): Record<string, string> {
  const stored = readJson(referralStorageKey, storage);
  return stored && typeof stored === 'object' ? pickReferralParams(stored as Record<string, unknown>) : {};
}

/** Tags already kept win over new ones, tag by tag: the first touch is the one that is credited. */
export function mergeReferral(
  kept: Record<string, string>,
  incoming: Record<string, string>,
): Record<string, string> {
  return { ...incoming, ...kept };
}

/**
 * Spec §9: keeps the known marketing tags of a landing address (`?btag=…&utm_source=…`) on the device,
 * so a visitor who registers days later is still credited to the link they came from.
 */
export function captureReferral(search: string, storage: Storage | null = browserStorage()): void {
  const incoming = pickReferralParams(new URLSearchParams(search));
  if (Object.keys(incoming).length === 0) return;
  const kept = storedReferral(storage);
  const merged = mergeReferral(kept, incoming);
  if (Object.keys(merged).length !== Object.keys(kept).length) writeJson(referralStorageKey, merged, storage);
}

/** The query string for POST /users and social sign-in: kept tags, plus any on the current address. */
export function referralQueryFor(search: string, storage: Storage | null = browserStorage()): string {
  return referralQuery(
    mergeReferral(storedReferral(storage), pickReferralParams(new URLSearchParams(search))),
  );
}

/** A social sign-in address (spec §7): the provider's path, the referral tags and the page's language. */
export function socialSignInHref(providerUrl: string, referralQueryString: string, locale: string): string {
  const query = new URLSearchParams(referralQueryString.replace(/^\?/, ''));
  query.set('locale', locale);
  return `${providerUrl}${providerUrl.includes('?') ? '&' : '?'}${query}`;
}
