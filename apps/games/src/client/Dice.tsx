import { type CSSProperties, useEffect, useId, useRef, useState } from 'react';
import type { DiceDirection, DiceView } from '../math/dice.ts';
import { BetError } from '../math/engine.ts';
import type { RoundAnswer } from './api.ts';
import type { GameContext } from './context.ts';
import { PlayButton, StakeControl, useStake, WinMeter } from './controls.tsx';
import {
  chanceForTarget,
  chanceRange,
  clampTarget,
  dicePreview,
  flipDirection,
  targetForChance,
  targetRange,
} from './dice-bet.ts';
import { useGameKeys } from './hooks.ts';
import { formatMultiplier, formatNumber } from './money.ts';

const rollMs = 750;

/** Dice: pick a target and a side, see the odds and the payout, roll. */
export function Dice({ ctx }: { ctx: GameContext }) {
  const { t, money, lang, reducedMotion } = ctx;
  const variant = ctx.session.title.variant;
  const [stake, setStake, ladder] = useStake(ctx);
  const [direction, setDirection] = useState<DiceDirection>('under');
  const [target, setTarget] = useState(49.5);
  const [targetText, setTargetText] = useState<string | null>(null);
  const [chanceText, setChanceText] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [shown, setShown] = useState<number | null>(null);
  const [last, setLast] = useState<RoundAnswer<DiceView> | null>(null);
  const [settled, setSettled] = useState(true);
  const flicker = useRef<number | undefined>(undefined);
  const ids = useId();

  useEffect(() => () => window.clearInterval(flicker.current), []);

  const preview = dicePreview(stake, direction, target, variant);
  const valid = !(preview instanceof BetError);
  const range = targetRange(direction, variant);
  const chances = chanceRange(variant);
  const short = ctx.balance !== null && stake > ctx.balance;
  const two = (value: number) => formatNumber(value, lang, 2);

  const roll = async () => {
    if (busy || !valid || short || performance.now() < ctx.nextRoundAt) return;
    ctx.clearProblem();
    setBusy(true);
    setSettled(false);
    const started = performance.now();
    if (!reducedMotion) {
      window.clearInterval(flicker.current);
      flicker.current = window.setInterval(() => setShown(Math.floor(Math.random() * 10_000) / 100), 55);
    }
    const answer = await ctx.play<DiceView>({ stake, direction, target });
    const wait = reducedMotion ? 0 : Math.max(0, rollMs - (performance.now() - started));
    window.setTimeout(() => {
      window.clearInterval(flicker.current);
      setBusy(false);
      if (!answer) {
        setShown(last?.view.roll ?? null);
        setSettled(true);
        return;
      }
      setShown(answer.view.roll);
      setLast(answer);
      setSettled(true);
      ctx.reveal(answer);
      ctx.announce(
        `${t('dice.rolled', { roll: two(answer.view.roll) })}. ${answer.view.won ? t('play.youWon', { amount: money(answer.view.total) }) : t('play.noWin')}`,
      );
    }, wait);
  };

  useGameKeys({ space: () => void roll(), enter: () => void roll() }, true);

  const setSide = (next: DiceDirection) => {
    if (next === direction) return;
    const flipped = flipDirection(direction, target);
    setDirection(flipped.direction);
    setTarget(flipped.target);
    setTargetText(null);
    setChanceText(null);
  };

  const chance = chanceForTarget(direction, target);
  const winFrom = direction === 'under' ? 0 : target + 0.01;
  const winTo = direction === 'under' ? target - 0.01 : 99.99;
  const result = settled && last ? last.view : null;
  const trackStyle = {
    '--split': `${target}%`,
    '--roll': result ? `${result.roll}%` : undefined,
  } as CSSProperties;

  return (
    <div className="dice">
      <div className="dice__stage">
        <output
          className={`dice__roll${result ? (result.won ? ' dice__roll--won' : ' dice__roll--lost') : ''}${busy ? ' dice__roll--rolling' : ''}${shown === null ? ' dice__roll--idle' : ''}`}
          aria-live="off"
        >
          {two(shown ?? 0)}
        </output>
        <p className="dice__verdict">
          {result
            ? result.won
              ? t('play.youWon', { amount: money(result.total) })
              : t('play.noWin')
            : t('dice.winsOn', { from: two(winFrom), to: two(winTo) })}
        </p>

        <div className={`dice-track dice-track--${direction}`} style={trackStyle}>
          <label className="visually-hidden" htmlFor={`${ids}-slider`}>
            {t('dice.slider')}
          </label>
          <input
            id={`${ids}-slider`}
            type="range"
            min={range.min}
            max={range.max}
            step={0.01}
            value={target}
            disabled={busy}
            aria-valuetext={`${t(direction === 'under' ? 'dice.under' : 'dice.over')} ${two(target)}, ${t('dice.chance')} ${two(chance)} %`}
            onChange={(event) => {
              setTarget(clampTarget(direction, Number(event.target.value), variant));
              setTargetText(null);
              setChanceText(null);
            }}
          />
          {result ? (
            <span
              className={`dice-track__marker${result.won ? ' dice-track__marker--won' : ''}`}
              aria-hidden="true"
            >
              {two(result.roll)}
            </span>
          ) : null}
          <div className="dice-track__scale" aria-hidden="true">
            {[0, 25, 50, 75, 100].map((mark) => (
              <span key={mark}>{mark}</span>
            ))}
          </div>
        </div>

        <div className="dice__direction" role="radiogroup" aria-label={t('dice.direction')}>
          {(['under', 'over'] as const).map((side) => (
            // biome-ignore lint/a11y/useSemanticElements: a pair of toggle buttons reads better than radio inputs here
            <button
              key={side}
              type="button"
              role="radio"
              aria-checked={direction === side}
              className={`studio-button${direction === side ? ' studio-button--selected' : ''}`}
              onClick={() => setSide(side)}
              disabled={busy}
            >
              {t(side === 'under' ? 'dice.under' : 'dice.over')} {two(target)}
            </button>
          ))}
        </div>

        <div className="dice__figures">
          <label className="dice-field">
            <span>{t('dice.target')}</span>
            <input
              type="number"
              inputMode="decimal"
              min={range.min}
              max={range.max}
              step={0.01}
              value={targetText ?? target.toFixed(2)}
              disabled={busy}
              onChange={(event) => setTargetText(event.target.value)}
              onBlur={() => {
                if (targetText !== null) setTarget(clampTarget(direction, Number(targetText), variant));
                setTargetText(null);
              }}
            />
          </label>
          <label className="dice-field">
            <span>{t('dice.chance')} %</span>
            <input
              type="number"
              inputMode="decimal"
              min={chances.min}
              max={chances.max}
              step={0.01}
              value={chanceText ?? chance.toFixed(2)}
              disabled={busy}
              onChange={(event) => setChanceText(event.target.value)}
              onBlur={() => {
                if (chanceText !== null) {
                  const wanted = Math.min(
                    chances.max,
                    Math.max(chances.min, Number(chanceText) || chances.min),
                  );
                  setTarget(clampTarget(direction, targetForChance(direction, wanted), variant));
                }
                setChanceText(null);
              }}
            />
          </label>
          <div className="dice-field dice-field--read">
            <span>{t('dice.multiplier')}</span>
            <strong>{valid ? formatMultiplier(preview.multiplier, lang) : '–'}</strong>
          </div>
          <div className="dice-field dice-field--read">
            <span>{t('dice.payout')}</span>
            <strong data-testid="dice-payout">{valid ? money(preview.payoutIfWon) : '–'}</strong>
          </div>
          <div className="dice-field dice-field--read">
            <span>{t('dice.profit')}</span>
            <strong>{valid ? money(preview.profit) : '–'}</strong>
          </div>
        </div>
        {!valid ? (
          <p className="studio-note" role="alert">
            {t('dice.targetRange', { min: two(range.min), max: two(range.max) })}
          </p>
        ) : null}
      </div>

      <div className="game-controls">
        <StakeControl ctx={ctx} stake={stake} ladder={ladder} onChange={setStake} disabled={busy} />
        <WinMeter
          ctx={ctx}
          amount={result?.total ?? 0}
          label={t('play.win')}
          highlight={Boolean(result?.won)}
        />
        <PlayButton
          ctx={ctx}
          label={t('dice.roll')}
          busyLabel={t('dice.rolling')}
          busy={busy}
          disabled={busy || !valid || short}
          onPlay={() => void roll()}
        />
      </div>
    </div>
  );
}
