import { request as httpRequest } from 'node:http';
import { beforeAll, describe, expect, it } from 'vitest';
import { type SharedProduct, sharedProduct } from './harness/products.ts';

const browserAgent =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrysos/131.0 Safari/537.36';

/**
 * Spec §2: canonical and alternate links per locale and domain, issue 31 item 18. The operator lists its
 * origins in PUBLIC_URLS; a page asked for under one of them links on it, under any other Host on
 * PUBLIC_URL. The render cache is on (its default 30 s), so a page cached for one origin must not be
 * served for another.
 */
describe('canonical and alternate links on each listed origin', () => {
  let product: SharedProduct;
  beforeAll(async () => {
    product = await sharedProduct('standard');
  });

  /** A page as a browser at `host` asks for it (fetch cannot set Host). */
  const page = (path: string, host: string) =>
    new Promise<string>((resolve, reject) => {
      const sent = httpRequest(
        `${product.url}${path}`,
        { headers: { host, 'user-agent': browserAgent, cookie: 'i18n_redirected=en' } },
        (answer) => {
          let body = '';
          answer.setEncoding('utf8');
          answer.on('data', (chunk) => {
            body += chunk;
          });
          answer.on('end', () => (answer.statusCode === 200 ? resolve(body) : reject(new Error(body))));
        },
      );
      sent.on('error', reject);
      sent.end();
    });

  it('links each listed origin to itself and any other Host to PUBLIC_URL, through the render cache', async () => {
    for (const round of [1, 2]) {
      const main = await page('/faq', 'chrysos.casino');
      expect(main, `round ${round}`).toContain('<link rel="canonical" href="https://chrysos.casino/faq"');
      expect(main).toContain('<link rel="alternate" hrefLang="el" href="https://chrysos.casino/el/faq"');
      expect(main).not.toContain('https://chrysos.gr');

      const greekDomain = await page('/el/faq', 'chrysos.gr:8443');
      expect(greekDomain).toContain('<link rel="canonical" href="https://chrysos.gr:8443/el/faq"');
      expect(greekDomain).toContain('<link rel="alternate" hrefLang="en" href="https://chrysos.gr:8443/faq"');
      expect(greekDomain).not.toContain('https://chrysos.casino');

      const forged = await page('/faq', 'evil.example');
      expect(forged).toContain(`<link rel="canonical" href="${product.url}/faq"`);
      expect(forged).not.toContain('evil.example');
      expect(forged).not.toContain('https://chrysos.casino');
    }
  });
});
