import { localizePath } from '@chrysos/rules';
import { Link } from 'react-router';
import { contentFor, requireFirst } from '../features/content/load.server';
import { pageMeta } from '../features/content/meta';
import { Icon, isIconName } from '../ui/icons/icons';
import { Picture } from '../ui/Picture';
import type { Route } from './+types/mobile-app';

/** Spec §2 /mobile-app: what the app offers and where to get it on Android and iOS. */
export function loader({ request, context }: Route.LoaderArgs) {
  const { content, locale } = contentFor(request, context);
  return { page: requireFirst(content, 'mobileApp', locale), locale };
}

export const meta: Route.MetaFunction = (args) => pageMeta(args, 'mobile-app', 'Mobile app');

export default function MobileApp({ loaderData }: Route.ComponentProps) {
  const { page, locale } = loaderData;
  return (
    <section className="content-page mobile-app">
      <div className="split">
        <div>
          <h1>{page.title}</h1>
          <p className="content-page__lead">{page.lead}</p>
          <ul className="platforms">
            {page.platforms.map((platform) => (
              <li key={platform.platform} className="card">
                <Icon name={platform.platform === 'android' ? 'android' : 'apple'} size={32} />
                <h2>{platform.title}</h2>
                <p>{platform.text}</p>
                <Link className="button button--primary" to={localizePath(platform.ctaUrl, locale)}>
                  {platform.ctaText}
                </Link>
              </li>
            ))}
          </ul>
        </div>
        <Picture src={page.image} alt="" width={480} height={480} priority />
      </div>
      <ul className="cards">
        {page.features.map((feature) => (
          <li key={feature.title} className="card">
            {isIconName(feature.icon) ? <Icon name={feature.icon} size={28} /> : null}
            <h2>{feature.title}</h2>
            <p>{feature.text}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}
