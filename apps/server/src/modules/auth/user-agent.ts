/** A user agent as an operator recognises a device by: browser, operating system and kind of device. */
export interface DeviceSummary {
  browser: string | null;
  os: string | null;
  device: 'desktop' | 'mobile' | 'tablet' | 'unknown';
}

// Order matters: Edge and Opera say Chrome too, Chrome says Safari, every iPad app says Mac.
const browsers: [RegExp, string][] = [
  [/\bEdg(?:e|A|iOS)?\//, 'Edge'],
  [/\bOPR\/|\bOpera\b/, 'Opera'],
  [/\bSamsungBrowser\//, 'Samsung Internet'],
  [/\bFirefox\/|\bFxiOS\//, 'Firefox'],
  [/\bChrome\/|\bCriOS\//, 'Chrome'],
  [/\bVersion\/[\d.]+.*\bSafari\//, 'Safari'],
];
const systems: [RegExp, string][] = [
  [/\bWindows\b/, 'Windows'],
  [/\biPhone\b|\biPad\b|\biPod\b/, 'iOS'],
  [/\bAndroid\b/, 'Android'],
  [/\bCrOS\b/, 'ChromeOS'],
  [/\bMac OS X\b|\bMacintosh\b/, 'macOS'],
  [/\bLinux\b/, 'Linux'],
];

/** What the player's browser said of itself, summarised; an empty or unknown one says little. */
export function summariseUserAgent(userAgent: string | null): DeviceSummary {
  if (!userAgent) return { browser: null, os: null, device: 'unknown' };
  const browser = browsers.find(([pattern]) => pattern.test(userAgent))?.[1] ?? null;
  const os = systems.find(([pattern]) => pattern.test(userAgent))?.[1] ?? null;
  const device = /\biPad\b|\bTablet\b|Android(?!.*\bMobile\b)/.test(userAgent)
    ? 'tablet'
    : /\bMobile\b|\biPhone\b|\biPod\b/.test(userAgent)
      ? 'mobile'
      : os === null
        ? 'unknown'
        : 'desktop';
  return { browser, os, device };
}
