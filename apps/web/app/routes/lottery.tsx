import { contentFor } from '../features/content/load.server';
import { alternateLinks } from '../features/content/meta';
import { LotteryPage } from '../features/lottery/LotteryPage';
import '../styles/lottery.css';
import { data } from 'react-router';
import type { Route } from './+types/lottery';

/** /lottery: the weekly lottery's rules and prizes (content `lottery`), the current draw and past results. */
export function loader({ request, context }: Route.LoaderArgs) {
  const { content, locale, origin } = contentFor(request, context);
  const item = content.first('lottery', locale);
  if (!item) throw data(null, { status: 404 });
  const { title, lead, ticketRule, drawSchedule, prizes } = item.data;
  return { origin, content: { title, lead, ticketRule, drawSchedule, prizes, html: item.bodyHtml ?? '' } };
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
  return <LotteryPage content={loaderData.content} />;
}
