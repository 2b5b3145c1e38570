import type { Messages } from './catalogues.server';

/*
 * A locale's messages reach the browser as a file of their own at a versioned address
 * (`/i18n/en.<version>.json`, routes/catalogue.ts), cached for good, rather than inside every page:
 * they were three fifths of the home page's HTML (issue 20). The root loader names the address; the
 * server renders from the catalogue it holds. A page loads it with a deferred script (`….js`, which files
 * it under `chrysosMessages[address]`): fetched beside the page's modules, not after them, and part of
 * the page's load, so hydration waits on no further round trip. entry.client.tsx hydrates once it is
 * in; a page in another language renders once its messages are fetched (root's clientLoader).
 */
declare global {
  var chrysosMessages: Record<string, Messages> | undefined;
}

export const catalogueScript = (href: string) => href.replace(/\.json$/, '.js');

const loaded = new Map<string, Messages>();

/** The server's own copy, under the address the page names. */
export function rememberCatalogue(href: string, messages: Messages): void {
  if (!loaded.has(href)) loaded.set(href, messages);
}

export function catalogueAt(href: string): Messages | undefined {
  return loaded.get(href);
}

export async function loadCatalogue(href: string): Promise<void> {
  if (loaded.has(href)) return;
  const filed = globalThis.chrysosMessages?.[href];
  if (filed) {
    loaded.set(href, filed);
    return;
  }
  const response = await fetch(href, { credentials: 'same-origin' });
  if (!response.ok) throw new Error(`messages at ${href}: ${response.status}`);
  loaded.set(href, (await response.json()) as Messages);
}

/** The messages the page's script brings (see above), or fetched if that script failed. */
export async function pageCatalogue(href: string, script: HTMLScriptElement | null): Promise<void> {
  if (script && !globalThis.chrysosMessages?.[href]) {
    await new Promise((resolve) => {
      script.addEventListener('load', resolve, { once: true });
      script.addEventListener('error', resolve, { once: true });
    });
  }
  await loadCatalogue(href);
}
