import { isLocale } from '@chrysos/rules';
import { publishedCatalogue } from '../i18n/catalogues.server';
import type { Route } from './+types/catalogue';

/**
 * A locale's messages as the browser loads them (i18n/catalogue-store.ts): `/i18n/<locale>.<version>.json`,
 * or as a script that files them under that address (`….js`), which a page loads on its first visit.
 * The current version is kept for a year (its address changes with its content); any other version,
 * asked by a page rendered before a deployment, gets today's messages for a minute only.
 */
export function loader({ params }: Route.LoaderArgs) {
  const [, locale, version, kind] = /^([a-z]{2})\.([0-9a-f]+)\.(json|js)$/.exec(params.file) ?? [];
  if (!locale || !isLocale(locale)) return new Response('Not Found', { status: 404 });
  const catalogue = publishedCatalogue(locale);
  const asked = JSON.stringify(`/i18n/${locale}.${version}.json`);
  return new Response(
    kind === 'js' ? `(self.chrysosMessages ||= {})[${asked}] = ${catalogue.json};\n` : catalogue.json,
    {
      headers: {
        'Content-Type': kind === 'js' ? 'text/javascript; charset=utf-8' : 'application/json; charset=utf-8',
        'Cache-Control':
          version === catalogue.version ? 'public, max-age=31536000, immutable' : 'public, max-age=60',
      },
    },
  );
}
