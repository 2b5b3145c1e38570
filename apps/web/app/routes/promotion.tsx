import { localeFromPath, localizePath } from '@chrysos/rules';
import { data, Link } from 'react-router';
import { appContext } from '#app-context';
import { alternateLinks } from '../features/content/meta';
import { isLoggedIn, usePlayerSession } from '../features/player/player-session';
import { useTranslation } from '../lib/i18n';
import { pageUrl } from '../lib/request-url';
import { Picture } from '../ui/Picture';
import type { Route } from './+types/promotion';

/** `/promotions/{slug}` is valid only for a stored promotion the visitor may see (spec §2). */
export function loader({ params, request, context }: Route.LoaderArgs) {
  const app = context.get(appContext);
  const url = pageUrl(request);
  const locale = localeFromPath(url.pathname);
  const promotion = app.content.bySlug('promotions', locale, params.slug);
  if (!promotion) throw data(null, { status: 404, statusText: `Page Not Found: ${url.pathname}` });
  const { title, summary, banner, ctaText, ctaUrl, terms } = promotion.data;
  return {
    locale,
    origin: app.origin,
    promotion: {
      slug: params.slug,
      title,
      summary,
      banner,
      ctaText,
      ctaUrl,
      terms,
      html: promotion.bodyHtml ?? '',
    },
  };
}

export const meta: Route.MetaFunction = ({ loaderData, location }) =>
  loaderData
    ? [
        { title: `${loaderData.promotion.title} | Chrysos Casino` },
        { name: 'description', content: loaderData.promotion.summary },
        ...alternateLinks(loaderData.origin, location.pathname),
      ]
    : [];

/** A call to action that signs a visitor up or opens the cashier: for a player, the claim of the offer. */
const claims = /^\/(users\/sign_up|deposit)\/?(\?|#|$)/;

export default function Promotion({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { promotion, locale } = loaderData;
  const signedIn = isLoggedIn(usePlayerSession());
  // "Claim your welcome package" leads a signed-in player to the deposit with this offer chosen.
  const cta =
    signedIn && claims.test(promotion.ctaUrl)
      ? `${localizePath('/profile/wallet/deposit', locale)}?bonus=${encodeURIComponent(promotion.slug)}`
      : promotion.ctaUrl.startsWith('#')
        ? promotion.ctaUrl
        : localizePath(promotion.ctaUrl, locale);
  return (
    <article className="promotion">
      <Picture
        className="promotion__banner"
        src={promotion.banner}
        alt=""
        width={1200}
        height={400}
        priority
      />
      <h1>{promotion.title}</h1>
      <p className="promotion__summary">{promotion.summary}</p>
      <Link className="button button--primary button--large" to={cta}>
        {promotion.ctaText}
      </Link>
      {/* biome-ignore lint/security/noDangerouslySetInnerHtml: rendered from Markdown and sanitised on the server when content is loaded */}
      <div className="prose" dangerouslySetInnerHTML={{ __html: promotion.html }} />
      <section className="promotion__terms">
        <h2>{t('promotions.terms')}</h2>
        <ol>
          {promotion.terms.map((term) => (
            <li key={term}>{term}</li>
          ))}
        </ol>
      </section>
    </article>
  );
}
