import { contentFor } from '../features/content/load.server';
import { alternateLinks } from '../features/content/meta';
import { ProvablyFair } from '../features/studio/ProvablyFair';
import { studioTitleChoices } from '../features/studio/studio-titles.server';
import { WheelVerifier } from '../features/wheel/WheelVerifier';
import { catalogues } from '../i18n/catalogues.server';
import '../styles/provably-fair.css';
import '../styles/wheel.css';
import type { Route } from './+types/provably-fair';

/**
 * /provably-fair: how the studio's rounds are fixed by committed seeds, and a verifier anyone can use
 * (no account): it recomputes a round with POST /games-api/verify and hashes the seed in the browser.
 */
export function loader({ request, context }: Route.LoaderArgs) {
  const { locale, origin } = contentFor(request, context);
  const { metaTitle, metaDescription } = catalogues[locale].provablyFair;
  return { locale, origin, metaTitle, metaDescription, games: studioTitleChoices(locale) };
}

export const meta: Route.MetaFunction = ({ loaderData, location }) =>
  loaderData
    ? [
        { title: loaderData.metaTitle },
        { name: 'description', content: loaderData.metaDescription },
        { property: 'og:title', content: loaderData.metaTitle },
        { property: 'og:description', content: loaderData.metaDescription },
        ...alternateLinks(loaderData.origin, location.pathname),
      ]
    : [];

export default function ProvablyFairPage({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <ProvablyFair games={loaderData.games} locale={loaderData.locale} />
      <WheelVerifier />
    </>
  );
}
