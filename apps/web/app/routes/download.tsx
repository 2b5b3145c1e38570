import { localizePath } from '@chrysos/rules';
import { Link, useMatches } from 'react-router';
import { contentFor, requireFirst } from '../features/content/load.server';
import { pageMeta } from '../features/content/meta';
import { Picture } from '../ui/Picture';
import type { Route } from './+types/download';

const isAndroid = (pathname: string) => /\/download-apk\/?$/.test(pathname);

/** Spec §2 /download-apk and /download-ipa on the fullscreen layout: how to install each app. */
export function loader({ request, context }: Route.LoaderArgs) {
  const { content, locale, url } = contentFor(request, context);
  const page = isAndroid(url.pathname)
    ? requireFirst(content, 'downloadApk', locale)
    : requireFirst(content, 'downloadIpa', locale);
  return { page, locale };
}

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, isAndroid(args.location.pathname) ? 'download-apk' : 'download-ipa', 'Chrysos Casino');

export default function Download({ loaderData }: Route.ComponentProps) {
  const { page, locale } = loaderData;
  const id = useMatches().at(-1)?.id;
  const href = localizePath(page.ctaUrl, locale);
  return (
    <section className="download" data-download={id}>
      <Picture src={page.image} alt="" width={480} height={480} priority />
      <div>
        <h1>{page.title}</h1>
        <p className="content-page__lead">{page.lead}</p>
        <ol className="download__steps">
          {page.steps.map((step) => (
            <li key={step}>{step}</li>
          ))}
        </ol>
        <Link className="button button--primary button--large" to={href}>
          {page.ctaText}
        </Link>
        <p className="download__note">{page.note}</p>
      </div>
    </section>
  );
}
