import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { readContentFiles } from './read-content-files.ts';

const contentRoot = fileURLToPath(new URL('../../../../../content', import.meta.url));
const publicRoot = fileURLToPath(new URL('../../../../web/public', import.meta.url));

/** Every image or file path a content item points at. */
function assetPaths(value: unknown): string[] {
  if (typeof value === 'string') return /^\/(images|brand)\/[\w./-]+$/.test(value) ? [value] : [];
  if (Array.isArray(value)) return value.flatMap(assetPaths);
  if (value && typeof value === 'object') return Object.values(value).flatMap(assetPaths);
  return [];
}

/** The content shipped with the product: valid, and the same items in English and Greek. */
describe('shipped content', () => {
  it('validates and has every item in both languages', async () => {
    const items = await readContentFiles(contentRoot);
    const keys = (locale: string) =>
      items
        .filter((item) => item.locale === locale)
        .map((item) => `${item.collection}/${item.stem}`)
        .sort();
    expect(keys('el')).toEqual(keys('en'));
    expect(items.length).toBeGreaterThan(0);
  });

  it('has the site chrome collections', async () => {
    const collections = new Set((await readContentFiles(contentRoot)).map((item) => item.collection));
    for (const collection of [
      'metaTags',
      'logos',
      'header',
      'menu',
      'gameMenuModal',
      'footer',
      'footerSeoBlocks',
      'bottomPromo',
      'downBar',
      'registerModal',
      'privacyPolicyUpdate',
      'textPages',
    ]) {
      expect(collections, collection).toContain(collection);
    }
  });

  it('points only at images that exist', async () => {
    const missing = (await readContentFiles(contentRoot))
      .flatMap((item) =>
        assetPaths(item.data).map((asset) => `${item.locale}/${item.collection}/${item.stem}: ${asset}`),
      )
      .filter((entry) => !existsSync(`${publicRoot}${entry.split(': ')[1]}`));
    expect(missing).toEqual([]);
  });
});
