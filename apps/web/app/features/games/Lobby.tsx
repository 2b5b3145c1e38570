import type { GamesSort, GameVolatility } from '@chrysos/contract';
import { localizePath } from '@chrysos/rules';
import { useEffect, useRef } from 'react';
import { Link, useNavigate, useRevalidator } from 'react-router';
import { useTranslation } from '../../lib/i18n';
import { useChrome } from '../../lib/route-data';
import { useModals } from '../../modals/ModalProvider';
import type { Route } from '../../routes/+types/games';
import { Icon, type IconName } from '../../ui/icons/icons';
import { usePlayer } from '../player/player-session';
import { countText } from './format';
import { VolatilityMeter } from './GameCard';
import { GameRow } from './GameRow';
import { GamesErrorPanel } from './GamesErrorPanel';
import { LobbyGrid } from './LobbyGrid';
import {
  defaultFilter,
  filterKey,
  hasRefinements,
  type LobbyCategory,
  type LobbyFilter,
  lobbyCategories,
  lobbyPath,
  sorts,
  toggleVolatility,
  volatilities,
} from './lobby-filters';
import '../../styles/games.css';

const categoryIcons: Record<LobbyCategory, IconName> = {
  all: 'grid',
  slots: 'slots',
  'classic-slots': 'classic-slots',
  roulette: 'roulette',
  blackjack: 'blackjack',
  dice: 'dice',
  table: 'cards',
  new: 'sparkles',
  popular: 'fire',
  favorites: 'heart',
};

const sortLabels: Record<GamesSort, string> = {
  popularity: 'games.sort.popularity',
  new: 'games.sort.new',
  name: 'games.sort.name',
};

/** "/" opens the search, as on many sites, unless the visitor is typing somewhere. */
function useSlashOpensSearch(openSearch: () => void) {
  const latest = useRef(openSearch);
  latest.current = openSearch;
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== '/' || event.ctrlKey || event.metaKey || event.altKey) return;
      const target = event.target as HTMLElement | null;
      if (target?.closest('input, textarea, select, [contenteditable="true"], [role="dialog"]')) return;
      event.preventDefault();
      latest.current();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
}

/** What the lobby's loader found: the games of the filter, a sign-in prompt, or a failed catalogue. */
export type LobbyData = Route.ComponentProps['loaderData'];

/**
 * Spec §2 /games/{filters…}: the lobby. The heading and count, the category, search and sort controls,
 * studio and volatility chips, recently played games on the default view, then the grid of the filter
 * (or why there is none). Every control is a link to the filter's address.
 */
export function Lobby({ loaderData }: { loaderData: LobbyData }) {
  const { t, locale } = useTranslation();
  const chrome = useChrome();
  const texts = chrome?.games;
  const { open } = useModals();
  const navigate = useNavigate();
  const revalidator = useRevalidator();
  const player = usePlayer();
  const { filter, providers } = loaderData;
  const to = (next: LobbyFilter) => localizePath(lobbyPath(next), locale);
  const categoryName = (category: LobbyCategory) => texts?.categories[category] ?? category;
  useSlashOpensSearch(() => open('SearchGames', { query: filter.search }));

  if (loaderData.kind === 'failed' && !('heading' in loaderData)) {
    return (
      <section className="lobby">
        {loaderData.unavailable ? (
          <GamesErrorPanel
            entry={loaderData.unavailable}
            icon="refresh"
            headingLevel={1}
            action={() => revalidator.revalidate()}
          />
        ) : null}
      </section>
    );
  }
  const heading = 'heading' in loaderData ? loaderData.heading : (texts?.title ?? '');
  const total = loaderData.kind === 'games' ? loaderData.page.pagination.total : null;

  return (
    <section className="lobby" aria-labelledby="lobby-title">
      <header className="lobby__head">
        <div>
          <h1 id="lobby-title">{heading}</h1>
          {texts ? <p className="lobby__lead">{texts.lead}</p> : null}
        </div>
        {total !== null ? <p className="lobby__count">{countText(t, locale, 'games.count', total)}</p> : null}
      </header>

      <div className="lobby__toolbar">
        <button
          type="button"
          className="button button--ghost lobby__categories-button"
          aria-haspopup="dialog"
          onClick={() => open('GameMenu')}
        >
          <Icon name={categoryIcons[filter.category]} size={18} />
          <span>{categoryName(filter.category)}</span>
          <Icon name="chevron-down" size={16} />
          <span className="visually-hidden">{t('games.categories')}</span>
        </button>
        <button
          type="button"
          className="lobby__search"
          aria-haspopup="dialog"
          onClick={() => open('SearchGames', { query: filter.search })}
        >
          <Icon name="search" size={20} />
          <span className={filter.search ? 'lobby__search-text' : 'lobby__search-text is-placeholder'}>
            {filter.search || texts?.searchPlaceholder}
          </span>
        </button>
        <label className="lobby__sort">
          <Icon name="sort" size={18} />
          <span className="visually-hidden">{t('games.sortLabel')}</span>
          <select
            value={filter.sort}
            onChange={(event) =>
              navigate(to({ ...filter, sort: event.target.value as GamesSort }), { preventScrollReset: true })
            }
          >
            {sorts.map((sort) => (
              <option key={sort} value={sort}>
                {t(sortLabels[sort])}
              </option>
            ))}
          </select>
        </label>
      </div>

      <nav className="chips lobby__categories" aria-label={t('games.categories')}>
        {lobbyCategories.map((category) => (
          <Link
            key={category}
            className="chip"
            to={to({ ...filter, category })}
            preventScrollReset
            aria-current={category === filter.category ? 'page' : undefined}
          >
            <Icon name={categoryIcons[category]} size={18} />
            {categoryName(category)}
          </Link>
        ))}
      </nav>

      {loaderData.kind === 'signIn' ? null : (
        <div className="lobby__filters">
          <nav className="chips chips--small" aria-label={t('games.studios')}>
            <span className="chips__label" aria-hidden="true">
              {t('games.studios')}
            </span>
            <Link
              className="chip"
              to={to({ ...filter, provider: null })}
              preventScrollReset
              aria-current={filter.provider === null ? 'page' : undefined}
            >
              {t('games.allStudios')}
            </Link>
            {providers.map((provider) => (
              <Link
                key={provider.slug}
                className="chip"
                to={to({ ...filter, provider: provider.slug })}
                preventScrollReset
                aria-current={provider.slug === filter.provider ? 'page' : undefined}
              >
                {provider.name}
              </Link>
            ))}
          </nav>
          <nav className="chips chips--small" aria-label={t('games.volatilityLabel')}>
            <span className="chips__label" aria-hidden="true">
              {t('games.volatilityLabel')}
            </span>
            {volatilities.map((level: GameVolatility) => {
              const on = filter.volatility.includes(level);
              return (
                <Link
                  key={level}
                  className="chip chip--toggle"
                  to={to(toggleVolatility(filter, level))}
                  preventScrollReset
                  aria-current={on ? 'true' : undefined}
                >
                  <VolatilityMeter level={level} />
                  {t(`games.volatilityShort.${level}`)}
                  {on ? <Icon name="check" size={14} /> : null}
                </Link>
              );
            })}
          </nav>
        </div>
      )}

      {filter.search || hasRefinements(filter) ? (
        <p className="lobby__refined">
          {filter.search ? (
            <span className="lobby__search-summary">{t('games.resultsFor', { query: filter.search })}</span>
          ) : null}
          {filter.search ? (
            <Link className="chip chip--small" to={to({ ...filter, search: '' })} preventScrollReset>
              {t('games.clearSearch')}
              <Icon name="close" size={14} />
            </Link>
          ) : null}
          <Link
            className="link-button lobby__clear"
            to={to({ ...defaultFilter, category: filter.category, sort: filter.sort })}
            preventScrollReset
          >
            {t('games.clearFilters')}
          </Link>
        </p>
      ) : null}

      {loaderData.kind === 'games' && loaderData.recent.length > 0 ? (
        <>
          <GameRow id="recent" title={t('games.recent')} icon="recent" games={loaderData.recent} />
          <h2 className="lobby__grid-title">{categoryName(filter.category)}</h2>
        </>
      ) : null}

      {loaderData.kind === 'signIn' ? (
        <GamesErrorPanel
          entry={{
            title: t('games.favoritesSignIn.title'),
            text: t('games.favoritesSignIn.text'),
            ctaText: t('games.favoritesSignIn.cta'),
            ctaUrl: '#Login',
          }}
          icon="heart"
        />
      ) : loaderData.kind === 'failed' ? (
        loaderData.unavailable ? (
          <GamesErrorPanel
            entry={loaderData.unavailable}
            icon="refresh"
            action={() => revalidator.revalidate()}
          />
        ) : null
      ) : loaderData.page.games.length === 0 ? (
        <div className="lobby__empty">
          <Icon name={filter.category === 'favorites' ? 'heart' : 'search'} size={40} />
          <p>
            {filter.category === 'favorites' && !hasRefinements(filter)
              ? t('games.favoritesEmpty')
              : texts?.emptyText}
          </p>
          {hasRefinements(filter) ? (
            <Link
              className="button button--ghost"
              to={to({ ...defaultFilter, category: filter.category })}
              preventScrollReset
            >
              {t('games.clearFilters')}
            </Link>
          ) : (
            <Link className="button button--ghost" to={to(defaultFilter)} preventScrollReset>
              {categoryName('all')}
            </Link>
          )}
        </div>
      ) : (
        <LobbyGrid
          key={`${player?.id ?? 'visitor'} ${filterKey(filter)}`}
          filter={filter}
          first={loaderData.page}
          loadMoreText={texts?.loadMoreText ?? t('games.showMore')}
        />
      )}
    </section>
  );
}
