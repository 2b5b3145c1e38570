/**
 * Spec §4 webview guard: on iOS, outside the mobile app's own domains, a page shown inside a social or
 * messaging app's browser (or any non-Safari browser when not installed) asks to be opened in Safari,
 * because payments and sign-in break in those embedded browsers.
 */
const inAppBrowsers =
  /FBAN|FBAV|FB_IAB|Instagram|Line\/|Twitter|TwitterAndroid|Telegram|WhatsApp|Snapchat|LinkedInApp|MicroMessenger|TikTok|musical_ly|Pinterest|GSA\//i;

export function isIos(userAgent: string): boolean {
  return /iPhone|iPad|iPod/i.test(userAgent);
}

/** Safari proper: WebKit with the Safari token and none of the other iOS browsers' tokens. */
function isSafari(userAgent: string): boolean {
  return /Safari\//.test(userAgent) && !/CriOS|FxiOS|EdgiOS|OPiOS|YaBrowser|DuckDuckGo/.test(userAgent);
}

export function needsLeaveWebView(options: {
  userAgent: string;
  hostname: string;
  standalone: boolean;
  mobileAppDomains: readonly string[];
}): boolean {
  const { userAgent, hostname, standalone, mobileAppDomains } = options;
  if (!isIos(userAgent) || mobileAppDomains.includes(hostname)) return false;
  if (inAppBrowsers.test(userAgent)) return true;
  return !standalone && !isSafari(userAgent);
}
