import type { Game, Jackpots, Tournament } from '@chrysos/contract';
import { localizePath } from '@chrysos/rules';
import { useCallback, useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from '../../lib/i18n';
import { useModals } from '../../modals/ModalProvider';
import { Icon } from '../../ui/icons/icons';
import { rememberedPlayer } from '../account/remembered-player';
import { BonusMoneyNotice } from '../bonuses/BonusMoneyNotice';
import { useOpenCashier } from '../cashier/cashier';
import { PaymentStatus, paymentIdPattern } from '../cashier/PaymentStatus';
import { useWallet } from '../cashier/WalletProvider';
import { JackpotTicker } from '../jackpot/JackpotTicker';
import { isLoggedIn, usePlayerSession } from '../player/player-session';
import { TournamentBadge } from '../tournaments/TournamentBadge';
import { featureLabel, formatRtp } from './format';
import { GameBar } from './GameBar';
import { FavoriteButton, VolatilityMeter } from './GameCard';
import { GamesErrorPanel, type GamesErrorText } from './GamesErrorPanel';
import { GameThumb } from './GameThumb';
import { GameWallet } from './GameWallet';
import { useGameBackPath } from './game-back-path';
import { readGameMessage } from './game-messages';
import { stageTopScript, useFullscreen, useStageTop } from './game-stage';
import type { GamesErrors } from './games-content.server';
import { type Mode, useLaunch } from './use-launch';
import '../../styles/games.css';
import { useScriptNonce } from '../../lib/script-nonce';

/**
 * Spec §2 /game/{urlId}: the bar (title, demo or real money, favourite, full screen), the game's frame
 * from its launch options with its picture over it until it loads, what stops it from starting, and the
 * game's facts below; in real-money play on bonus money, a notice saying so. The frame's messages
 * reach the page: balance changed, leave, open the cashier. A player with money (`funded`) starts in
 * real money; Demo, like Real for anyone else, is a choice the address keeps (`?mode=`). On a phone the
 * bar is the page's only chrome (balance and deposit in it) and the notices wait in a sheet, so the game
 * fills the screen below it.
 */
export function GamePage({
  game,
  errors,
  funded,
  jackpots = null,
  tournament = null,
}: {
  game: Game;
  errors: GamesErrors;
  funded: boolean;
  /** The jackpot's tiers as the page was rendered, for a slot's ticker. */
  jackpots?: Jackpots | null;
  /** The active tournament this game counts for, as the page was rendered for the player. */
  tournament?: Tournament | null;
}) {
  const { t, locale } = useTranslation();
  const session = usePlayerSession();
  const loggedIn = isLoggedIn(session);
  const wallet = useWallet();
  const { open } = useModals();
  const navigate = useNavigate();
  const back = useGameBackPath();
  const [searchParams, setSearchParams] = useSearchParams();
  // Free spins (the bonus tab's Play: `?freespins=<id>`) are played for real money.
  const freespins = searchParams.get('freespins');
  const chosen = searchParams.get('mode');
  const mode: Mode =
    chosen === 'real' || freespins !== null || !game.has_demo || (funded && chosen !== 'demo')
      ? 'real'
      : 'demo';
  const [attempt, setAttempt] = useState(0);
  const launch = useLaunch(game, mode, loggedIn, attempt, freespins);
  const ready = launch.status === 'ready';
  const stage = useRef<HTMLDivElement>(null);
  const fullscreen = useFullscreen(stage);
  const openCashier = useOpenCashier();
  const [frameLoaded, setFrameLoaded] = useState<string | null>(null);
  const [noticesOpen, setNoticesOpen] = useState(false);
  // Back from the payment page of a deposit made over this game: how it went, then the game again.
  const payment = searchParams.get('payment');
  const closePayment = () => {
    const params = new URLSearchParams(searchParams);
    params.delete('payment');
    setSearchParams(params, { replace: true, preventScrollReset: true });
  };
  useStageTop(stage);
  const nonce = useScriptNonce();
  // The game's picture and a spinner cover the frame until its page has loaded.
  const starting = launch.status === 'ready' && frameLoaded !== launch.url;

  const openLogin = useCallback(() => {
    const remembered = rememberedPlayer();
    open('Login', remembered ? { remembered } : undefined);
  }, [open]);

  const choose = (next: Mode) => {
    if (next === mode) return;
    const params = new URLSearchParams(searchParams);
    params.set('mode', next);
    if (next === 'demo') params.delete('freespins');
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
            <span className="mode-switch__long">{t('game.demo')}</span>
            <span className="mode-switch__short" aria-hidden="true">
              {t('game.demoShort')}
            </span>
          </button>
          <button type="button" aria-pressed={mode === 'real'} onClick={() => choose('real')}>
            <span className="mode-switch__long">{t('game.real')}</span>
            <span className="mode-switch__short" aria-hidden="true">
              {t('game.realShort')}
            </span>
          </button>
        </fieldset>
        {loggedIn ? <GameWallet /> : null}
        <div className="game-bar__actions">
          <button
            type="button"
            className="icon-button game-bar__notices"
            aria-label={t('game.notices')}
            title={t('game.notices')}
            aria-controls="game-notices"
            aria-expanded={noticesOpen}
            onClick={() => setNoticesOpen((open) => !open)}
          >
            <Icon name="bell" size={20} />
          </button>
          <FavoriteButton game={game} />
          <button
            type="button"
            className="icon-button game-bar__fullscreen"
            aria-label={fullscreen.on ? t('game.exitFullscreen') : t('game.fullscreen')}
            title={fullscreen.on ? t('game.exitFullscreen') : t('game.fullscreen')}
            disabled={!ready}
            onClick={fullscreen.toggle}
          >
            <Icon name={fullscreen.on ? 'fullscreen-exit' : 'fullscreen'} size={20} />
          </button>
        </div>
      </GameBar>

      {/* Above the game on a wider screen; on a phone, a sheet the bar's Notices button opens. */}
      <section
        id="game-notices"
        className={noticesOpen ? 'game-notices is-open' : 'game-notices'}
        aria-label={t('game.notices')}
      >
        <button
          type="button"
          className="icon-button game-notices__close"
          aria-label={t('game.closeNotices')}
          onClick={() => setNoticesOpen(false)}
        >
          <Icon name="close" size={20} />
        </button>
        {mode === 'real' && loggedIn ? <BonusMoneyNotice /> : null}
        {mode === 'real' && loggedIn ? <TournamentBadge urlId={game.seo_title} initial={tournament} /> : null}
        {game.categories.includes('slots') ? <JackpotTicker compact initial={jackpots} /> : null}
      </section>

      {payment && paymentIdPattern.test(payment) && loggedIn ? (
        <section className="game-payment" aria-label={t('game.deposit')}>
          <PaymentStatus
            key={payment}
            paymentId={payment}
            onPlay={closePayment}
            onAgain={() => {
              closePayment();
              openCashier();
            }}
          />
        </section>
      ) : null}

      {/* Where the stage starts, measured before the stage is parsed, so no paint shows it unsized. */}
      <span className="game-stage-top" aria-hidden="true" />
      {/* biome-ignore lint/security/noDangerouslySetInnerHtml: our own constant, run only from the server's HTML */}
      <script nonce={nonce} dangerouslySetInnerHTML={{ __html: stageTopScript }} />
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
