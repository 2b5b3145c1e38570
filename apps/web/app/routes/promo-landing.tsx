import { localizePath } from '@chrysos/rules';
import { data, Link } from 'react-router';
import { contentFor } from '../features/content/load.server';
import { alternateLinks } from '../features/content/meta';
import { pageUrl } from '../lib/request-url';
import { Icon, isIconName } from '../ui/icons/icons';
import { Picture } from '../ui/Picture';
import type { Route } from './+types/promo-landing';

/**
 * Spec §2 /promos/{slug}: a campaign landing page on the fullscreen layout, assembled from the four
 * landing collections by their `landing` slug. A slug without an offer is a 404.
 */
export function loader({ params, request, context }: Route.LoaderArgs) {
  const { content, locale, origin } = contentFor(request, context);
  const forLanding = <T extends { landing: string }>(items: { data: T }[]) =>
    items.map((item) => item.data).find((item) => item.landing === params.slug) ?? null;
  const offer = forLanding(content.list('offers', locale));
  if (!offer) throw data(null, { status: 404, statusText: `Page Not Found: ${pageUrl(request).pathname}` });
  return {
    locale,
    origin,
    offer,
    form: forLanding(content.list('registerForm', locale)),
    steps: forLanding(content.list('landingSteps', locale)),
    features: forLanding(content.list('landingFeatures', locale)),
  };
}

export const meta: Route.MetaFunction = ({ loaderData, location }) =>
  loaderData
    ? [
        { title: `${loaderData.offer.headline} | Chrysos Casino` },
        { name: 'description', content: loaderData.offer.subheadline },
        ...alternateLinks(loaderData.origin, location.pathname),
      ]
    : [];

export default function PromoLanding({ loaderData }: Route.ComponentProps) {
  const { offer, form, steps, features, locale } = loaderData;
  return (
    <article className="landing">
      <section className="landing__hero">
        <div>
          <h1>{offer.headline}</h1>
          <p className="content-page__lead">{offer.subheadline}</p>
          <p className="landing__bonus">{offer.bonus}</p>
          {form ? (
            <div className="landing__form card">
              <h2>{form.title}</h2>
              <p>{form.text}</p>
              <Link
                className="button button--primary button--large"
                to={localizePath('/users/sign_up', locale)}
              >
                {form.submitText}
              </Link>
              <Link to={localizePath('/users/sign_in', locale)}>{form.signInText}</Link>
            </div>
          ) : null}
        </div>
        <Picture src={offer.image} alt="" width={1200} height={400} priority />
      </section>
      {steps ? (
        <section className="section">
          <h2>{steps.title}</h2>
          <ol className="cards landing__steps">
            {steps.steps.map((step) => (
              <li key={step.title} className="card">
                {isIconName(step.icon) ? <Icon name={step.icon} size={28} /> : null}
                <h3>{step.title}</h3>
                <p>{step.text}</p>
              </li>
            ))}
          </ol>
        </section>
      ) : null}
      {features ? (
        <section className="section">
          <h2>{features.title}</h2>
          <ul className="cards">
            {features.features.map((feature) => (
              <li key={feature.title} className="card">
                {isIconName(feature.icon) ? <Icon name={feature.icon} size={28} /> : null}
                <h3>{feature.title}</h3>
                <p>{feature.text}</p>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      <p className="landing__terms">{offer.terms}</p>
    </article>
  );
}
