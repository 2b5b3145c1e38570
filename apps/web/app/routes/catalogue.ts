import { isLocale } from '@chrysos/rules';
import { publishedCatalogue } from '../i18n/catalogues.server';
import type { Route } from './+types/catalogue';

/**
 * A locale's messages as the browser loads them (i18n/catalogue-store.ts): `/i18n/<locale>.<version>.json`.
 * The current version is kept for a year (its address changes with its content); any other version,
 * asked by a page rendered before a deployment, gets today's messages for a minute only.
 */
export function loader({ params }: Route.LoaderArgs) {
  const [, locale, version] = /^([a-z]{2})\.([0-9a-f]+)\.json$/.exec(params.file) ?? [];
  if (!locale || !isLocale(locale)) return new Response('Not Found', { status: 404 });
  const catalogue = publishedCatalogue(locale);
  return new Response(catalogue.json, {
    headers: {
      'Content-Type': 'application/json; charset=utf-8',
      'Cache-Control':
        version === catalogue.version ? 'public, max-age=31536000, immutable' : 'public, max-age=60',
    },
  });
}
