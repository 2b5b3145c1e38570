import type { ContentCollection, ContentData } from '@chrysos/contract';
import { localeFromPath } from '@chrysos/rules';
import { data, type RouterContextProvider } from 'react-router';
import { appContext } from '#app-context';
import type { AppContext } from '../../lib/app-context';
import { pageUrl } from '../../lib/request-url';

/** The content reader, the page's locale and the site origin, for a page loader. */
export function contentFor(request: Request, context: Readonly<RouterContextProvider>) {
  const app: AppContext = context.get(appContext);
  const url = pageUrl(request);
  return { content: app.content, locale: localeFromPath(url.pathname), origin: app.origin, app, url };
}

/** The single item of a collection such as `supportPage`; a page without its content is a 404. */
export function requireFirst<C extends ContentCollection>(
  reader: AppContext['content'],
  collection: C,
  locale: 'en' | 'el',
): ContentData<C> {
  const item = reader.first(collection, locale);
  if (!item) throw data(null, { status: 404 });
  return item.data;
}
