import { beforeAll, describe, expect, it } from 'vitest';
import { browserAgent } from './harness/players.ts';
import { type SharedProduct, sharedProduct } from './harness/products.ts';

/**
 * Issue 31 item 19: the age and the regulator the site names follow the configured licence, in the
 * page's chrome (the footer's badge and warning) and in its content (the footer's licence statement,
 * the home page), in English and Greek: 18 and Curaçao's authority by default, 21 and Estonia's
 * Tax and Customs Board with LICENSE=estonia.
 */
const { url: curacaoUrl } = await sharedProduct('standard');
let estonia: SharedProduct;
beforeAll(async () => {
  estonia = await sharedProduct('estonia');
});

/** The server-rendered page as text, tags and entities aside. */
async function pageText(origin: string, path: string): Promise<string> {
  const response = await fetch(`${origin}${path}`, { headers: { 'user-agent': browserAgent } });
  expect(response.status).toBe(200);
  const html = await response.text();
  const body = html.slice(html.indexOf('<body'), html.indexOf('<script', html.indexOf('<footer')));
  return body
    .replace(/<[^>]+>/g, ' ')
    .replace(/&nbsp;|&#x27;|&#39;/g, (entity) => (entity === '&nbsp;' ? ' ' : "'"))
    .replace(/\s+/g, ' ');
}

const expected = {
  curacao: {
    en: [
      '18+',
      'Only players aged 18 or over may play.',
      'licensed and regulated by the Curaçao Gaming Authority.',
    ],
    el: [
      '18+',
      'Μόνο άτομα 18 ετών και άνω μπορούν να παίξουν.',
      'Εποπτεύουσα αρχή: Αρχή Παιγνίων του Κουρασάο.',
    ],
  },
  estonia: {
    en: [
      '21+',
      'Only players aged 21 or over may play.',
      'licensed and regulated by the Estonian Tax and Customs Board (EMTA).',
    ],
    el: [
      '21+',
      'Μόνο άτομα 21 ετών και άνω μπορούν να παίξουν.',
      'Εποπτεύουσα αρχή: Εσθονική Υπηρεσία Φόρων και Τελωνείων (EMTA).',
    ],
  },
};

describe('copy that follows the licence', () => {
  it('says 18 and names the Curaçao authority under the Curaçao licence, in English and Greek', async () => {
    for (const [locale, path] of [
      ['en', '/'],
      ['el', '/el'],
    ] as const) {
      const text = await pageText(curacaoUrl, path);
      for (const words of expected.curacao[locale]) expect(text, locale).toContain(words);
      expect(text, locale).not.toMatch(/\b21\+|EMTA/);
    }
  });

  it('says 21 and names the Estonian regulator under the Estonian licence, in English and Greek', async () => {
    for (const [locale, path] of [
      ['en', '/'],
      ['el', '/el'],
    ] as const) {
      const text = await pageText(estonia.url, path);
      for (const words of expected.estonia[locale]) expect(text, locale).toContain(words);
      expect(text, locale).not.toMatch(
        /\b18\+|aged 18|18 ετών|Curaçao Gaming Authority|Αρχή Παιγνίων του Κουρασάο/,
      );
    }
  });
});
