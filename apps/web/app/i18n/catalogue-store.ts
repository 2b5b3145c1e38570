import type { Messages } from './catalogues.server';

/*
 * A locale's messages reach the browser as a file of their own at a versioned address
 * (`/i18n/en.<version>.json`, routes/catalogue.ts), cached for good, rather than inside every page:
 * they were three fifths of the home page's HTML (issue 20). The root loader names the address; the
 * server renders from the catalogue it holds, the browser loads it before it hydrates
 * (entry.client.tsx) and before a page in another language renders (root's clientLoader).
 */
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
  const response = await fetch(href, { credentials: 'same-origin' });
  if (!response.ok) throw new Error(`messages at ${href}: ${response.status}`);
  loaded.set(href, (await response.json()) as Messages);
}
