import { localizePath } from '@chrysos/rules';
import { Link } from 'react-router';
import { contentFor, requireFirst } from '../features/content/load.server';
import { pageMeta } from '../features/content/meta';
import { useTranslation } from '../lib/i18n';
import { Picture } from '../ui/Picture';
import type { Route } from './+types/promotions';

/**
 * Spec §2 /promotions: the promotions `promotionsCollection` lists, in its order, leaving out those
 * the visitor's groups, the date or their A/B variant hide.
 */
export function loader({ request, context }: Route.LoaderArgs) {
  const { content, locale } = contentFor(request, context);
  const page = requireFirst(content, 'promotionsCollection', locale);
  const cards = page.items.flatMap(({ slug, badge }) => {
    const promotion = content.bySlug('promotions', locale, slug)?.data;
    return promotion
      ? [
          {
            slug,
            badge: badge ?? null,
            title: promotion.title,
            summary: promotion.summary,
            banner: promotion.banner,
          },
        ]
      : [];
  });
  return { title: page.title, lead: page.lead, cards, locale };
}

export const meta: Route.MetaFunction = (args) => pageMeta(args, 'promotions', 'Promotions');

export default function Promotions({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { cards, locale } = loaderData;
  return (
    <section className="content-page promotions">
      <h1>{loaderData.title}</h1>
      <p className="content-page__lead">{loaderData.lead}</p>
      <ul className="promotions__list">
        {cards.map((card, index) => (
          <li key={card.slug} className="card promotions__card" data-promotion={card.slug}>
            <Picture src={card.banner} alt="" width={600} height={200} priority={index === 0} />
            {card.badge ? <span className="badge">{card.badge}</span> : null}
            <h2>{card.title}</h2>
            <p>{card.summary}</p>
            <Link className="button button--primary" to={localizePath(`/promotions/${card.slug}`, locale)}>
              {t('promotionsPage.readMore')}
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
