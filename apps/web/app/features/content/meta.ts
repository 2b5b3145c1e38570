import { localizePath } from '@chrysos/rules';
import type { MetaDescriptor } from 'react-router';

interface MetaSource {
  metaTags: Record<string, { title: string; description: string }>;
}

/**
 * Title and description for a page from the metaTags collection by slug (spec §2 Error page: the slug is
 * the status code), with a generic fallback when the collection has no entry.
 */
export function metaFor(
  chrome: MetaSource | undefined,
  slug: string,
  fallbackTitle: string,
): MetaDescriptor[] {
  const entry = chrome?.metaTags[slug];
  return [
    { title: entry?.title ?? fallbackTitle },
    { name: 'description', content: entry?.description ?? fallbackTitle },
  ];
}

/** Canonical and hreflang alternates for a path in both locales on the site's origin. */
export function alternateLinks(origin: string, pathname: string): MetaDescriptor[] {
  const english = `${origin}${localizePath(pathname, 'en')}`;
  const greek = `${origin}${localizePath(pathname, 'el')}`;
  return [
    { tagName: 'link', rel: 'canonical', href: `${origin}${pathname}` },
    { tagName: 'link', rel: 'alternate', hrefLang: 'en', href: english },
    { tagName: 'link', rel: 'alternate', hrefLang: 'el', href: greek },
    { tagName: 'link', rel: 'alternate', hrefLang: 'x-default', href: english },
  ];
}

interface PageMetaArgs {
  matches: ReadonlyArray<{ id: string; loaderData?: unknown } | undefined>;
  location: { pathname: string };
}

/** Everything a page puts in its head: title and description by metaTags slug, canonical, alternates. */
export function pageMeta(args: PageMetaArgs, slug: string, fallbackTitle: string): MetaDescriptor[] {
  const chrome = args.matches.find((match) => match?.id === 'routes/locale')?.loaderData as
    | (MetaSource & { origin: string })
    | undefined;
  return [
    ...metaFor(chrome, slug, fallbackTitle),
    ...(chrome ? alternateLinks(chrome.origin, args.location.pathname) : []),
  ];
}

/** Head of an error page: metaTags entry whose slug is the status code, else "{status} error". */
export function errorMeta(args: PageMetaArgs & { error?: unknown }): MetaDescriptor[] {
  const error = args.error as { status?: number } | undefined;
  const status = typeof error?.status === 'number' ? error.status : 500;
  const chrome = args.matches.find((match) => match?.id === 'routes/locale')?.loaderData as
    | MetaSource
    | undefined;
  return [...metaFor(chrome, String(status), `${status} error`), { name: 'robots', content: 'noindex' }];
}
