import { data } from 'react-router';
import { contentFor } from '../features/content/load.server';
import { alternateLinks } from '../features/content/meta';
import { LoyaltyPage } from '../features/loyalty/LoyaltyPage';
import { readCompPoints } from '../features/loyalty/loyalty-pages.server';
import '../styles/loyalty.css';
import type { Route } from './+types/loyalty';

/**
 * /loyalty: the loyalty programme (content `loyalty`), and the immediateVip invitation for a player
 * whose groups its visibility settings show it to (high_roller: Diamond and Chrysos), and a signed-in
 * player's comp points (null for a visitor). A groups_updates push reloads the page's data, so the
 * invitation appears as the level is reached.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { content, locale, origin, app } = contentFor(request, context);
  const item = content.first('loyalty', locale);
  if (!item) throw data(null, { status: 404 });
  const { title, lead, levels } = item.data;
  const vip = content.first('immediateVip', locale)?.data ?? null;
  const mine = await readCompPoints(app);
  return { origin, content: { title, lead, levels, html: item.bodyHtml ?? '' }, vip, mine };
}

export const meta: Route.MetaFunction = ({ loaderData, location }) =>
  loaderData
    ? [
        { title: `${loaderData.content.title} | Chrysos Casino` },
        { name: 'description', content: loaderData.content.lead },
        ...alternateLinks(loaderData.origin, location.pathname),
      ]
    : [];

export default function Loyalty({ loaderData }: Route.ComponentProps) {
  return <LoyaltyPage content={loaderData.content} vip={loaderData.vip} mine={loaderData.mine} />;
}
