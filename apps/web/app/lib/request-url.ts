/**
 * The page URL a loader runs for. On client-side navigation React Router fetches `/el/faq.data`
 * (and `/_root.data` for `/`); locales, redirects and slugs must be read from the page path.
 */
export function pageUrl(request: Request): URL {
  const url = new URL(request.url);
  if (url.pathname === '/_root.data') url.pathname = '/';
  else if (url.pathname.endsWith('.data')) url.pathname = url.pathname.slice(0, -'.data'.length);
  url.searchParams.delete('_routes');
  return url;
}
