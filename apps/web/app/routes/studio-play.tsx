import { langFrom, StudioGame } from '@chrysos/games/client';
import '@chrysos/games/client/studio.css';
import { data } from 'react-router';
import { bareHandle } from '../features/studio/bare-page';
import { studioTitleName } from '../features/studio/studio-titles.server';
import { pageUrl } from '../lib/request-url';
import type { Route } from './+types/studio-play';

/**
 * /studio/play/:titleId?session=…&lang=en|el — the in-house studio's game client, loaded in the
 * casino's game iframe. Rendered bare (no casino chrome); the game reads its session id from the
 * address once, keeps it in sessionStorage and removes it from the address bar.
 */
export const handle = bareHandle;

export function loader({ request, params }: Route.LoaderArgs) {
  const lang = langFrom(pageUrl(request).searchParams.get('lang'));
  const name = studioTitleName(params.titleId, lang);
  if (!name) throw data({ lang }, { status: 404 });
  return { lang, titleId: params.titleId, name };
}

export function headers() {
  // The first address carries the session id: never cache the page, never pass it on as a referrer.
  return { 'Cache-Control': 'no-store', 'Referrer-Policy': 'no-referrer' };
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: loaderData ? `${loaderData.name} · Chrysos` : 'Chrysos' },
  { name: 'robots', content: 'noindex, nofollow' },
];

export default function StudioPlay({ loaderData }: Route.ComponentProps) {
  return <StudioGame titleId={loaderData.titleId} lang={loaderData.lang} />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const lang = langFrom((error as { data?: { lang?: string } } | null)?.data?.lang);
  const t = {
    en: 'This game is no longer available.',
    el: 'Αυτό το παιχνίδι δεν είναι πλέον διαθέσιμο.',
  };
  return (
    <div className="studio studio--message" role="alert">
      <p>{t[lang]}</p>
      <a className="studio-button" href={lang === 'el' ? '/el/exit_iframe' : '/exit_iframe'}>
        {lang === 'el' ? 'Κλείσιμο παιχνιδιού' : 'Close game'}
      </a>
    </div>
  );
}
