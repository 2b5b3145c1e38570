import { localeFromPath } from '@chrysos/rules';
import { data } from 'react-router';
import { appContext } from '#app-context';
import { alternateLinks } from '../features/content/meta';
import { pageUrl } from '../lib/request-url';
import type { Route } from './+types/text-page';

/** `/{slug}` exists only for a stored text page (spec §2); anything else is a real 404. */
export function loader({ params, request, context }: Route.LoaderArgs) {
  const app = context.get(appContext);
  const url = pageUrl(request);
  const page = app.content.bySlug('textPages', localeFromPath(url.pathname), params.slug);
  if (!page) throw data(null, { status: 404, statusText: `Page Not Found: ${url.pathname}` });
  return {
    title: page.data.title,
    description: page.data.description,
    updatedAt: page.data.updatedAt ?? null,
    html: page.bodyHtml ?? '',
    origin: app.origin,
  };
}

export const meta: Route.MetaFunction = ({ loaderData, location }) =>
  loaderData
    ? [
        { title: `${loaderData.title} | Chrysos Casino` },
        { name: 'description', content: loaderData.description },
        ...alternateLinks(loaderData.origin, location.pathname),
      ]
    : [];

export default function TextPage({ loaderData }: Route.ComponentProps) {
  return (
    <article className="text-page">
      <h1>{loaderData.title}</h1>
      {/* biome-ignore lint/security/noDangerouslySetInnerHtml: rendered from Markdown and sanitised on the server when content is loaded */}
      <div className="prose" dangerouslySetInnerHTML={{ __html: loaderData.html }} />
    </article>
  );
}
