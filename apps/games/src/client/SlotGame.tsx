import { type ReactNode, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { RoundAnswer } from './api.ts';
import type { GameContext } from './context.ts';
import { Autoplay, PlayButton, StakeControl, useStake, WinMeter } from './controls.tsx';
import { useGameKeys } from './hooks.ts';
import type { MessageKey } from './i18n.ts';
import { useTouch } from './pointer.ts';
import { type ReelState, Reels } from './Reels.tsx';
import {
  normalPacing,
  presentationAt,
  quickPacing,
  reducedPacing,
  type SlotEvent,
  type SlotSpin,
  type SlotWin,
  slotTimeline,
} from './slot-timeline.ts';

/** What differs between the video slot and the classic slot. */
export interface SlotConfig<View> {
  /** Reel strips of the base game and (video slot) of the free spins. */
  strips: { base: readonly (readonly string[])[]; free: readonly (readonly string[])[] };
  rows: number;
  /** Rows each payline crosses, in paytable order. */
  lines: readonly (readonly number[])[];
  toSpins: (view: View) => SlotSpin[];
  renderSymbol: (symbol: string, key: string) => ReactNode;
  symbolName: (symbol: string) => string;
  /** The feature's summary for the end of the round (video slot). */
  feature?: (view: View) => { multiplier: number; win: number; capped: boolean } | null;
  className: string;
}

type Phase = 'idle' | 'waiting' | 'presenting';

/** A slot machine: stake, spin, reels landing one by one, wins shown one after another, autoplay. */
export function SlotGame<View>({ ctx, config }: { ctx: GameContext; config: SlotConfig<View> }) {
  const { t, money, reducedMotion } = ctx;
  const touch = useTouch();
  const [stake, setStake, ladder] = useStake(ctx);
  const [phase, setPhase] = useState<Phase>('idle');
  const [answer, setAnswer] = useState<RoundAnswer<View> | null>(null);
  const [spins, setSpins] = useState<SlotSpin[]>([]);
  const [events, setEvents] = useState<SlotEvent[]>([]);
  const [applied, setApplied] = useState(0);
  const [quick, setQuick] = useState(false);
  const [autoLeft, setAutoLeft] = useState(0);
  const { autoplay, quick_play: quickPlay } = ctx.session.gameplay;
  const startedAt = useRef(0);
  const restingStops = useMemo(
    () => config.strips.base.map((strip, reel) => (reel * 7 + 3) % strip.length),
    [config.strips.base],
  );

  const presentation = useMemo(() => presentationAt(spins, events, applied), [spins, events, applied]);
  const currentSpin = spins[presentation.spin];
  const lastRoundTotal = answer && phase === 'idle' ? (answer.payout ?? 0) : presentation.paid;

  const pacing = useMemo(() => {
    const base = reducedMotion ? reducedPacing : normalPacing;
    return quick ? quickPacing(base) : base;
  }, [reducedMotion, quick]);

  // Free spins the launch brought are played first, at their own stake, paid by the grant.
  const free = ctx.freespins && ctx.freespins.left > 0 ? ctx.freespins : null;
  const playStake = free ? free.stake : stake;
  // Once the free spins are over the player is told what they won, until the first paid spin.
  const [overSeen, setOverSeen] = useState(false);
  const over = !free && ctx.freespins !== null && ctx.freespins.total > 0 && !overSeen;
  const short = !free && ctx.balance !== null && stake > ctx.balance;

  const spin = useCallback(async () => {
    if (phase === 'presenting') {
      // A second press skips to the end of the round, where the licence allows a slam stop.
      if (quickPlay) setApplied(events.length);
      return;
    }
    // Not before the licence's minimum game cycle has passed (the button says how long is left).
    if (phase !== 'idle' || short || performance.now() < ctx.nextRoundAt) return;
    ctx.clearProblem();
    if (!free) setOverSeen(true);
    setPhase('waiting');
    setSpins([]);
    setEvents([]);
    setApplied(0);
    const played = await ctx.play<View>({ stake: playStake });
    if (!played) {
      setPhase('idle');
      setAutoLeft(0);
      return;
    }
    const nextSpins = config.toSpins(played.view);
    setAnswer(played);
    setSpins(nextSpins);
    setEvents(slotTimeline(nextSpins, pacing));
    startedAt.current = performance.now();
    setPhase('presenting');
  }, [phase, quickPlay, events.length, short, ctx, free, playStake, config, pacing]);

  // Runs the timeline: each event at its time from the answer's arrival.
  useEffect(() => {
    if (phase !== 'presenting') return;
    if (applied >= events.length) return;
    const next = events[applied];
    if (!next) return;
    const wait = Math.max(0, startedAt.current + next.at - performance.now());
    const timer = window.setTimeout(() => setApplied((count) => count + 1), wait);
    return () => window.clearTimeout(timer);
  }, [phase, applied, events]);

  // The round is over on screen: the balance shows the win, autoplay carries on or stops.
  useEffect(() => {
    if (phase !== 'presenting' || applied < events.length || !answer) return;
    setPhase('idle');
    ctx.reveal(answer);
    const total = answer.payout ?? 0;
    const feature = config.feature?.(answer.view) ?? null;
    ctx.announce(
      feature
        ? t('slot.featureTotal', { feature: money(feature.win), total: money(total) })
        : total > 0
          ? t('play.youWon', { amount: money(total) })
          : t('play.noWin'),
    );
    if (autoLeft > 0) {
      const balanceAfter = answer.balance;
      // Autoplay never carries on from the last free spin into paid ones.
      const outOfMoney = answer.freespins
        ? answer.freespins.left === 0
        : balanceAfter !== null && balanceAfter < stake;
      const stop = feature !== null || total >= answer.stake * 10 || outOfMoney;
      setAutoLeft(stop ? 0 : autoLeft - 1);
    }
  }, [phase, applied, events.length, answer, ctx, config, t, money, autoLeft, stake]);

  // Autoplay's next spin, no sooner than the licence's minimum game cycle allows.
  const { nextRoundAt } = ctx;
  useEffect(() => {
    if (autoLeft <= 0 || phase !== 'idle') return;
    const pause = Math.max(answer ? 450 : 0, nextRoundAt - performance.now());
    const timer = window.setTimeout(() => void spin(), pause);
    return () => window.clearTimeout(timer);
  }, [autoLeft, phase, spin, answer, nextRoundAt]);

  useGameKeys({ space: () => void spin(), enter: () => void spin() }, true);

  const lastSpin = useMemo(() => (answer ? config.toSpins(answer.view).at(-1) : undefined), [answer, config]);
  const shownSpin = phase === 'presenting' ? currentSpin : lastSpin;
  const strips = shownSpin?.kind === 'free' ? config.strips.free : config.strips.base;
  const stops = shownSpin?.stops ?? restingStops;
  const reelCount = config.strips.base.length;
  const states: ReelState[] = Array.from({ length: reelCount }, (_, reel) => {
    if (phase === 'waiting') return 'spinning';
    if (phase === 'presenting' && !presentation.done)
      return reel < presentation.stopped ? 'landing' : 'spinning';
    return 'stopped';
  });
  const win: SlotWin | undefined =
    phase === 'presenting' && presentation.win !== null ? currentSpin?.wins[presentation.win] : undefined;
  const grid =
    shownSpin?.grid ??
    strips.map((strip, reel) =>
      Array.from(
        { length: config.rows },
        (_, row) => strip[((stops[reel] ?? 0) + row) % strip.length] as string,
      ),
    );

  const winText = (shown: SlotWin) => {
    if (shown.kind === 'scatter') {
      if (shown.freeSpins > 0 && shown.amount > 0) {
        return t('slot.scatterWinSpins', {
          count: shown.count,
          amount: money(shown.amount),
          spins: shown.freeSpins,
        });
      }
      if (shown.freeSpins > 0) return t('slot.scatterSpins', { count: shown.count, spins: shown.freeSpins });
      return t('slot.scatterWin', { count: shown.count, amount: money(shown.amount) });
    }
    if (shown.symbol === 'any-bar') {
      return t('slot.lineCombo', {
        line: shown.line ?? 0,
        symbol: config.symbolName(shown.symbol),
        amount: money(shown.amount),
      });
    }
    return t('slot.lineWin', {
      line: shown.line ?? 0,
      count: shown.count,
      symbol: config.symbolName(shown.symbol),
      amount: money(shown.amount),
    });
  };

  const rowNames: MessageKey[] =
    config.rows === 1 ? ['slot.row'] : ['slot.rowTop', 'slot.rowMiddle', 'slot.rowBottom'];
  const description = rowNames
    .map((key, row) => `${t(key)}: ${grid.map((column) => config.symbolName(column[row] ?? '')).join(', ')}`)
    .join('. ');

  const feature = answer ? (config.feature?.(answer.view) ?? null) : null;
  const busy = phase !== 'idle';
  const message =
    phase === 'presenting' && win
      ? winText(win)
      : phase === 'idle' && answer
        ? feature
          ? `${t('slot.featureTotal', { feature: money(feature.win), total: money(answer.payout ?? 0) })}${feature.capped ? ` ${t('slot.featureCapped')}` : ''}`
          : (answer.payout ?? 0) > 0
            ? t('play.youWon', { amount: money(answer.payout ?? 0) })
            : t('play.noWin')
        : phase === 'idle'
          ? touch
            ? t('app.tapHint', { action: t('play.spin') })
            : t('app.keysHint')
          : '\u00a0';

  return (
    <div className={`slot-game ${config.className}${free || over ? ' slot-game--freespins' : ''}`}>
      <div className="slot-stage">
        {free ? (
          <div className="freespins-bar" data-testid="freespins">
            <strong>
              {t('freespins.spinOf', { number: free.total - free.left + 1, total: free.total })}
            </strong>
            <span>
              {t('freespins.won')}: <strong>{money(free.won)}</strong>
            </span>
          </div>
        ) : over && phase === 'idle' && ctx.freespins ? (
          <output className="freespins-bar freespins-bar--over" data-testid="freespins">
            {ctx.freespins.won > 0
              ? t('freespins.over', { amount: money(ctx.freespins.won) })
              : t('freespins.overNothing')}
          </output>
        ) : null}
        {presentation.free && phase === 'presenting' ? (
          <div className="feature-bar">
            <span>
              {t('slot.freeSpinOf', { number: presentation.free.number, of: presentation.free.of })}
            </span>
            <span>
              {t('slot.featureWin')}: <strong>{money(presentation.featurePaid)}</strong>
            </span>
          </div>
        ) : null}
        <Reels
          strips={strips}
          stops={stops}
          rows={config.rows}
          states={states}
          renderSymbol={config.renderSymbol}
          highlight={win?.positions ?? []}
          line={win?.line ? (config.lines[win.line - 1] ?? null) : null}
          reducedMotion={reducedMotion}
          label={t('slot.reels')}
          description={busy ? '' : description}
          landingMs={quick ? 260 : 420}
        />
        {presentation.featureIntro && feature ? (
          <div className="feature-intro" role="status">
            <strong>{t('slot.featureIntro', { spins: spins[0]?.awardedNow ?? 0 })}</strong>
            {feature.multiplier > 1 ? (
              <span>{t('slot.featureMultiplier', { multiplier: feature.multiplier })}</span>
            ) : null}
          </div>
        ) : null}
        <p className={`slot-message${win ? ' slot-message--win' : ''}`} aria-live="off">
          {message}
        </p>
      </div>
      <div className="game-controls">
        {free ? (
          <StakeControl
            ctx={ctx}
            stake={free.stake}
            ladder={[free.stake]}
            onChange={() => {}}
            disabled
            label={t('freespins.stakeLocked')}
            note={t('freespins.bonusNote')}
          />
        ) : (
          <StakeControl
            ctx={ctx}
            stake={stake}
            ladder={ladder}
            onChange={setStake}
            disabled={busy || autoLeft > 0}
          />
        )}
        <WinMeter
          ctx={ctx}
          amount={lastRoundTotal}
          label={t('play.win')}
          highlight={busy || lastRoundTotal > 0}
        />
        <PlayButton
          ctx={ctx}
          label={phase === 'presenting' && quickPlay ? t('play.skip') : t('play.spin')}
          busyLabel={t('play.spinning')}
          busy={phase === 'waiting'}
          disabled={
            phase === 'waiting' ||
            (phase === 'presenting' && !quickPlay) ||
            (phase === 'idle' && (short || autoLeft > 0))
          }
          onPlay={() => void spin()}
          // Without a slam stop the button has nothing to do while the round shows: it counts down the cycle.
          waitsForCycle={phase === 'idle' || !quickPlay}
        />
        <div className="game-controls__extra">
          {/* Quick spins and autoplay only where the licence allows them (UK: neither, RTS 14). */}
          {quickPlay ? (
            <label className="toggle">
              <input type="checkbox" checked={quick} onChange={(event) => setQuick(event.target.checked)} />
              <span>{t('play.quick')}</span>
            </label>
          ) : null}
          {autoplay ? (
            <Autoplay
              ctx={ctx}
              left={autoLeft}
              onStart={setAutoLeft}
              onStop={() => setAutoLeft(0)}
              disabled={busy || short}
            />
          ) : null}
        </div>
      </div>
    </div>
  );
}
