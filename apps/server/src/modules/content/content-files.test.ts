import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { licences } from '@chrysos/rules';
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
    // Every file the editors wrote is an item: none is skipped on the way.
    const written = readdirSync(path.join(contentRoot, 'en'), { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => `${path.basename(entry.parentPath)}/${path.parse(entry.name).name}`)
      .sort();
    expect(keys('en')).toEqual(written);
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

/** Issue 31 item 19: the age and regulator the copy names are the configured licence's. */
describe('licence-dependent copy in the shipped content', () => {
  const textOf = (items: Awaited<ReturnType<typeof readContentFiles>>) =>
    JSON.stringify(items.map((item) => [item.data, item.bodyHtml]));
  const footer = (items: Awaited<ReturnType<typeof readContentFiles>>, locale: 'en' | 'el') => {
    const data = items.find((item) => item.collection === 'footer' && item.locale === locale)?.data;
    return `${data?.licence} ${data?.responsibleGaming}`;
  };

  it('names 21 and the Estonian regulator under the Estonian licence, in English and Greek', async () => {
    const items = await readContentFiles(contentRoot, licences.estonia);
    expect(footer(items, 'en')).toContain('Only players aged 21 or over may play.');
    expect(footer(items, 'en')).toContain(
      'licensed and regulated by the Estonian Tax and Customs Board (EMTA).',
    );
    expect(footer(items, 'el')).toContain('Μόνο άτομα 21 ετών και άνω μπορούν να παίξουν.');
    expect(footer(items, 'el')).toContain('Εποπτεύουσα αρχή: Εσθονική Υπηρεσία Φόρων και Τελωνείων (EMTA).');
    const all = textOf(items);
    expect(all).not.toMatch(
      /Curaçao Gaming Authority|Αρχή Παιγνίων του Κουρασάο|18\+|aged 18|18 ετών|under 18/,
    );
    expect(all).not.toContain('{{');
  });

  it('names 18 and the Curaçao regulator under the Curaçao licence, in English and Greek', async () => {
    const items = await readContentFiles(contentRoot, licences.curacao);
    expect(footer(items, 'en')).toContain('Only players aged 18 or over may play.');
    expect(footer(items, 'en')).toContain('licensed and regulated by the Curaçao Gaming Authority.');
    expect(footer(items, 'el')).toContain('Μόνο άτομα 18 ετών και άνω μπορούν να παίξουν.');
    expect(footer(items, 'el')).toContain('Εποπτεύουσα αρχή: Αρχή Παιγνίων του Κουρασάο.');
    expect(textOf(items)).not.toMatch(/aged 21|21 ετών|Estonian Tax|EMTA/);
  });

  it('names 18 and the Gambling Commission under the UK licence, in English and Greek', async () => {
    const items = await readContentFiles(contentRoot, licences.ukgc);
    expect(footer(items, 'en')).toContain('Only players aged 18 or over may play.');
    expect(footer(items, 'en')).toContain('licensed and regulated by the Gambling Commission.');
    expect(footer(items, 'el')).toContain(
      'Εποπτεύουσα αρχή: Επιτροπή Τυχερών Παιγνίων του Ηνωμένου Βασιλείου (Gambling Commission).',
    );
    const all = textOf(items);
    expect(all).not.toMatch(/Curaçao Gaming Authority|Αρχή Παιγνίων του Κουρασάο|aged 21|EMTA/);
    expect(all).not.toContain('{{');
  });
});
