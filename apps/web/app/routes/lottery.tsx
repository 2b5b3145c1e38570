import { contentFor } from '../features/content/load.server';
import { alternateLinks } from '../features/content/meta';
import { LotteryPage } from '../features/lottery/LotteryPage';
import { loadLotteryPage } from '../features/lottery/lottery-pages.server';
import '../styles/lottery.css';
import { data } from 'react-router';
import type { Route } from './+types/lottery';

/**
 * /lottery: the weekly lottery's rules and prizes (content `lottery`), the current draw and past results,
 * and a signed-in player's tickets.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { content, locale, origin, app } = contentFor(request, context);
  const item = content.first('lottery', locale);
  if (!item) throw data(null, { status: 404 });
  const { title, lead, ticketRule, drawSchedule, prizes } = item.data;
  return {
    origin,
    content: { title, lead, ticketRule, drawSchedule, prizes, html: item.bodyHtml ?? '' },
    ...(await loadLotteryPage(app)),
  };
}

export const meta: Route.MetaFunction = ({ loaderData, location }) =>
  loaderData
    ? [
        { title: `${loaderData.content.title} | Chrysos Casino` },
        { name: 'description', content: loaderData.content.lead },
        ...alternateLinks(loaderData.origin, location.pathname),
      ]
    : [];

export default function Lottery({ loaderData }: Route.ComponentProps) {
  const { content, overview, currencies, mine } = loaderData;
  return <LotteryPage content={content} overview={overview} currencies={currencies} mine={mine} />;
}
