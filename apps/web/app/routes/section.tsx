import { useMatches } from 'react-router';
import { pageMeta } from '../features/content/meta';
import { isSectionId, sections } from '../features/content/sections';
import { useTranslation } from '../lib/i18n';
import { useChrome } from '../lib/route-data';
import type { Route } from './+types/section';

function slugOf(routeId: string | undefined): string {
  return routeId && isSectionId(routeId) ? sections[routeId].slug : 'home';
}

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, slugOf(args.matches.at(-1)?.id), 'Chrysos Casino');

/** A page of a capability still being built: its real title and description, and a notice. */
export default function Section() {
  const { t } = useTranslation();
  const routeId = useMatches().at(-1)?.id;
  const chrome = useChrome();
  const entry = chrome?.metaTags[slugOf(routeId)];

  return (
    <section className="section-page" data-section={routeId}>
      <h1>{entry?.title ?? t('brand')}</h1>
      {entry ? <p className="section-page__lead">{entry.description}</p> : null}
      <p className="notice">{t('sections.comingSoon')}</p>
    </section>
  );
}
