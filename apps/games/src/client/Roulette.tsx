import { type CSSProperties, type KeyboardEvent, type MouseEvent, useMemo, useRef, useState } from 'react';
import { type RouletteView, roulettePays, rouletteVariants } from '../math/roulette.ts';
import type { Lang, RoundAnswer } from './api.ts';
import type { GameContext } from './context.ts';
import { PlayButton, WinMeter } from './controls.tsx';
import { describeBet, specOfViewBet } from './describe.ts';
import { useGameKeys } from './hooks.ts';
import type { Translate } from './i18n.ts';
import {
  type BetSlip,
  type BetSpec,
  betAtPoint,
  betKey,
  chipPoint,
  chipStack,
  chipValues,
  coveredNumbers,
  insideBets,
  placeChip,
  pocketColour,
  slipToBet,
  slipTotal,
} from './roulette-board.ts';
import { Wheel, type WheelHandle } from './Wheel.tsx';

type Rect = { l0: number; l1: number; a0: number; a1: number };
const place = ({ l0, l1, a0, a1 }: Rect) =>
  ({ '--l0': l0, '--l1': l1, '--a0': a0, '--a1': a1 }) as CSSProperties;

interface Spot {
  key: string;
  spec: BetSpec;
  rect: Rect;
  label: string;
  className: string;
  numbers: boolean;
}

export function boardSpots(t: Translate): Spot[] {
  const spots: Spot[] = [
    {
      key: 'straight:0',
      spec: { type: 'straight', numbers: [0] },
      rect: { l0: 0, l1: 1, a0: 0, a1: 3 },
      label: '0',
      className: 'rb-cell rb-cell--green',
      numbers: true,
    },
  ];
  for (let n = 1; n <= 36; n++) {
    const row = Math.floor((n - 1) / 3);
    const column = (n - 1) % 3;
    spots.push({
      key: `straight:${n}`,
      spec: { type: 'straight', numbers: [n] },
      rect: { l0: 1 + row, l1: 2 + row, a0: column, a1: column + 1 },
      label: String(n),
      className: `rb-cell rb-cell--${pocketColour(n)}`,
      numbers: true,
    });
  }
  for (const index of [1, 2, 3] as const) {
    spots.push({
      key: `column:${index}`,
      spec: { type: 'column', index },
      rect: { l0: 13, l1: 14, a0: index - 1, a1: index },
      label: t('roulette.columnLabel'),
      className: 'rb-cell rb-cell--outside rb-cell--column',
      numbers: false,
    });
    spots.push({
      key: `dozen:${index}`,
      spec: { type: 'dozen', index },
      rect: { l0: 1 + 4 * (index - 1), l1: 5 + 4 * (index - 1), a0: -0.6, a1: 0 },
      label: t('roulette.dozenLabel', { from: index * 12 - 11, to: index * 12 }),
      className: 'rb-cell rb-cell--outside',
      numbers: false,
    });
  }
  (['low', 'even', 'red', 'black', 'odd', 'high'] as const).forEach((type, i) => {
    spots.push({
      key: type,
      spec: { type },
      rect: { l0: 1 + 2 * i, l1: 3 + 2 * i, a0: -1.2, a1: -0.6 },
      label: type === 'low' ? '1–18' : type === 'high' ? '19–36' : t(`roulette.bet.${type}`),
      className: `rb-cell rb-cell--outside rb-cell--${type}`,
      numbers: false,
    });
  });
  return spots;
}

const shortAmount = (minor: number, subunits: number, lang: Lang) =>
  new Intl.NumberFormat(lang === 'el' ? 'el-GR' : 'en-GB', {
    notation: 'compact',
    maximumFractionDigits: 2,
  }).format(minor / subunits);

/** Chip colours white text reads on at 4.5:1 or more (the green and the amber darkened to get there). */
const chipHue = (value: number, chips: readonly number[]) => {
  const index = Math.max(0, chips.indexOf(value));
  return ['#2f6fd6', '#d63a3a', '#1f8048', '#7b3fd6', '#222', '#a8650f'][index % 6];
};

/**
 * A board spot's accessible name: the bet, what it pays, and the stake on it. It holds the words the
 * cell shows ("1–18", "2 to 1"), as WCAG 2.5.3 asks, so a player who says what they see reaches it.
 */
export function spotName(t: Translate, spot: Pick<Spot, 'spec'>, stake: string | null): string {
  const bet = describeBet(t, spot.spec);
  const name = `${bet}, ${t('roulette.pays', { pays: roulettePays[spot.spec.type] })}`;
  return stake === null ? name : `${name}. ${t('roulette.onBet', { bet, amount: stake })}`;
}

/** Moves the focus to the nearest board spot in an arrow key's direction (the board is one tab stop). */
function moveFocus(event: KeyboardEvent<HTMLFieldSetElement>) {
  const directions: Record<string, [number, number]> = {
    ArrowLeft: [-1, 0],
    ArrowRight: [1, 0],
    ArrowUp: [0, -1],
    ArrowDown: [0, 1],
  };
  const direction = directions[event.key];
  const current = event.target as HTMLElement;
  if (!direction || !current.dataset.spot) return;
  event.preventDefault();
  const from = current.getBoundingClientRect();
  const fx = from.left + from.width / 2;
  const fy = from.top + from.height / 2;
  let best: HTMLElement | null = null;
  let bestScore = Number.POSITIVE_INFINITY;
  for (const candidate of event.currentTarget.querySelectorAll<HTMLElement>('[data-spot]')) {
    if (candidate === current) continue;
    const rect = candidate.getBoundingClientRect();
    const dx = rect.left + rect.width / 2 - fx;
    const dy = rect.top + rect.height / 2 - fy;
    const along = dx * direction[0] + dy * direction[1];
    if (along <= 2) continue;
    const aside = Math.abs(dx * direction[1] - dy * direction[0]);
    const score = along + aside * 2.5;
    if (score < bestScore) {
      bestScore = score;
      best = candidate;
    }
  }
  best?.focus();
}

type Phase = 'betting' | 'waiting' | 'spinning';

/** European roulette: chips on a full table, the wheel, and what each bet won. */
export function Roulette({ ctx }: { ctx: GameContext }) {
  const { t, money, lang, session } = ctx;
  const { title, subunits } = session;
  const chips = useMemo(
    () => chipValues(title.min_bet, title.max_bet, subunits),
    [title.min_bet, title.max_bet, subunits],
  );
  const maxBets = rouletteVariants[title.variant]?.maxBets ?? 200;
  const [chip, setChip] = useState(chips[0] ?? title.min_bet);
  const [slip, setSlip] = useState<BetSlip>([]);
  const [undo, setUndo] = useState<BetSlip[]>([]);
  const [lastSlip, setLastSlip] = useState<BetSlip>([]);
  const [phase, setPhase] = useState<Phase>('betting');
  const [result, setResult] = useState<{ answer: RoundAnswer<RouletteView>; slip: BetSlip } | null>(null);
  const [recent, setRecent] = useState<number[]>([]);
  const [hover, setHover] = useState<BetSpec | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [focusKey, setFocusKey] = useState('straight:17');
  const [pick, setPick] = useState('');
  const wheel = useRef<WheelHandle>(null);
  const board = useRef<HTMLDivElement>(null);
  const top = useRef<HTMLDivElement>(null);
  const spots = useMemo(() => boardSpots(t), [t]);
  const picks = useMemo(() => insideBets().filter((spec) => spec.type !== 'straight'), []);

  const total = slipTotal(slip);
  const showResult = result && result.slip === slip ? result : null;
  const winningNumbers = showResult ? new Set([showResult.answer.view.pocket]) : null;
  const hoverNumbers = hover ? new Set(coveredNumbers(hover)) : null;
  const busy = phase !== 'betting';
  const short = ctx.balance !== null && total > ctx.balance;

  const change = (next: BetSlip) => {
    setUndo((stack) => [...stack.slice(-50), slip]);
    setSlip(next);
    setNotice(null);
  };

  const bet = (spec: BetSpec) => {
    if (busy) return;
    const next = placeChip(slip, spec, chip, { maxTotal: title.max_bet, maxBets });
    if (next === 'max-stake') setNotice(t('roulette.maxStake', { max: money(title.max_bet) }));
    else if (next === 'max-bets') setNotice(t('roulette.maxBets', { count: maxBets }));
    else if (next !== 'illegal') {
      change(next);
      ctx.announce(
        t('roulette.onBet', {
          bet: describeBet(t, spec),
          amount: money(next.find((b) => b.key === betKey(spec))?.amount ?? chip),
        }),
      );
    }
  };

  /** The bet under a click on the numbers: the line or crossing nearest the pointer. */
  const betAtClick = (event: MouseEvent<HTMLElement>): BetSpec | null => {
    const element = board.current;
    if (!element) return null;
    const rect = element.getBoundingClientRect();
    const upright = rect.height > rect.width;
    const x = event.clientX - rect.left;
    const y = event.clientY - rect.top;
    const perL = (upright ? rect.height : rect.width) / 14;
    const perA = (upright ? rect.width : rect.height) / 4.2;
    const l = ((upright ? y : x) / (upright ? rect.height : rect.width)) * 14;
    const a = upright ? (x / rect.width) * 4.2 - 1.2 : 3 - (y / rect.height) * 4.2;
    const tolerance = {
      along: Math.min(0.3, Math.max(0.14, 9 / perL)),
      across: Math.min(0.3, Math.max(0.14, 9 / perA)),
    };
    return betAtPoint(l, a, tolerance);
  };

  const onSpotClick = (spot: Spot, event: MouseEvent<HTMLButtonElement>) => {
    // A keyboard press (detail 0) bets on the spot itself; a click may land on a line between numbers.
    if (spot.numbers && event.detail > 0) {
      const spec = betAtClick(event);
      if (spec) return bet(spec);
    }
    bet(spot.spec);
  };

  const spin = async () => {
    if (busy || performance.now() < ctx.nextRoundAt) return;
    if (slip.length === 0) {
      if (lastSlip.length > 0 && slipTotal(lastSlip) <= title.max_bet) setSlip(lastSlip);
      else setNotice(t('roulette.noBets'));
      return;
    }
    if (total < title.min_bet) {
      setNotice(t('roulette.minStake', { min: money(title.min_bet) }));
      return;
    }
    if (short) return;
    setNotice(null);
    setHover(null);
    setPhase('waiting');
    // On a phone the board scrolls under the wheel: the wheel and the result come back into view for
    // the spin (nothing moves when they are already in view).
    top.current?.scrollIntoView({ block: 'nearest', behavior: ctx.reducedMotion ? 'auto' : 'smooth' });
    wheel.current?.spin();
    const played = await ctx.play<RouletteView>(slipToBet(slip));
    if (!played) {
      wheel.current?.stop();
      setPhase('betting');
      return;
    }
    setPhase('spinning');
    await wheel.current?.land(played.view.pocket);
    setResult({ answer: played, slip });
    setLastSlip(slip);
    setRecent((numbers) => [played.view.pocket, ...numbers].slice(0, 12));
    setPhase('betting');
    ctx.reveal(played);
    const colour = t(`roulette.colour.${played.view.colour}`);
    const outcome = t('roulette.result', { pocket: played.view.pocket, colour });
    ctx.announce(
      `${outcome}. ${(played.payout ?? 0) > 0 ? t('play.youWon', { amount: money(played.payout ?? 0) }) : t('play.noWin')}`,
    );
  };

  useGameKeys({ space: () => void spin(), enter: () => void spin() }, true);

  const chipFor = (spec: BetSpec) => {
    const placed = slip.find((candidate) => candidate.key === betKey(spec));
    return placed;
  };
  const viewBets = showResult?.answer.view.bets ?? [];
  const outcomeOf = (key: string) => {
    const found = viewBets.find((viewBet) => betKey(specOfViewBet(viewBet)) === key);
    return found ? (found.won ? 'won' : 'lost') : null;
  };

  const lastPocket = result?.answer.view.pocket ?? null;

  return (
    <div className="roulette">
      <div className="roulette__top" ref={top}>
        <Wheel
          ref={wheel}
          reducedMotion={ctx.reducedMotion}
          label={t('roulette.wheel')}
          pocket={lastPocket}
        />
        <div className="roulette__result" aria-live="off">
          {showResult ? (
            <div className={`pocket-badge pocket-badge--${showResult.answer.view.colour}`}>
              <strong>{showResult.answer.view.pocket}</strong>
              <span>{t(`roulette.colour.${showResult.answer.view.colour}`)}</span>
            </div>
          ) : null}
          {recent.length > 0 ? (
            <div className="recent-numbers">
              <span className="recent-numbers__label">{t('roulette.lastNumbers')}</span>
              <ol>
                {recent.map((number, index) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: a number may come up twice
                  <li key={index} className={`recent-numbers__n recent-numbers__n--${pocketColour(number)}`}>
                    {number}
                  </li>
                ))}
              </ol>
            </div>
          ) : null}
          {showResult ? (
            <ul className="bet-results" aria-label={t('roulette.yourBets')}>
              {viewBets.map((viewBet) => {
                const spec = specOfViewBet(viewBet);
                return (
                  <li key={betKey(spec)} className={viewBet.won ? 'bet-results__won' : 'bet-results__lost'}>
                    <span>
                      {t('roulette.onBet', { bet: describeBet(t, spec), amount: money(viewBet.amount) })}
                    </span>
                    <strong>
                      {viewBet.won
                        ? t('roulette.betWon', { amount: money(viewBet.payout) })
                        : t('roulette.betLost')}
                    </strong>
                  </li>
                );
              })}
            </ul>
          ) : null}
        </div>
      </div>

      <div className="roulette__table">
        <div className="roulette__tools">
          <fieldset className="chip-picker" disabled={busy}>
            <legend>{t('roulette.chips')}</legend>
            {chips.map((value) => (
              <label
                key={value}
                className="chip-picker__chip"
                style={{ '--chip': chipHue(value, chips) } as CSSProperties}
              >
                <input
                  type="radio"
                  name="chip"
                  value={value}
                  checked={chip === value}
                  onChange={() => setChip(value)}
                />
                <span aria-hidden="true">{shortAmount(value, subunits, lang)}</span>
                <span className="visually-hidden">{t('roulette.chip', { amount: money(value) })}</span>
              </label>
            ))}
          </fieldset>
          <div className="roulette__actions">
            <button
              type="button"
              className="studio-button"
              disabled={busy || undo.length === 0}
              onClick={() => {
                setSlip(undo.at(-1) ?? []);
                setUndo((stack) => stack.slice(0, -1));
                setNotice(null);
              }}
            >
              {t('roulette.undo')}
            </button>
            <button
              type="button"
              className="studio-button"
              disabled={busy || slip.length === 0}
              onClick={() => change([])}
            >
              {t('roulette.clear')}
            </button>
            <button
              type="button"
              className="studio-button"
              disabled={busy || lastSlip.length === 0 || slip === lastSlip}
              onClick={() => change(lastSlip)}
            >
              {t('roulette.rebet')}
            </button>
            <button
              type="button"
              className="studio-button"
              disabled={busy || slip.length === 0 || total * 2 > title.max_bet}
              onClick={() => change(slip.map((placed) => ({ ...placed, amount: placed.amount * 2 })))}
            >
              {t('roulette.double')}
            </button>
          </div>
        </div>
        <p className="roulette__hint" id="roulette-hint">
          {notice ?? t('roulette.boardHint')}
        </p>
        <fieldset
          className="rb-frame"
          aria-describedby="roulette-hint"
          onKeyDown={moveFocus}
          onPointerLeave={() => setHover(null)}
        >
          <legend className="visually-hidden">{t('roulette.board')}</legend>
          <div className="rb" ref={board} data-busy={busy ? 'true' : undefined}>
            {spots.map((spot) => {
              const placed = chipFor(spot.spec);
              const outcome = placed ? outcomeOf(spot.key) : null;
              const covered =
                spot.numbers && 'numbers' in spot.spec ? (spot.spec.numbers[0] as number) : null;
              const lit =
                (covered !== null && (winningNumbers?.has(covered) || hoverNumbers?.has(covered))) ||
                (hover !== null && betKey(hover) === spot.key && !spot.numbers);
              return (
                <button
                  key={spot.key}
                  type="button"
                  data-spot={spot.key}
                  className={`${spot.className}${lit ? ' rb-cell--lit' : ''}${winningNumbers && covered !== null && winningNumbers.has(covered) ? ' rb-cell--winner' : ''}`}
                  style={place(spot.rect)}
                  tabIndex={spot.key === focusKey ? 0 : -1}
                  onFocus={() => setFocusKey(spot.key)}
                  onClick={(event) => onSpotClick(spot, event)}
                  onPointerMove={(event) => {
                    if (event.pointerType !== 'mouse' || busy) return;
                    setHover(spot.numbers ? betAtClick(event) : spot.spec);
                  }}
                  disabled={busy}
                  aria-label={spotName(t, spot, placed ? money(placed.amount) : null)}
                >
                  <span>{spot.label}</span>
                  {!spot.numbers && placed ? (
                    <Chip
                      amount={placed.amount}
                      chips={chips}
                      subunits={subunits}
                      lang={lang}
                      outcome={outcome}
                    />
                  ) : null}
                </button>
              );
            })}
            {slip
              .filter((placed) => 'numbers' in placed.spec)
              .map((placed) => {
                const point = chipPoint(placed.spec);
                return (
                  <div
                    key={placed.key}
                    className="rb-chip-spot"
                    style={{ '--cl': point.l, '--ca': point.a } as CSSProperties}
                    aria-hidden="true"
                  >
                    <Chip
                      amount={placed.amount}
                      chips={chips}
                      subunits={subunits}
                      lang={lang}
                      outcome={outcomeOf(placed.key)}
                    />
                  </div>
                );
              })}
          </div>
        </fieldset>

        <details className="roulette__picker">
          <summary>{t('roulette.picker')}</summary>
          <div className="roulette__picker-row">
            <label className="visually-hidden" htmlFor="roulette-pick">
              {t('roulette.picker')}
            </label>
            <select
              id="roulette-pick"
              value={pick}
              onChange={(event) => setPick(event.target.value)}
              disabled={busy}
            >
              <option value="">{t('roulette.pickerChoose')}</option>
              {(['split', 'street', 'corner', 'six-line'] as const).map((type) => (
                <optgroup key={type} label={t(`roulette.type.${type}`)}>
                  {picks
                    .filter((spec) => spec.type === type || (type === 'corner' && spec.type === 'first-four'))
                    .map((spec) => (
                      <option key={betKey(spec)} value={betKey(spec)}>
                        {describeBet(t, spec)} · {t('roulette.pays', { pays: roulettePays[spec.type] })}
                      </option>
                    ))}
                </optgroup>
              ))}
            </select>
            <button
              type="button"
              className="studio-button"
              disabled={busy || !pick}
              onClick={() => {
                const spec = picks.find((candidate) => betKey(candidate) === pick);
                if (spec) bet(spec);
              }}
            >
              {t('roulette.pickerPlace')}
            </button>
          </div>
        </details>
      </div>

      <div className="game-controls roulette__controls">
        <div className="roulette__total">
          <span>{t('roulette.totalBet')}</span>
          <strong data-testid="total-bet">{money(total)}</strong>
          {short ? <span className="stake-control__note--warn">{t('stake.tooHigh')}</span> : null}
        </div>
        <WinMeter
          ctx={ctx}
          amount={showResult?.answer.payout ?? 0}
          label={t('play.win')}
          highlight={Boolean(showResult)}
        />
        <PlayButton
          ctx={ctx}
          label={t('play.spin')}
          busyLabel={t('play.spinning')}
          busy={busy}
          disabled={busy || (slip.length === 0 && lastSlip.length === 0) || short}
          onPlay={() => void spin()}
        />
      </div>
    </div>
  );
}

function Chip({
  amount,
  chips,
  subunits,
  lang,
  outcome,
}: {
  amount: number;
  chips: readonly number[];
  subunits: number;
  lang: Lang;
  outcome: 'won' | 'lost' | null;
}) {
  const stack = chipStack(amount, chips, 3);
  return (
    <span
      className={`chip${outcome ? ` chip--${outcome}` : ''}`}
      style={{ '--chip': chipHue(stack[0] ?? amount, chips) } as CSSProperties}
    >
      {stack.length > 1 ? <span className="chip__under" aria-hidden="true" /> : null}
      <span className="chip__face">{shortAmount(amount, subunits, lang)}</span>
    </span>
  );
}
