/**
 * The visitor's choice about analytics (issue 37): remembered in a cookie of its own, which is strictly
 * necessary (it is what keeps the choice), for 180 days. Until the visitor chooses, and after they
 * decline, nothing reaches the analytics pipeline.
 */
export const consentCookie = 'chrysos_consent';
export type Consent = 'analytics' | 'necessary';
/** The footer's "Cookie settings" asks for the banner again through this window event. */
export const consentSettingsEvent = 'chrysos:consent-settings';
const lifetimeSeconds = 180 * 24 * 60 * 60;

/** The choice a Cookie header or `document.cookie` holds, or null before the visitor made one. */
export function consentOf(cookies: string): Consent | null {
  for (const part of cookies.split(';')) {
    const [name, value] = part.trim().split('=');
    if (name === consentCookie && (value === 'analytics' || value === 'necessary')) return value;
  }
  return null;
}

export function rememberConsent(consent: Consent, doc: Document = document): void {
  const secure = doc.location?.protocol === 'https:' ? '; Secure' : '';
  doc.cookie = `${consentCookie}=${consent}; Max-Age=${lifetimeSeconds}; Path=/; SameSite=Lax${secure}`;
}

/** Forgets what the analytics library kept of the visitor (its ids), when they withdraw their consent. */
export function forgetAnalyticsIds(
  doc: Document = document,
  storage: Storage | null = globalThis.localStorage ?? null,
) {
  for (const name of ['ajs_anonymous_id', 'ajs_user_id', 'ajs_group_id']) {
    doc.cookie = `${name}=; Max-Age=0; Path=/`;
    storage?.removeItem(name);
    storage?.removeItem(`${name}`);
  }
  if (!storage) return;
  for (const key of Object.keys(storage)) {
    if (key.startsWith('ajs_') || key.includes(':dest-Segment.io')) storage.removeItem(key);
  }
}
