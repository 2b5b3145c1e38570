import { endpoints } from '@chrysos/contract/client';
import { data } from 'react-router';
import { contentFor } from '../features/content/load.server';
import { alternateLinks } from '../features/content/meta';
import { JackpotPage } from '../features/jackpot/JackpotPage';
import type { Route } from './+types/jackpot';

/**
 * /jackpot: the progressive jackpot (content jackpotPage, issue 18): the three tiers live, their
 * committed seed hashes and the won cycles to check, and the latest winners.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { app, content, locale, origin } = contentFor(request, context);
  const item = content.first('jackpotPage', locale);
  if (!item) throw data(null, { status: 404 });
  const { title, lead, tiers } = item.data;
  // The amounts as the page is rendered (in-process API, the visitor's currency); live from then on.
  const [current, cycles] = await Promise.all([
    app.api(endpoints.jackpot.current, {}).catch(() => null),
    app.api(endpoints.jackpot.cycles, {}).catch(() => null),
  ]);
  return {
    origin,
    content: { title, lead, tiers, html: item.bodyHtml ?? '' },
    jackpots: current?.ok ? current.body : null,
    cycles: cycles?.ok ? cycles.body : null,
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

export default function Jackpot({ loaderData }: Route.ComponentProps) {
  return (
    <JackpotPage
      content={loaderData.content}
      initial={loaderData.jackpots}
      initialCycles={loaderData.cycles}
    />
  );
}
