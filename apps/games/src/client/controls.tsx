import { useEffect, useId, useMemo, useState } from 'react';
import type { GameContext } from './context.ts';
import { useCountUp, useTimeLeft } from './hooks.ts';
import { nearestStake, type StakeRules, stakeLadder, stepStake } from './stakes.ts';

const stakeKey = (titleId: string) => `chrysos:studio-stake:${titleId}`;

/** The stake last chosen for a title (the paytable shows its wins at it), or the smallest. */
export function rememberedStake(titleId: string, rules: StakeRules): number {
  const ladder = stakeLadder(rules);
  let remembered = Number.NaN;
  try {
    remembered = Number(window.localStorage.getItem(stakeKey(titleId)) ?? Number.NaN);
  } catch {
    // No storage: the smallest stake.
  }
  return (Number.isFinite(remembered) ? nearestStake(remembered, ladder) : null) ?? ladder[0] ?? rules.min;
}

/** The stake chosen for a title, from the ladder of stakes it accepts; remembered between visits. */
export function useStake(ctx: GameContext): [number, (stake: number) => void, number[]] {
  const ladder = useMemo(() => stakeLadder(ctx.stakeRules), [ctx.stakeRules]);
  const titleId = ctx.session.title.id;
  const [stake, setStake] = useState(() => ladder[0] ?? ctx.stakeRules.min);
  useEffect(() => {
    let remembered: number | null = null;
    try {
      remembered = Number(window.localStorage.getItem(stakeKey(titleId)) ?? Number.NaN);
    } catch {
      remembered = null;
    }
    const found =
      remembered !== null && Number.isFinite(remembered) ? nearestStake(remembered, ladder) : null;
    if (found !== null) setStake(found);
  }, [ladder, titleId]);
  const choose = (next: number) => {
    setStake(next);
    try {
      window.localStorage.setItem(stakeKey(titleId), String(next));
    } catch {
      // Not remembered; still chosen.
    }
  };
  return [stake, choose, ladder];
}

/** − stake + with the stakes on offer in a list; for slots, what that is per line. */
export function StakeControl({
  ctx,
  stake,
  ladder,
  onChange,
  disabled,
  label,
  note,
}: {
  ctx: GameContext;
  stake: number;
  ladder: readonly number[];
  onChange: (stake: number) => void;
  disabled: boolean;
  label?: string;
  /** Said under the stake instead of its limits (a stake the player does not choose or pay). */
  note?: string;
}) {
  const { t, money } = ctx;
  const id = useId();
  const lines = ctx.stakeRules.multipleOf;
  const atLow = stake <= (ladder[0] ?? stake);
  const atHigh = stake >= (ladder.at(-1) ?? stake);
  const short = note === undefined && ctx.balance !== null && stake > ctx.balance;
  return (
    <div className="stake-control">
      <label className="stake-control__label" htmlFor={id}>
        {label ?? t('stake.label')}
      </label>
      <div className="stake-control__row">
        <button
          type="button"
          className="stake-control__step"
          onClick={() => onChange(stepStake(stake, -1, ladder))}
          disabled={disabled || atLow}
          aria-label={t('stake.lower')}
        >
          −
        </button>
        <select
          id={id}
          className="stake-control__value"
          value={stake}
          disabled={disabled}
          onChange={(event) => onChange(Number(event.target.value))}
          aria-describedby={`${id}-note`}
        >
          {ladder.map((value) => (
            <option key={value} value={value}>
              {money(value)}
            </option>
          ))}
        </select>
        <button
          type="button"
          className="stake-control__step"
          onClick={() => onChange(stepStake(stake, 1, ladder))}
          disabled={disabled || atHigh}
          aria-label={t('stake.raise')}
        >
          +
        </button>
      </div>
      <span className={`stake-control__note${short ? ' stake-control__note--warn' : ''}`} id={`${id}-note`}>
        {note !== undefined
          ? note
          : short
            ? t('stake.tooHigh')
            : lines > 1
              ? t('stake.perLine', { amount: money(stake / lines), lines })
              : t('stake.limits', { min: money(ladder[0] ?? stake), max: money(ladder.at(-1) ?? stake) })}
      </span>
    </div>
  );
}

/** The win of the round, counting up as it is shown. */
export function WinMeter({
  ctx,
  amount,
  label,
  highlight,
}: {
  ctx: GameContext;
  amount: number;
  label: string;
  highlight: boolean;
}) {
  const shown = useCountUp(amount, Math.min(1800, 400 + amount / 20), ctx.reducedMotion);
  return (
    <div className={`win-meter${highlight && amount > 0 ? ' win-meter--on' : ''}`}>
      <span className="win-meter__label">{label}</span>
      <strong className="win-meter__value">{ctx.money(shown)}</strong>
    </div>
  );
}

export const autoplayCounts = [10, 25, 50, 100] as const;

/** Autoplay: a number of rounds and a stop button (the game decides when to stop on its own too). */
export function Autoplay({
  ctx,
  left,
  onStart,
  onStop,
  disabled,
}: {
  ctx: GameContext;
  left: number;
  onStart: (rounds: number) => void;
  onStop: () => void;
  disabled: boolean;
}) {
  const { t } = ctx;
  const [count, setCount] = useState<number>(autoplayCounts[0]);
  const id = useId();
  if (left > 0) {
    return (
      <button type="button" className="studio-button studio-button--stop" onClick={onStop}>
        {t('play.autoplayStop', { left })}
      </button>
    );
  }
  return (
    <div className="autoplay" title={t('play.autoplayNote')}>
      <label className="visually-hidden" htmlFor={id}>
        {t('play.autoplaySpins')}
      </label>
      <select
        id={id}
        value={count}
        onChange={(event) => setCount(Number(event.target.value))}
        disabled={disabled}
      >
        {autoplayCounts.map((value) => (
          <option key={value} value={value}>
            {value}
          </option>
        ))}
      </select>
      <button
        type="button"
        className="studio-button"
        onClick={() => onStart(count)}
        disabled={disabled}
        aria-describedby={`${id}-note`}
      >
        {t('play.autoplay')}
      </button>
      <span id={`${id}-note`} className="visually-hidden">
        {t('play.autoplayNote')}
      </span>
    </div>
  );
}

/**
 * The big round button of a game. Under a licence with a minimum game cycle it stays disabled until
 * the next round may start (`ctx.nextRoundAt`), saying how long is left; `waitsForCycle` false keeps
 * it usable meanwhile for what is no new round (a slot's skip to the end of the round on screen).
 */
export function PlayButton({
  ctx,
  label,
  busyLabel,
  busy,
  disabled,
  onPlay,
  waitsForCycle = true,
}: {
  ctx: GameContext;
  label: string;
  busyLabel: string;
  busy: boolean;
  disabled: boolean;
  onPlay: () => void;
  waitsForCycle?: boolean;
}) {
  const id = useId();
  const left = useTimeLeft(ctx.nextRoundAt);
  const waiting = waitsForCycle && !busy && left > 0;
  const seconds = new Intl.NumberFormat(ctx.lang, {
    minimumFractionDigits: 1,
    maximumFractionDigits: 1,
  }).format(Math.ceil(left / 100) / 10);
  return (
    <div className="play-button__wrap">
      <button
        type="button"
        className={`play-button${busy ? ' play-button--busy' : ''}`}
        onClick={onPlay}
        disabled={disabled || waiting}
        aria-busy={busy}
        aria-describedby={waiting ? `${id}-wait` : undefined}
      >
        <svg viewBox="0 0 48 48" aria-hidden="true" focusable="false" className="play-button__icon">
          <path d="M38 24a14 14 0 1 1-4.1-9.9M38 8v8h-8" />
        </svg>
        <span>{busy ? busyLabel : label}</span>
      </button>
      {waiting ? (
        // A timer is read when asked for, never announced ten times a second.
        <span id={`${id}-wait`} className="play-button__wait" role="timer" data-testid="next-round">
          {ctx.t('play.nextRoundIn', { seconds })}
        </span>
      ) : null}
    </div>
  );
}
