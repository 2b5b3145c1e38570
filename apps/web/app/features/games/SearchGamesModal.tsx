import type { Game, GamesPage } from '@chrysos/contract';
import { localizePath } from '@chrysos/rules';
import { type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from '../../lib/i18n';
import { useChrome } from '../../lib/route-data';
import { useModals } from '../../modals/ModalProvider';
import { Icon } from '../../ui/icons/icons';
import { countText, formatRtp } from './format';
import { GameThumb } from './GameThumb';
import { fetchGamesPage } from './games-api';
import { highlightParts } from './highlight';
import { createInstantSearch, type InstantSearch, moveActive, type SearchState } from './instant-search';
import { defaultFilter, lobbyPath, searchMaxLength } from './lobby-filters';
import '../../styles/games.css';

/** Data the SearchGames modal may be opened with: the words to start from. */
export interface SearchGamesData {
  query?: string;
}

const resultsShown = 8;
const suggestionsShown = 6;

/**
 * Spec §2 SearchGames: instant search of the catalogue (POST /games_filter with `search`, sent when
 * typing pauses for 200 ms), results with their artwork, arrow keys to move, Enter to open, Escape to
 * close. With an empty field it suggests popular games.
 */
export function SearchGamesModal() {
  const { t, locale } = useTranslation();
  const chrome = useChrome();
  const { stack, close } = useModals();
  const navigate = useNavigate();
  const opened = stack.find((modal) => modal.name === 'SearchGames')?.data as SearchGamesData | undefined;
  const [query, setQuery] = useState(opened?.query ?? '');
  const [state, setState] = useState<SearchState<GamesPage>>({ status: 'idle', query: '', results: null });
  const [popular, setPopular] = useState<Game[] | null>(null);
  const [active, setActive] = useState(-1);
  const search = useRef<InstantSearch | null>(null);
  const list = useRef<HTMLDivElement>(null);
  const field = useRef<HTMLInputElement>(null);
  // The field takes the focus as soon as it exists: this body loads after the modal opened.
  useEffect(() => {
    const input = field.current;
    if (!input) return;
    input.focus();
    input.setSelectionRange(input.value.length, input.value.length);
  }, []);
  const id = useId();

  const startQuery = useRef(query);
  useEffect(() => {
    const instant = createInstantSearch<GamesPage>({
      run: (words, signal) => fetchGamesPage({ search: words, page_size: resultsShown }, locale, signal),
      onChange: (next) => {
        setState(next);
        setActive(-1);
      },
    });
    search.current = instant;
    instant.set(startQuery.current);
    return () => instant.dispose();
  }, [locale]);

  useEffect(() => {
    let live = true;
    fetchGamesPage({ categories: ['popular'], page_size: suggestionsShown }, locale).then(
      (page) => {
        if (!live) return;
        setPopular(page.games);
        setActive(-1);
      },
      () => live && setPopular([]),
    );
    return () => {
      live = false;
    };
  }, [locale]);

  const searching = query.trim() !== '';
  const games = searching ? (state.results?.games ?? []) : (popular ?? []);
  const total = searching ? (state.results?.pagination.total ?? 0) : 0;
  const settled = searching && (state.status === 'done' || state.status === 'failed');
  const current = state.query === query.trim();

  // A new answer starts the choice afresh (above); the chosen result stays in view while moving.
  useEffect(() => {
    if (active >= 0) list.current?.children[active]?.scrollIntoView({ block: 'nearest' });
  }, [active]);

  const gamePath = (game: Game) => localizePath(`/game/${game.seo_title}`, locale);
  const allResultsPath = localizePath(lobbyPath({ ...defaultFilter, search: query.trim() }), locale);

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      setActive((before) => moveActive(before, event.key, games.length));
    } else if (event.key === 'Enter') {
      event.preventDefault();
      const chosen = games[active];
      if (chosen) navigate(gamePath(chosen));
      else if (searching) navigate(allResultsPath);
      else return;
      close('SearchGames');
    }
  }

  const noMatch = searching && settled && current && state.status === 'done' && total === 0;
  const failed = searching && current && state.status === 'failed';
  // Read out by screen readers as it changes; the same facts are shown below.
  let status = '';
  if (failed) status = t('searchGames.failed');
  else if (noMatch) status = t('searchGames.noResults', { query: query.trim() });
  else if (searching && settled && current) status = countText(t, locale, 'games.count', total);
  else if (searching) status = t('searchGames.searching');
  const heading = searching
    ? total > 0 && current
      ? countText(t, locale, 'games.count', total)
      : ''
    : popular && popular.length > 0
      ? t('searchGames.popular')
      : '';

  const listId = `${id}-results`;
  const optionId = (index: number) => `${id}-result-${index}`;
  return (
    <div className="modal__body search-games">
      <div className="search-games__field">
        <Icon name="search" size={20} className="search-games__icon" />
        <input
          ref={field}
          type="search"
          role="combobox"
          aria-label={chrome?.games?.searchPlaceholder ?? t('modals.names.SearchGames')}
          aria-expanded={games.length > 0}
          aria-controls={listId}
          aria-autocomplete="list"
          aria-activedescendant={active >= 0 ? optionId(active) : undefined}
          placeholder={chrome?.games?.searchPlaceholder}
          autoComplete="off"
          spellCheck={false}
          enterKeyHint="search"
          maxLength={searchMaxLength}
          value={query}
          onChange={(event) => {
            setQuery(event.target.value);
            search.current?.set(event.target.value);
          }}
          onKeyDown={onKeyDown}
        />
        {state.status === 'waiting' || state.status === 'loading' ? (
          <span className="spinner spinner--small search-games__spinner" aria-hidden="true" />
        ) : null}
      </div>

      <p className="visually-hidden" aria-live="polite">
        {status}
      </p>
      <p className="search-games__heading" aria-hidden="true">
        {heading}
      </p>
      {failed ? (
        <div className="search-games__empty">
          <Icon name="warning" size={36} />
          <p className="search-games__empty-title">{t('searchGames.failed')}</p>
          <button type="button" className="button button--ghost" onClick={() => search.current?.retry()}>
            {t('games.tryAgain')}
          </button>
        </div>
      ) : null}

      <div
        id={listId}
        ref={list}
        role="listbox"
        aria-label={searching ? t('searchGames.results') : t('searchGames.popular')}
        className={
          state.status === 'waiting' || state.status === 'loading'
            ? 'search-games__list is-stale'
            : 'search-games__list'
        }
      >
        {games.map((game, index) => (
          // The link is the option itself (ARIA in HTML allows a link the option role): a link inside an
          // option was a control nested in a control, which screen readers reach twice or not at all.
          <Link
            key={game.identifier}
            to={gamePath(game)}
            id={optionId(index)}
            role="option"
            tabIndex={-1}
            aria-selected={index === active}
            className={index === active ? 'search-games__item is-active' : 'search-games__item'}
            onMouseMove={() => setActive(index)}
            onClick={() => close('SearchGames')}
          >
            <GameThumb src={game.thumbnail} title={game.title} sizes="72px" drawnWidth={72} />
            <span className="search-games__text">
              <span className="search-games__title">
                {highlightParts(game.title, searching ? query : '').map((part, at) =>
                  part.match ? (
                    // biome-ignore lint/suspicious/noArrayIndexKey: parts of one title never reorder
                    <mark key={at}>{part.text}</mark>
                  ) : (
                    // biome-ignore lint/suspicious/noArrayIndexKey: parts of one title never reorder
                    <span key={at}>{part.text}</span>
                  ),
                )}
              </span>
              <span className="search-games__meta">
                {game.provider_name} · {t('games.rtp', { rtp: formatRtp(game.rtp, locale) })}
              </span>
            </span>
            <Icon name="play" size={18} className="search-games__go" />
          </Link>
        ))}
      </div>

      {noMatch ? (
        <div className="search-games__empty">
          <Icon name="search" size={36} />
          <p className="search-games__empty-title">{t('searchGames.noResults', { query: query.trim() })}</p>
          <p>{t('searchGames.emptyHint')}</p>
          <Link
            className="button button--ghost"
            to={localizePath('/games/all', locale)}
            onClick={() => close('SearchGames')}
          >
            {t('searchGames.browse')}
          </Link>
        </div>
      ) : null}

      <footer className="search-games__footer">
        {searching && total > 0 ? (
          <Link className="button button--primary" to={allResultsPath} onClick={() => close('SearchGames')}>
            {t('searchGames.seeAll', { count: total })}
          </Link>
        ) : null}
        <p className="search-games__keys" aria-hidden="true">
          <kbd>↑</kbd>
          <kbd>↓</kbd> {t('searchGames.keysMove')} <kbd>Enter</kbd> {t('searchGames.keysOpen')} <kbd>Esc</kbd>{' '}
          {t('searchGames.keysClose')}
        </p>
      </footer>
    </div>
  );
}
