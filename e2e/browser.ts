import { fileURLToPath } from 'node:url';
import { type Browser, chromium, type Locator, type Page } from 'playwright-core';

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

/**
 * How long a click, a navigation or a wait for an element may take before it fails: a ceiling, not a
 * budget (a spec goes on the moment the page is there). Playwright's 30 s ran out in CI's slower runs,
 * two loaded cores serving every lane, on pages that were on their way.
 */
export const patience = 60_000;

/**
 * Debian's Chromium, headless; every context it opens (and so every page) waits with `patience`. Its
 * visitors have already answered the consent banner (necessary cookies only), as a returning visitor
 * has, so the banner covers nothing a spec clicks; `askConsent` keeps them new (analytics.e2e.ts).
 */
export async function launchBrowser(options: { askConsent?: boolean } = {}): Promise<Browser> {
  const browser = await chromium.launch({
    executablePath: mergingLauncher,
    headless: true,
    args: [...chromiumFlags, `--disable-features=${unusedFeatures.join(',')}`],
  });
  // Playwright keeps the default per context, and `newPage` opens its context through `newContext`.
  const newContext = browser.newContext.bind(browser);
  browser.newContext = async (contextOptions) => {
    const context = await newContext(contextOptions);
    context.setDefaultTimeout(patience);
    if (!options.askConsent) {
      // A frame of no origin (about:blank, a sandbox) has no cookies to read or write.
      await context.addInitScript({
        content: `try {
          if (!document.cookie.includes('chrysos_consent=')) document.cookie = 'chrysos_consent=necessary; path=/';
        } catch {}`,
      });
    }
    return context;
  };
  return browser;
}

/**
 * Opens a page of the site and waits until it is live (root.tsx marks `<html data-hydrated>`): a click
 * or a keystroke that lands on the server's HTML before hydration is lost, which a loaded machine shows.
 */
export async function visit(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
}

/**
 * Waits until React has hydrated an element. The header's account menu, bell and wheel are lazy chunks:
 * until a chunk has loaded, its part of the page is the server's HTML, shown but deaf to a click or a key,
 * and a page may already be marked hydrated around it.
 */
export async function live(element: Locator): Promise<void> {
  // React may replace the server's node when the chunk lands (an update reaching a boundary not yet
  // hydrated renders it on the client): a node found detached is given up and the locator read again.
  for (;;) {
    await element.waitFor();
    const node = await element.elementHandle();
    const state = await element
      .page()
      .waitForFunction(
        (found) =>
          !(found as { isConnected: boolean }).isConnected
            ? 'replaced'
            : Object.keys(found as object).some((key) => key.startsWith('__reactProps$')),
        node,
      );
    if ((await state.jsonValue()) === true) return;
  }
}
