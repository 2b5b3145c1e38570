import { localizePath } from '@chrysos/rules';
import { Link } from 'react-router';
import { hasDeposited } from '../features/bonuses/first-deposit.server';
import { contentFor, requireFirst } from '../features/content/load.server';
import { pageMeta } from '../features/content/meta';
import { gameRowsOf, HomeGames } from '../features/games/HomeGames';
import { PlayerHome } from '../features/home/PlayerHome';
import { loadPlayerHome } from '../features/home/player-home.server';
import { RunningTournament } from '../features/home/RunningTournament';
import { JackpotTicker } from '../features/jackpot/JackpotTicker';
import { loadJackpots } from '../features/jackpot/jackpots.server';
import { WinnersStrip } from '../features/jackpot/WinnersStrip';
import { Icon, isIconName } from '../ui/icons/icons';
import { Picture } from '../ui/Picture';
import type { Route } from './+types/home';

/**
 * Spec §2 /: the home page from `homePage`, the first-deposit banner (gone once the player has
 * deposited), and the page's SEO blocks. A signed-in player's home is theirs (issue 35): their balance,
 * bonuses waiting, recently played games and running tournament in place of the sign-up hero.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { content, locale, app } = contentFor(request, context);
  const firstDeposit = content.first('firstDepositBonusBanner', locale)?.data ?? null;
  const [player, jackpots, deposited] = await Promise.all([
    loadPlayerHome(app, locale),
    loadJackpots(app),
    hasDeposited(app),
  ]);
  return {
    locale,
    page: requireFirst(content, 'homePage', locale),
    gameRows: gameRowsOf(content.first('games', locale)?.data.categories),
    firstDeposit: firstDeposit && !deposited ? firstDeposit : null,
    player,
    jackpots,
    seoBlocks: content
      .list('seoBlocks', locale)
      .filter((item) => item.data.page === 'home')
      .map((item) => ({ title: item.data.title, html: item.bodyHtml ?? '' })),
  };
}

export const meta: Route.MetaFunction = (args) => pageMeta(args, 'home', 'Chrysos Casino');

const target = (url: string, locale: 'en' | 'el') => (url.startsWith('#') ? url : localizePath(url, locale));

export default function Home({ loaderData }: Route.ComponentProps) {
  const { page, firstDeposit, seoBlocks, locale, gameRows, player, jackpots } = loaderData;
  const { hero } = page;
  return (
    <>
      {player ? (
        <PlayerHome data={player} />
      ) : (
        <section className="hero">
          <div className="hero__text">
            <p className="hero__eyebrow">{hero.eyebrow}</p>
            <h1 className="hero__title">{hero.title}</h1>
            <p className="hero__lead">{hero.lead}</p>
            <div className="hero__actions">
              <Link to={target(hero.primaryCta.url, locale)} className="button button--primary button--large">
                {hero.primaryCta.text}
              </Link>
              <Link to={target(hero.secondaryCta.url, locale)} className="button button--ghost button--large">
                {hero.secondaryCta.text}
              </Link>
            </div>
          </div>
          <Picture className="hero__art" src={hero.image} alt="" width={640} height={480} priority />
        </section>
      )}

      {/* A player's games come first: on a phone they are on the first screen. */}
      {player ? <HomeGames rows={gameRows} /> : null}
      {player?.tournament ? <RunningTournament tournament={player.tournament} /> : null}

      {firstDeposit ? (
        <aside className="first-deposit" aria-label={firstDeposit.title}>
          <Picture src={firstDeposit.image} alt="" width={160} height={120} />
          <div>
            <h2>{firstDeposit.title}</h2>
            <p>{firstDeposit.text}</p>
          </div>
          <Link className="button button--primary" to={target(firstDeposit.ctaUrl, locale)}>
            {firstDeposit.ctaText}
          </Link>
        </aside>
      ) : null}

      <JackpotTicker initial={jackpots} />

      {player ? null : <HomeGames rows={gameRows} />}

      <WinnersStrip />

      <section className="section" aria-labelledby="strengths-title">
        <h2 id="strengths-title">{page.strengths.title}</h2>
        <ul className="cards">
          {page.strengths.items.map((item) => (
            <li key={item.title} className="card">
              {isIconName(item.icon) ? <Icon name={item.icon} size={32} /> : null}
              <h3>{item.title}</h3>
              <p>{item.text}</p>
            </li>
          ))}
        </ul>
      </section>

      <section className="section" aria-labelledby="studio-title">
        <h2 id="studio-title">{page.studio.title}</h2>
        <p className="section__lead">{page.studio.lead}</p>
        <ul className="families">
          {page.studio.items.map((item) => (
            <li key={item.title} className="family">
              {isIconName(item.icon) ? <Icon name={item.icon} size={40} className="family__icon" /> : null}
              <h3>{item.title}</h3>
              <p>{item.text}</p>
            </li>
          ))}
        </ul>
      </section>

      <section className="section responsible" aria-labelledby="responsible-title">
        <h2 id="responsible-title">{page.responsible.title}</h2>
        <p>{page.responsible.text}</p>
        <Link to={target(page.responsible.url, locale)}>{page.responsible.title} →</Link>
      </section>

      {seoBlocks.length > 0 ? (
        <section className="section seo-blocks">
          {seoBlocks.map((block) => (
            <div key={block.title}>
              <h2>{block.title}</h2>
              {/* biome-ignore lint/security/noDangerouslySetInnerHtml: rendered from Markdown and sanitised on the server when content is loaded */}
              <div className="prose" dangerouslySetInnerHTML={{ __html: block.html }} />
            </div>
          ))}
        </section>
      ) : null}
    </>
  );
}
