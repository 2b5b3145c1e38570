import { endpoints } from '@chrysos/contract/client';
import { type Locale, localeCookieMaxAgeSeconds, localeCookieName } from '@chrysos/rules';
import { api } from '../../lib/api';

/**
 * The visitor switches the site to another language. The choice is remembered on this device (spec §9:
 * the next visit to / opens in it) and, for a signed-in player, stored as their language (spec §7
 * PATCH /player/update_locale): the player's language then drives the interface wherever they sign in
 * (spec §4 Locale), and their emails are written in it.
 */
export function chooseLanguage(locale: Locale, signedIn: boolean): void {
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing in Firefox and older Safari
  document.cookie = `${localeCookieName}=${locale}; path=/; max-age=${localeCookieMaxAgeSeconds}; samesite=lax`;
  if (!signedIn) return;
  // The page switches at once; the request finishes alongside (a client-side navigation keeps it alive).
  void api(endpoints.player.updateLocale, { body: { locale } }).catch(() => {
    // Offline: the interface has switched all the same, and the next switch stores it.
  });
}
