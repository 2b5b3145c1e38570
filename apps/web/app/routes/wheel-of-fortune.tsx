import { data } from 'react-router';
import { appContext } from '#app-context';
import { contentFor } from '../features/content/load.server';
import { alternateLinks } from '../features/content/meta';
import { spinAction } from '../features/wheel/spin-action.server';
import { WheelPage } from '../features/wheel/WheelPage';
import { loadPlayerWheel } from '../features/wheel/wheel-page.server';
import { formOf } from '../lib/form-action.server';
import '../styles/wheel.css';
import type { Route } from './+types/wheel-of-fortune';

/**
 * /wheel-of-fortune: the wheel drawn from content wheelOfFortune, its rules, and the spin (issue 18); for
 * a signed-in player, their wheel today (null for a visitor).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { content, locale, origin } = contentFor(request, context);
  const wheel = content.first('wheelOfFortune', locale);
  const modal = content.first('wheelOfFortuneModal', locale);
  if (!wheel || !modal) throw data(null, { status: 404 });
  const { title, lead, sectors, noWinSector, secretSector, minDepSpin, promoCode } = wheel.data;
  return {
    origin,
    content: {
      title,
      lead,
      sectors,
      noWinSector,
      secretSector,
      minDepSpin,
      promoCode,
      html: wheel.bodyHtml ?? '',
    },
    modal: modal.data,
    personal: await loadPlayerWheel(context.get(appContext)),
  };
}

/** The signed-in player spends their spin of the day (the spinner's fetcher, here or in the wheel's modal). */
export async function action({ request, context }: Route.ActionArgs) {
  return spinAction(context.get(appContext), await formOf(request));
}

export const meta: Route.MetaFunction = ({ loaderData, location }) =>
  loaderData
    ? [
        { title: `${loaderData.content.title} | Chrysos Casino` },
        { name: 'description', content: loaderData.content.lead },
        { property: 'og:title', content: loaderData.content.title },
        { property: 'og:description', content: loaderData.content.lead },
        ...alternateLinks(loaderData.origin, location.pathname),
      ]
    : [];

export default function WheelOfFortune({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <WheelPage
      content={loaderData.content}
      modal={loaderData.modal}
      personal={loaderData.personal}
      posted={actionData}
    />
  );
}
