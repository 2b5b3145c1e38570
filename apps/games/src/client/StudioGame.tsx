import { type CSSProperties, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import {
  createStudioApi,
  type Fairness,
  type Freespins,
  type HistoryRound,
  type Lang,
  type RoundAnswer,
  StudioError,
  type StudioSession,
} from './api.ts';
import { Blackjack } from './Blackjack.tsx';
import { ClassicSlot } from './ClassicSlot.tsx';
import type { GameContext } from './context.ts';
import { Dice } from './Dice.tsx';
import { useReducedMotion } from './hooks.ts';
import { translator } from './i18n.ts';
import { formatAmount } from './money.ts';
import { Panels, type PanelTab } from './Panels.tsx';
import { describeProblem, type Problem } from './problems.ts';
import { Roulette } from './Roulette.tsx';
import { stakeBounds } from './stakes.ts';
import { VideoSlot } from './VideoSlot.tsx';

/** Where the page keeps a game's session id once it is out of the address bar. */
export const sessionStorageKey = (titleId: string) => `chrysos:studio-session:${titleId}`;

/**
 * The session id of the launch: taken from `?session=` on first load, kept in sessionStorage (so a
 * reload still plays) and removed from the visible address, which players copy and share.
 */
export function takeSessionId(titleId: string): string | null {
  const url = new URL(window.location.href);
  const fromUrl = url.searchParams.get('session');
  const key = sessionStorageKey(titleId);
  if (fromUrl) {
    try {
      window.sessionStorage.setItem(key, fromUrl);
    } catch {
      // Storage refused (private mode): the id still works for this page load.
    }
    url.searchParams.delete('session');
    window.history.replaceState(window.history.state, '', `${url.pathname}${url.search}${url.hash}`);
    return fromUrl;
  }
  try {
    return window.sessionStorage.getItem(key);
  } catch {
    return null;
  }
}

/** Tells the casino page around the game something (same origin only). */
function tellCasino(type: 'chrysos:balance' | 'chrysos:cashier'): void {
  if (window.parent !== window) window.parent.postMessage({ type }, window.location.origin);
}

/** Relative luminance of WCAG 2 of a `#rrggbb` colour, or null for anything else. */
function luminance(hex: string): number | null {
  const match = /^#?([0-9a-f]{6})$/i.exec(hex.trim());
  if (!match) return null;
  const value = Number.parseInt(match[1] as string, 16);
  const channel = (shift: number) => {
    const c = ((value >> shift) & 255) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(16) + 0.7152 * channel(8) + 0.0722 * channel(0);
}

/** The studio's dark ink (studio.css `#15110a`), the text on light accents and backgrounds. */
const darkInkLuminance = luminance('#15110a') as number;

/**
 * Whether a colour needs dark text on it: whether the dark ink contrasts more with it than white
 * does. A fixed luminance threshold of 0.4 gave a mid-tone accent (Hi-Lo Dice's #8e7cc3) white text
 * at 3.6:1, under WCAG's 4.5:1; the better of the two inks is at least 4.5:1 on any colour.
 */
export function isLightColour(hex: string): boolean {
  const light = luminance(hex);
  if (light === null) return false;
  return (light + 0.05) / (darkInkLuminance + 0.05) > 1.05 / (light + 0.05);
}

type Phase = { name: 'loading' | 'ready' | 'no-session' | 'ended' | 'unavailable' | 'failed' };

/** The whole game page inside the casino's iframe: the shell around one of the five games. */
export function StudioGame({ titleId, lang }: { titleId: string; lang: Lang }) {
  const t = useMemo(() => translator(lang), [lang]);
  const reducedMotion = useReducedMotion();
  const [phase, setPhase] = useState<Phase>({ name: 'loading' });
  const [sessionId, setSessionId] = useState<string | null>(null);
  const [session, setSession] = useState<StudioSession | null>(null);
  const [balance, setBalance] = useState<number | null>(null);
  const [freespins, setFreespins] = useState<Freespins | null>(null);
  const [history, setHistory] = useState<HistoryRound[]>([]);
  const [fairness, setFairness] = useState<Fairness | null>(null);
  const [problem, setProblem] = useState<Problem | null>(null);
  const [panel, setPanel] = useState<PanelTab | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const [roundInPlay, setRoundInPlay] = useState(false);
  const [settlingNote, setSettlingNote] = useState<string | null>(null);
  const refreshTimer = useRef<number | undefined>(undefined);
  // The licence's minimum game cycle (session.gameplay): when the next round may start, on
  // performance.now(). Counted from the answer's arrival, after the studio's start of the round, so a
  // round asked for once it has passed is never too soon.
  const [nextRoundAt, setNextRoundAt] = useState(0);
  const nextRound = useRef(0);
  const waitUntil = useCallback((at: number) => {
    nextRound.current = at;
    setNextRoundAt(at);
  }, []);

  const api = useMemo(() => createStudioApi(sessionId), [sessionId]);

  useEffect(() => {
    const id = takeSessionId(titleId);
    if (!id) setPhase({ name: 'no-session' });
    else setSessionId(id);
  }, [titleId]);

  const load = useCallback(async () => {
    try {
      const loaded = await api.session();
      setSession(loaded);
      setBalance(loaded.balance);
      setFreespins(loaded.freespins);
      setHistory(loaded.history);
      setFairness(loaded.fairness);
      setPhase({ name: 'ready' });
      return loaded;
    } catch (error) {
      if (error instanceof StudioError && error.kind === 'session') setPhase({ name: 'ended' });
      else if (error instanceof StudioError && error.kind === 'not-found') setPhase({ name: 'unavailable' });
      else setPhase((current) => (current.name === 'ready' ? current : { name: 'failed' }));
      return null;
    }
  }, [api]);

  useEffect(() => {
    if (sessionId) void load();
  }, [sessionId, load]);

  useEffect(() => () => window.clearTimeout(refreshTimer.current), []);

  const money = useCallback(
    (minor: number) =>
      session ? formatAmount(minor, { code: session.currency, subunits: session.subunits }, lang) : '',
    [session, lang],
  );

  const stakeRules = useMemo(
    () =>
      session
        ? {
            min: session.title.min_bet,
            max: session.title.max_bet,
            multipleOf:
              session.title.engine === 'video-slot' || session.title.engine === 'classic-slot'
                ? (session.title.lines ?? 1)
                : 1,
          }
        : { min: 1, max: 1, multipleOf: 1 },
    [session],
  );

  const refreshSoon = useCallback(
    (ms: number) => {
      window.clearTimeout(refreshTimer.current);
      refreshTimer.current = window.setTimeout(() => void load(), ms);
    },
    [load],
  );

  const fail = useCallback(
    (error: unknown) => {
      if (!(error instanceof StudioError) || !session) {
        setProblem({ message: t('error.server'), deposit: false, fatal: false, refresh: true });
        void load();
        return;
      }
      const bounds = stakeBounds(stakeRules);
      const found = describeProblem(error, {
        t,
        lang,
        mode: session.mode,
        stakeRange: { min: money(bounds?.low ?? stakeRules.min), max: money(bounds?.high ?? stakeRules.max) },
      });
      if (error.balance !== null) setBalance(error.balance);
      if (found.fatal) {
        setPhase({ name: error.kind === 'not-found' ? 'unavailable' : 'ended' });
        return;
      }
      setProblem(found);
      setAnnouncement(found.message);
      if (found.refresh) void load();
    },
    [session, stakeRules, t, lang, money, load],
  );

  const afterAnswer = useCallback((answer: RoundAnswer<unknown>) => {
    setFairness((current) =>
      current
        ? {
            server_seed_hash: answer.fairness.serverSeedHash,
            client_seed: answer.fairness.clientSeed,
            nonce: Math.max(current.nonce, answer.fairness.nonce + 1),
          }
        : current,
    );
  }, []);

  const play = useCallback(
    async <View,>(bet: unknown): Promise<RoundAnswer<View> | null> => {
      // The button waits for the cycle; a key pressed meanwhile asks for nothing.
      if (performance.now() < nextRound.current) return null;
      setProblem(null);
      setSettlingNote(null);
      try {
        const answer = await api.play<View>(bet);
        const cycle = session?.gameplay.min_cycle_ms ?? 0;
        if (cycle > 0) waitUntil(performance.now() + cycle);
        afterAnswer(answer);
        if (answer.balance !== null) {
          // Until the game shows the outcome, the balance shows the stake taken and not yet the win.
          const revealed = answer.finished && !answer.settling;
          setBalance(revealed ? answer.balance - (answer.payout ?? 0) : answer.balance);
        } else {
          // A free spin's stake is paid by the grant, not from the balance.
          const taken = answer.freespins ? 0 : answer.stake;
          setBalance((current) => (current === null ? null : current - taken));
          refreshSoon(3000);
        }
        if (!answer.finished) tellCasino('chrysos:balance');
        return answer;
      } catch (error) {
        // Too soon after the last round (another tab, a reload): wait what the studio says is left.
        if (error instanceof StudioError && error.waitMs !== null)
          waitUntil(performance.now() + error.waitMs);
        fail(error);
        return null;
      }
    },
    [api, session, afterAnswer, fail, refreshSoon, waitUntil],
  );

  const act = useCallback(
    async <View,>(roundId: string, action: string): Promise<RoundAnswer<View> | null> => {
      setProblem(null);
      try {
        const answer = await api.act<View>(roundId, action);
        afterAnswer(answer);
        if (answer.balance !== null) {
          const revealed = answer.finished && !answer.settling;
          setBalance(revealed ? answer.balance - (answer.payout ?? 0) : answer.balance);
        }
        if (!answer.finished) tellCasino('chrysos:balance');
        return answer;
      } catch (error) {
        fail(error);
        return null;
      }
    },
    [api, afterAnswer, fail],
  );

  const reveal = useCallback(
    (answer: RoundAnswer<unknown>) => {
      if (answer.settling) {
        setSettlingNote(t('play.settling', { amount: money(answer.payout ?? 0) }));
        refreshSoon(5000);
      } else if (answer.balance !== null) {
        setBalance(answer.balance);
      }
      // The free spins' count and winnings move on with the spin's outcome shown, not before.
      if (answer.freespins) setFreespins(answer.freespins);
      tellCasino('chrysos:balance');
      api
        .history()
        .then(setHistory)
        .catch(() => {});
    },
    [api, money, t, refreshSoon],
  );

  const context = useMemo<GameContext | null>(
    () =>
      session
        ? {
            session,
            lang,
            t,
            money,
            reducedMotion,
            balance,
            freespins,
            stakeRules,
            nextRoundAt,
            api,
            play,
            act,
            reveal,
            announce: setAnnouncement,
            setRoundInPlay,
            clearProblem: () => setProblem(null),
          }
        : null,
    [
      session,
      lang,
      t,
      money,
      reducedMotion,
      balance,
      freespins,
      stakeRules,
      nextRoundAt,
      api,
      play,
      act,
      reveal,
    ],
  );

  const close = () => window.location.assign(lang === 'el' ? '/el/exit_iframe' : '/exit_iframe');

  if (phase.name !== 'ready' || !session || !context || !fairness) {
    return <ShellMessage phase={phase} t={t} onClose={close} onRetry={() => void load()} />;
  }

  const { title } = session;
  const style = {
    '--theme-bg': title.theme.background,
    '--theme-accent': title.theme.accent,
  } as CSSProperties;
  const demo = session.mode === 'demo';

  return (
    <div
      className="studio"
      data-engine={title.engine}
      data-tone={isLightColour(title.theme.background) ? 'light' : 'dark'}
      data-accent={isLightColour(title.theme.accent) ? 'light' : 'dark'}
      data-motion={reducedMotion ? 'reduced' : 'full'}
      style={style}
    >
      <header className="studio-bar">
        <button
          type="button"
          className="studio-icon-button"
          onClick={close}
          aria-label={t('app.close')}
          title={t('app.close')}
        >
          <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
            <path d="M6 6 L18 18 M18 6 L6 18" />
          </svg>
        </button>
        <h1 className="studio-bar__title">{title.name[lang]}</h1>
        {demo ? (
          <span className="studio-badge" title={t('app.playMoneyNote')}>
            {t('app.playMoney')}
          </span>
        ) : null}
        <div className="studio-bar__balance" aria-live="off">
          <span className="studio-bar__label">{t('app.balance')}</span>
          <strong data-testid="balance">{balance === null ? t('app.balanceUnknown') : money(balance)}</strong>
        </div>
        <nav className="studio-bar__tabs" aria-label={t('app.menu')}>
          <TabButton tab="history" label={t('tabs.history')} onOpen={setPanel} />
          <TabButton tab="fair" label={t('tabs.fair')} onOpen={setPanel} />
          <TabButton tab="rules" label={t('tabs.rules')} onOpen={setPanel} />
        </nav>
        <button
          type="button"
          className="studio-icon-button studio-bar__menu"
          onClick={() => setPanel('history')}
          aria-label={t('app.menu')}
          title={t('app.menu')}
        >
          <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
            <path d="M4 7h16M4 12h16M4 17h16" />
          </svg>
        </button>
      </header>

      {problem ? (
        <div className="studio-problem" role="alert">
          <p>{problem.message}</p>
          <div className="studio-problem__actions">
            {problem.deposit ? (
              <button
                type="button"
                className="studio-button studio-button--primary"
                onClick={() => tellCasino('chrysos:cashier')}
              >
                {t('app.deposit')}
              </button>
            ) : null}
            <button type="button" className="studio-button" onClick={() => setProblem(null)}>
              {t('app.dismiss')}
            </button>
          </div>
        </div>
      ) : null}
      {settlingNote ? <output className="studio-note">{settlingNote}</output> : null}

      <main className="studio-main">
        <EngineView context={context} />
      </main>

      <div className="visually-hidden" aria-live="polite" aria-atomic="true">
        {announcement}
      </div>

      <Panels
        open={panel}
        onChange={setPanel}
        context={context}
        history={history}
        onHistory={setHistory}
        fairness={fairness}
        onFairness={setFairness}
        roundInPlay={roundInPlay}
      />
    </div>
  );
}

function EngineView({ context }: { context: GameContext }) {
  switch (context.session.title.engine) {
    case 'video-slot':
      return <VideoSlot ctx={context} />;
    case 'classic-slot':
      return <ClassicSlot ctx={context} />;
    case 'roulette':
      return <Roulette ctx={context} />;
    case 'blackjack':
      return <Blackjack ctx={context} />;
    case 'dice':
      return <Dice ctx={context} />;
  }
}

const tabIcons: Record<PanelTab, string> = {
  history: 'M12 4a8 8 0 1 0 8 8M12 8v4l3 2M20 4v4h-4',
  fair: 'M12 3l7 3v6c0 4-3 7-7 9-4-2-7-5-7-9V6zM9 12l2 2 4-4',
  rules: 'M5 4h9a3 3 0 0 1 3 3v13H8a3 3 0 0 1-3-3zM17 20a2 2 0 0 0 2-2V6M9 9h5M9 13h5',
};

function TabButton({
  tab,
  label,
  onOpen,
}: {
  tab: PanelTab;
  label: string;
  onOpen: (tab: PanelTab) => void;
}) {
  return (
    <button
      type="button"
      className="studio-icon-button studio-tab-button"
      onClick={() => onOpen(tab)}
      title={label}
    >
      <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
        <path d={tabIcons[tab]} />
      </svg>
      <span className="studio-tab-button__label">{label}</span>
    </button>
  );
}

function ShellMessage({
  phase,
  t,
  onClose,
  onRetry,
}: {
  phase: Phase;
  t: ReturnType<typeof translator>;
  onClose: () => void;
  onRetry: () => void;
}) {
  if (phase.name === 'loading' || phase.name === 'ready') {
    return (
      <div className="studio studio--message" aria-busy="true">
        <div className="studio-spinner" aria-hidden="true" />
        <p role="status">{t('app.loading')}</p>
      </div>
    );
  }
  const text =
    phase.name === 'no-session'
      ? t('app.noSession')
      : phase.name === 'unavailable'
        ? t('app.unavailable')
        : phase.name === 'ended'
          ? t('app.sessionEnded.text')
          : t('app.loadFailed');
  return (
    <div className="studio studio--message" role="alert">
      {phase.name === 'ended' ? <h1>{t('app.sessionEnded.title')}</h1> : null}
      <p>{text}</p>
      <div className="studio-message__actions">
        {phase.name === 'failed' ? (
          <button type="button" className="studio-button studio-button--primary" onClick={onRetry}>
            {t('app.retry')}
          </button>
        ) : null}
        <button type="button" className="studio-button" onClick={onClose}>
          {t('app.close')}
        </button>
      </div>
    </div>
  );
}
