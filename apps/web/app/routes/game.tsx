import type { Game } from '@chrysos/contract';
import { localizePath } from '@chrysos/rules';
import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { data, isRouteErrorResponse, Link, useNavigate, useRevalidator, useSearchParams } from 'react-router';
import { rememberedPlayer } from '../features/account/remembered-player';
import { useOpenCashier } from '../features/cashier/cashier';
import { useWallet } from '../features/cashier/WalletProvider';
import { ErrorScreen } from '../features/chrome/ErrorScreen';
import { contentFor } from '../features/content/load.server';
import { alternateLinks, errorMeta } from '../features/content/meta';
import { featureLabel, formatRtp } from '../features/games/format';
import { GameBar } from '../features/games/GameBar';
import { FavoriteButton, VolatilityMeter } from '../features/games/GameCard';
import { GamesErrorPanel, type GamesErrorText } from '../features/games/GamesErrorPanel';
import { GameThumb } from '../features/games/GameThumb';
import { useGameBackPath } from '../features/games/game-back-path';
import { readGameMessage } from '../features/games/game-messages';
import { fetchLaunchOptions } from '../features/games/games-api';
import { loadGameBySeoTitle } from '../features/games/games-api.server';
import { type GamesErrorCode, gamesErrors } from '../features/games/games-content.server';
import { isLoggedIn, usePlayerSession } from '../features/player/player-session';
import { catalogues } from '../i18n/catalogues.server';
import { createTranslator, useTranslation } from '../lib/i18n';
import { useModals } from '../modals/ModalProvider';
import { Icon } from '../ui/icons/icons';
import type { Route } from './+types/game';

type Mode = 'demo' | 'real';

/**
 * Spec §2 /game/{urlId}: the game by its seo title, in an iframe from its launch options — demo for
 * everyone, real money for a signed-in player (`?mode=real`). An unknown urlId is a 404 with the
 * `gamesError` not-found text; a game that cannot start says why from the same collection. Launching
 * opens a session at the studio, so it happens in the browser of someone looking at the page, never
 * while a page is rendered for a crawler or revalidated.
 */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const { app, content, locale, url } = contentFor(request, context);
  const errors = gamesErrors(content, locale);
  const game = await loadGameBySeoTitle(app, params.urlId, locale);
  if (game === 'failed') throw data({ gamesError: errors.unavailable ?? null }, { status: 503 });
  if (game === null) {
    throw data(
      { gamesError: errors.not_found ?? null },
      { status: 404, statusText: `Page Not Found: ${url.pathname}` },
    );
  }
  const t = createTranslator(catalogues[locale]);
  return {
    game,
    errors,
    origin: app.origin,
    title: t('game.metaTitle', { title: game.title, provider: game.provider_name }),
    description: t('game.metaDescription', {
      title: game.title,
      provider: game.provider_name,
      rtp: formatRtp(game.rtp, locale),
    }),
  };
}

export const meta: Route.MetaFunction = (args) => {
  if (args.error || !args.loaderData) return errorMeta(args);
  const { title, description, origin, game } = args.loaderData;
  return [
    { title },
    { name: 'description', content: description },
    { property: 'og:title', content: title },
    { property: 'og:description', content: description },
    { property: 'og:image', content: `${origin}/_ipx/w_640,f_webp${game.thumbnail}` },
    ...alternateLinks(origin, args.location.pathname),
  ];
};

type Launch =
  | { status: 'loading' }
  | { status: 'ready'; url: string; mode: Mode }
  | { status: 'signIn' }
  | { status: 'error'; code: Exclude<GamesErrorCode, 'login_required'> };

/** What a launch options status means for the player. */
function launchProblem(status: number): Launch {
  if (status === 401 || status === 422) return { status: 'signIn' };
  if (status === 403) return { status: 'error', code: 'restricted' };
  if (status === 404) return { status: 'error', code: 'not_found' };
  return { status: 'error', code: 'unavailable' };
}

/** The game's launch options for the mode asked, again when the player signs in or asks to retry. */
function useLaunch(game: Game, mode: Mode, loggedIn: boolean, attempt: number): Launch {
  const { locale } = useTranslation();
  const [launch, setLaunch] = useState<Launch>({ status: 'loading' });
  const { provider, seo_title: seoTitle } = game;
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new attempt number starts the game again
  useEffect(() => {
    if (mode === 'real' && !loggedIn) {
      setLaunch({ status: 'signIn' });
      return;
    }
    const controller = new AbortController();
    setLaunch({ status: 'loading' });
    fetchLaunchOptions({ provider, seo_title: seoTitle }, mode, locale, controller.signal).then(
      (answer) => {
        if (controller.signal.aborted) return;
        setLaunch(
          answer.ok ? { status: 'ready', url: answer.options.game_url, mode } : launchProblem(answer.status),
        );
      },
      () => {
        if (!controller.signal.aborted) setLaunch({ status: 'error', code: 'unavailable' });
      },
    );
    return () => controller.abort();
  }, [provider, seoTitle, mode, loggedIn, locale, attempt]);
  return launch;
}

/**
 * Full screen for the game's container (Fullscreen API), or — where a browser has none for elements, as
 * on the iPhone — the container stretched over the whole window.
 */
function useFullscreen(stage: React.RefObject<HTMLDivElement | null>) {
  const [native, setNative] = useState(false);
  const [stretched, setStretched] = useState(false);
  useEffect(() => {
    const onChange = () => setNative(document.fullscreenElement === stage.current && stage.current !== null);
    document.addEventListener('fullscreenchange', onChange);
    return () => document.removeEventListener('fullscreenchange', onChange);
  }, [stage]);
  useEffect(() => {
    if (!stretched) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setStretched(false);
    };
    document.documentElement.classList.add('game-stretched');
    window.addEventListener('keydown', onKey);
    return () => {
      document.documentElement.classList.remove('game-stretched');
      window.removeEventListener('keydown', onKey);
    };
  }, [stretched]);
  const toggle = useCallback(() => {
    const element = stage.current;
    if (!element) return;
    if (document.fullscreenElement) {
      void document.exitFullscreen();
      return;
    }
    if (stretched) {
      setStretched(false);
      return;
    }
    if (document.fullscreenEnabled && element.requestFullscreen) {
      element.requestFullscreen().catch(() => setStretched(true));
    } else {
      setStretched(true);
    }
  }, [stage, stretched]);
  const leave = useCallback(() => {
    if (document.fullscreenElement) void document.exitFullscreen();
    setStretched(false);
  }, []);
  return { on: native || stretched, stretched, toggle, leave };
}

/** On a phone the game fills the screen below the bar: the stage knows how far down it starts. */
function useStageTop(stage: React.RefObject<HTMLDivElement | null>) {
  useLayoutEffect(() => {
    const element = stage.current;
    if (!element) return;
    const measure = () => {
      const top = element.getBoundingClientRect().top + window.scrollY;
      element.style.setProperty('--stage-top', `${Math.round(top)}px`);
    };
    measure();
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(measure);
    for (const above of document.querySelectorAll('.header, .game-bar, .confirm-bar'))
      observer?.observe(above);
    window.addEventListener('resize', measure);
    return () => {
      observer?.disconnect();
      window.removeEventListener('resize', measure);
    };
  }, [stage]);
}

export default function GamePage({ loaderData }: Route.ComponentProps) {
  const { game, errors } = loaderData;
  const { t, locale } = useTranslation();
  const session = usePlayerSession();
  const loggedIn = isLoggedIn(session);
  const wallet = useWallet();
  const { open } = useModals();
  const navigate = useNavigate();
  const back = useGameBackPath();
  const [searchParams, setSearchParams] = useSearchParams();
  const mode: Mode = searchParams.get('mode') === 'real' || !game.has_demo ? 'real' : 'demo';
  const [attempt, setAttempt] = useState(0);
  const launch = useLaunch(game, mode, loggedIn, attempt);
  const ready = launch.status === 'ready';
  const stage = useRef<HTMLDivElement>(null);
  const fullscreen = useFullscreen(stage);
  const openCashier = useOpenCashier();
  const [frameLoaded, setFrameLoaded] = useState<string | null>(null);
  useStageTop(stage);
  // The game's picture and a spinner cover the frame until its page has loaded.
  const starting = launch.status === 'ready' && frameLoaded !== launch.url;

  const openLogin = useCallback(() => {
    const remembered = rememberedPlayer();
    open('Login', remembered ? { remembered } : undefined);
  }, [open]);

  const choose = (next: Mode) => {
    if (next === mode) return;
    const params = new URLSearchParams(searchParams);
    if (next === 'real') params.set('mode', 'real');
    else params.delete('mode');
    setSearchParams(params, { replace: true, preventScrollReset: true });
    if (next === 'real' && !loggedIn) openLogin();
  };

  // A real-money session belongs to one account: switching the active currency starts the game again.
  const currency = wallet.active?.currency ?? null;
  const launchedIn = useRef<string | null>(null);
  useEffect(() => {
    if (launch.status !== 'ready' || launch.mode !== 'real' || currency === null) return;
    if (launchedIn.current === null) launchedIn.current = currency;
    else if (launchedIn.current !== currency) {
      launchedIn.current = currency;
      setAttempt((count) => count + 1);
    }
  }, [launch, currency]);

  // The game frame tells the page when the player leaves (/exit_iframe), when the balance changed and
  // when the player asks for the cashier (shown over the page, so full screen ends first).
  const latest = useRef({ refresh: wallet.refresh, leave: () => {}, cashier: () => {} });
  latest.current = {
    refresh: wallet.refresh,
    leave: () => navigate(back ?? localizePath('/games/all', locale)),
    cashier: () => {
      fullscreen.leave();
      if (loggedIn) openCashier();
      else openLogin();
    },
  };
  useEffect(() => {
    const onMessage = (event: MessageEvent) => {
      const message = readGameMessage(event, window.location.origin);
      if (message === 'balance') void latest.current.refresh();
      else if (message === 'exit') latest.current.leave();
      else if (message === 'cashier') latest.current.cashier();
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, []);

  const problem: GamesErrorText | null =
    launch.status === 'signIn'
      ? (errors.login_required ?? null)
      : launch.status === 'error'
        ? (errors[launch.code] ?? null)
        : null;

  return (
    <div className={fullscreen.stretched ? 'game-page is-stretched' : 'game-page'}>
      <GameBar>
        <div className="game-bar__title">
          <h1>{game.title}</h1>
          <p className="game-bar__provider">{game.provider_name}</p>
        </div>
        <fieldset className="mode-switch">
          <legend className="visually-hidden">{t('game.modeLabel')}</legend>
          <button
            type="button"
            aria-pressed={mode === 'demo'}
            disabled={!game.has_demo}
            title={game.has_demo ? undefined : t('game.noDemo')}
            onClick={() => choose('demo')}
          >
            {t('game.demo')}
          </button>
          <button type="button" aria-pressed={mode === 'real'} onClick={() => choose('real')}>
            {t('game.real')}
          </button>
        </fieldset>
        <div className="game-bar__actions">
          <FavoriteButton game={game} />
          <button
            type="button"
            className="icon-button"
            aria-label={fullscreen.on ? t('game.exitFullscreen') : t('game.fullscreen')}
            title={fullscreen.on ? t('game.exitFullscreen') : t('game.fullscreen')}
            disabled={!ready}
            onClick={fullscreen.toggle}
          >
            <Icon name={fullscreen.on ? 'fullscreen-exit' : 'fullscreen'} size={20} />
          </button>
        </div>
      </GameBar>

      <div
        ref={stage}
        className="game-stage"
        data-mode={ready ? launch.mode : undefined}
        aria-busy={launch.status === 'loading' || starting || undefined}
      >
        {ready ? (
          <iframe
            key={launch.url}
            className="game-stage__frame"
            src={launch.url}
            title={t('game.frameTitle', { title: game.title })}
            allow="fullscreen"
            onLoad={() => setFrameLoaded(launch.url)}
          />
        ) : null}
        {launch.status === 'loading' || starting ? (
          <div className="game-stage__cover">
            <GameThumb src={game.thumbnail} title={game.title} sizes="640px" drawnWidth={640} priority />
            <p className="game-stage__starting">
              <span className="spinner" aria-hidden="true" />
              {t('game.starting')}
            </p>
          </div>
        ) : null}
        {problem ? (
          <div className="game-stage__cover game-stage__cover--problem">
            <GameThumb src={game.thumbnail} title={game.title} sizes="640px" drawnWidth={640} />
            <GamesErrorPanel
              entry={problem}
              icon={
                launch.status === 'signIn'
                  ? 'lock'
                  : launch.status === 'error' && launch.code === 'restricted'
                    ? 'shield'
                    : 'warning'
              }
              action={
                launch.status === 'signIn'
                  ? openLogin
                  : launch.status === 'error' && launch.code === 'unavailable'
                    ? () => setAttempt((count) => count + 1)
                    : undefined
              }
            >
              {launch.status === 'signIn' && game.has_demo ? (
                <button type="button" className="button button--ghost" onClick={() => choose('demo')}>
                  {t('game.playDemo')}
                </button>
              ) : null}
            </GamesErrorPanel>
          </div>
        ) : null}
        {fullscreen.stretched ? (
          <button
            type="button"
            className="icon-button game-stage__close"
            aria-label={t('game.exitFullscreen')}
            onClick={fullscreen.toggle}
          >
            <Icon name="close" size={22} />
          </button>
        ) : null}
      </div>

      <GameInfo game={game} mode={mode} />
    </div>
  );
}

function GameInfo({ game, mode }: { game: Game; mode: Mode }) {
  const { t, locale } = useTranslation();
  return (
    <section className="game-info" aria-labelledby="game-info-title">
      <div className="game-info__about">
        <h2 id="game-info-title">{t('game.about', { title: game.title })}</h2>
        <p>{game.description}</p>
        <p className={mode === 'demo' ? 'game-info__mode' : 'game-info__mode game-info__mode--real'}>
          <Icon name={mode === 'demo' ? 'info' : 'coins'} size={18} />
          {mode === 'demo' ? t('game.demoNotice') : t('game.realNotice')}
        </p>
      </div>
      <dl className="game-facts">
        <div>
          <dt>{t('game.rtp')}</dt>
          <dd>{formatRtp(game.rtp, locale)}</dd>
        </div>
        <div>
          <dt>{t('game.volatility')}</dt>
          <dd>
            <VolatilityMeter level={game.volatility} />
            {t(`games.volatilityShort.${game.volatility}`)}
          </dd>
        </div>
        {game.lines !== null ? (
          <div>
            <dt>{t('game.lines')}</dt>
            <dd>{game.lines}</dd>
          </div>
        ) : null}
        <div>
          <dt>{t('game.provider')}</dt>
          <dd>
            <Link to={localizePath(`/games/all/${game.provider}`, locale)}>{game.provider_name}</Link>
          </dd>
        </div>
        {game.features.length > 0 ? (
          <div className="game-facts__wide">
            <dt>{t('game.features')}</dt>
            <dd>
              <ul className="tags">
                {game.features.map((feature) => (
                  <li key={feature}>{featureLabel(t, feature)}</li>
                ))}
              </ul>
            </dd>
          </div>
        ) : null}
      </dl>
    </section>
  );
}

/** An unknown urlId (404) or a catalogue that cannot answer (503), in the words of `gamesError`. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const { t, locale } = useTranslation();
  const revalidator = useRevalidator();
  const entry = isRouteErrorResponse(error)
    ? (error.data as { gamesError?: GamesErrorText | null } | null)?.gamesError
    : null;
  const status = isRouteErrorResponse(error) ? error.status : 500;
  return (
    <div className="game-page">
      <GameBar />
      {entry ? (
        <div className="game-missing">
          {status === 404 ? (
            <img className="error-page__image" src="/images/not-found.svg" width={320} height={200} alt="" />
          ) : null}
          <GamesErrorPanel
            entry={entry}
            icon={status === 404 ? 'search' : 'warning'}
            headingLevel={1}
            action={status === 404 ? undefined : () => revalidator.revalidate()}
          >
            <Link className="button button--ghost" to={localizePath('/', locale)}>
              {t('errors.goHome')}
            </Link>
          </GamesErrorPanel>
        </div>
      ) : (
        <ErrorScreen error={error} />
      )}
    </div>
  );
}
