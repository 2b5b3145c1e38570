import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { readContentFiles } from './read-content-files.ts';

const contentRoot = fileURLToPath(new URL('../../../../../content', import.meta.url));

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
});
