import { fileURLToPath } from 'node:url';
import { type Browser, chromium, type Page } from 'playwright-core';

export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Flags that keep Chromium from reaching for the network this machine lacks. */
export const chromiumFlags = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/**
 * Chrome's own omnibox popup, a WebUI page that headless Chromium renders in a renderer of its own for
 * every new tab: half of what opening a page costs (1.3 → 0.6 CPU-s a sign-in page, measured with
 * Chromium 156). A spec opens hundreds of pages, and nobody looks at that popup.
 */
const unusedFeatures = ['WebUIOmniboxPopup', 'WebUIOmniboxAimPopup', 'WebUIOmniboxFullPopup'];

/** Chromium started through `./chromium`, which merges our disabled features with Playwright's. */
const mergingLauncher = fileURLToPath(new URL('./chromium', import.meta.url));

/** Debian's Chromium, headless. */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: mergingLauncher,
    headless: true,
    args: [...chromiumFlags, `--disable-features=${unusedFeatures.join(',')}`],
  });
}

/**
 * Opens a page of the site and waits until it is live (root.tsx marks `<html data-hydrated>`): a click
 * or a keystroke that lands on the server's HTML before hydration is lost, which a loaded machine shows.
 */
export async function visit(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
}
