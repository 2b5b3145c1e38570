import { gzipSync } from 'node:zlib';
import { startProduct } from '../e2e/server.ts';

/**
 * JavaScript an anonymous visitor downloads on the first load of a page: every module the HTML
 * preloads or runs, gzip-compressed as a server would send it. Target for `/`: 130 KB in total.
 */
const targetBytes = 130 * 1024;
const pages = ['/', '/el', '/faq', '/games/all'];

const product = await startProduct();
try {
  const rows: { page: string; modules: number; raw: number; gzip: number }[] = [];
  for (const page of pages) {
    const html = await (
      await fetch(`${product.url}${page}`, { headers: { cookie: 'i18n_redirected=en' } })
    ).text();
    const sources = new Set(
      [
        ...html.matchAll(
          /<(?:link rel="modulepreload"|script[^>]*type="module")[^>]*(?:href|src)="([^"]+\.js)"/g,
        ),
      ].map((match) => match[1] as string),
    );
    // The inline bootstrap imports the entry and route modules too.
    for (const match of html.matchAll(/import\(?\s*"(\/assets\/[^"]+\.js)"/g))
      sources.add(match[1] as string);
    let raw = 0;
    let gzip = 0;
    for (const source of sources) {
      const body = Buffer.from(await (await fetch(`${product.url}${source}`)).arrayBuffer());
      raw += body.length;
      gzip += gzipSync(body).length;
    }
    rows.push({ page, modules: sources.size, raw, gzip });
  }
  console.log('\nJavaScript on first load (anonymous visitor)\n');
  console.table(
    rows.map((row) => ({
      page: row.page,
      modules: row.modules,
      'raw KB': (row.raw / 1024).toFixed(1),
      'gzip KB': (row.gzip / 1024).toFixed(1),
      'target gzip KB': row.page === '/' ? (targetBytes / 1024).toFixed(0) : '',
      'of target': row.page === '/' ? `${((100 * row.gzip) / targetBytes).toFixed(0)} %` : '',
    })),
  );
} finally {
  await product.stop();
}
