import { localizePath } from '@chrysos/rules';
import type { FastifyPluginAsync } from 'fastify';
import { publicOriginOf } from '../../platform/public-origin.ts';
import { viewerOf } from '../player/public.ts';

/** Public pages every visitor can open, without the locale prefix. */
const staticPages = [
  '/',
  '/games/all',
  '/providers',
  '/promotions',
  '/tournaments/active',
  '/wheel-of-fortune',
  '/faq',
  '/support',
  '/payments',
  '/mobile-app',
  '/download-apk',
  '/download-ipa',
];

const escapeXml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (char) => `&${{ '&': 'amp', '<': 'lt', '>': 'gt', '"': 'quot', "'": 'apos' }[char]};`,
  );

/** `sitemap.xml` with every public page in both languages, each naming its alternate; and `robots.txt`. */
export const seoRoutes: FastifyPluginAsync = async (app) => {
  app.get('/robots.txt', async (request, reply) => {
    const origin = publicOriginOf(app.config, request);
    return reply
      .type('text/plain; charset=utf-8')
      .send(
        [
          'User-agent: *',
          'Disallow: /api/',
          'Disallow: /profile/',
          'Disallow: /deposit',
          'Disallow: /users/',
          'Disallow: /_ipx/',
          `Sitemap: ${origin}/sitemap.xml`,
          '',
        ].join('\n'),
      );
  });

  app.get('/sitemap.xml', async (request, reply) => {
    const origin = publicOriginOf(app.config, request);
    const viewer = await viewerOf(app, request);
    const slugs = (collection: 'textPages' | 'promotions', prefix: string) =>
      app.content
        .list(collection, 'en', viewer)
        .map((item) => `${prefix}/${(item.data as { slug: string }).slug}`);
    const pages = [...staticPages, ...slugs('promotions', '/promotions'), ...slugs('textPages', '')];
    const entries = pages.flatMap((page) =>
      (['en', 'el'] as const).map((locale) => {
        const alternates = (['en', 'el'] as const)
          .map(
            (other) =>
              `<xhtml:link rel="alternate" hreflang="${other}" href="${escapeXml(`${origin}${localizePath(page, other)}`)}"/>`,
          )
          .join('');
        return `<url><loc>${escapeXml(`${origin}${localizePath(page, locale)}`)}</loc>${alternates}</url>`;
      }),
    );
    return reply
      .type('application/xml; charset=utf-8')
      .send(
        `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n${entries.join('\n')}\n</urlset>\n`,
      );
  });
};
