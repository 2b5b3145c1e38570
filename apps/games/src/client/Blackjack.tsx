import { type CSSProperties, useCallback, useEffect, useRef, useState } from 'react';
import type { BlackjackAction, BlackjackView, CardView } from '../math/blackjack.ts';
import type { RoundAnswer } from './api.ts';
import { PlayingCard } from './art.tsx';
import type { GameContext } from './context.ts';
import { PlayButton, StakeControl, useStake, WinMeter } from './controls.tsx';
import { cardName, handLabel, handResult } from './describe.ts';
import { useGameKeys } from './hooks.ts';
import type { Translate } from './i18n.ts';
import { useTouch } from './pointer.ts';

const actionKeys: Record<BlackjackAction, string> = { hit: 'h', stand: 's', double: 'd', split: 'p' };

type Phase = 'idle' | 'dealing' | 'playing' | 'acting' | 'settling';

/** How long the cards of a step take to arrive, so results wait for them. */
const dealDelay = 260;

/** Blackjack: deal with a stake, then hit, stand, double or split as the engine allows. */
export function Blackjack({ ctx }: { ctx: GameContext }) {
  const { t, money, reducedMotion } = ctx;
  const touch = useTouch();
  const [stake, setStake, ladder] = useStake(ctx);
  const [round, setRound] = useState<RoundAnswer<BlackjackView> | null>(null);
  const [phase, setPhase] = useState<Phase>('idle');
  const [showResults, setShowResults] = useState(false);
  const [resumed, setResumed] = useState(false);
  const seen = useRef<{ dealer: number; hands: number[] }>({ dealer: 0, hands: [] });
  const timer = useRef<number | undefined>(undefined);
  const { setRoundInPlay, reveal, announce } = ctx;

  useEffect(() => () => window.clearTimeout(timer.current), []);

  const view = round?.view ?? null;

  // The cards on screen before this render: new ones deal in after them, one after another.
  useEffect(() => {
    seen.current = {
      dealer: view?.dealer.cards.length ?? 0,
      hands: view?.hands.map((hand) => hand.cards.length) ?? [],
    };
  });

  const finish = useCallback(
    (answer: RoundAnswer<BlackjackView>, newCards: number) => {
      setPhase('settling');
      window.clearTimeout(timer.current);
      timer.current = window.setTimeout(
        () => {
          setShowResults(true);
          setPhase('idle');
          setRoundInPlay(false);
          reveal(answer);
          const total = answer.payout ?? 0;
          announce(total > 0 ? t('play.youWon', { amount: money(total) }) : t('play.noWin'));
        },
        reducedMotion ? 200 : 500 + newCards * dealDelay,
      );
    },
    [reducedMotion, reveal, announce, setRoundInPlay, t, money],
  );

  // A hand left open (a reload mid-hand) is brought back to be finished; looked for once, on arrival.
  const resumeChecked = useRef(false);
  useEffect(() => {
    if (resumeChecked.current) return;
    resumeChecked.current = true;
    const open = ctx.session.history.find((entry) => entry.status === 'open');
    if (!open) return;
    ctx.api
      .round(open.id)
      .then((record) => {
        if (record.status !== 'open') return;
        const restored = record.view as BlackjackView;
        setRound({
          id: record.id,
          status: record.status,
          finished: restored.finished,
          stake: record.stake,
          payout: record.payout,
          view: restored,
          balance: null,
          settling: false,
          fairness: { serverSeedHash: '', clientSeed: record.client_seed, nonce: record.nonce },
        });
        setPhase('playing');
        setRoundInPlay(true);
        setResumed(true);
      })
      .catch(() => {});
  }, [ctx.api, ctx.session.history, setRoundInPlay]);

  const deal = async () => {
    if (phase !== 'idle' || performance.now() < ctx.nextRoundAt) return;
    if (ctx.balance !== null && stake > ctx.balance) return;
    ctx.clearProblem();
    setResumed(false);
    setShowResults(false);
    setPhase('dealing');
    setRound(null);
    const answer = await ctx.play<BlackjackView>({ stake });
    if (!answer) {
      setPhase('idle');
      return;
    }
    setRound(answer);
    if (answer.view.finished) finish(answer, 4);
    else {
      setRoundInPlay(true);
      setPhase('playing');
      const active = answer.view.active ?? 0;
      announce(
        `${handLabel(t, answer.view.hands[active] ?? { total: 0, soft: false })}. ${t('blackjack.yourMove', { number: active + 1 })}`,
      );
    }
  };

  const act = async (action: BlackjackAction) => {
    if (phase !== 'playing' || !round || !round.view.actions.includes(action)) return;
    setPhase('acting');
    const before = round.view;
    const answer = await ctx.act<BlackjackView>(round.id, action);
    if (!answer) {
      // The round may have moved on (a second tab, a recovered hand): show where it stands now.
      try {
        const record = await ctx.api.round(round.id);
        const current = record.view as BlackjackView;
        const synced = {
          ...round,
          view: current,
          finished: current.finished,
          payout: record.payout,
          status: record.status,
        };
        setRound(synced);
        if (current.finished) finish(synced, 0);
        else setPhase('playing');
      } catch {
        setPhase('playing');
      }
      return;
    }
    setRound(answer);
    if (answer.view.finished) {
      const dealt =
        answer.view.dealer.cards.length -
        before.dealer.cards.length +
        answer.view.hands.reduce((sum, hand) => sum + hand.cards.length, 0) -
        before.hands.reduce((sum, hand) => sum + hand.cards.length, 0);
      finish(answer, dealt);
    } else {
      setPhase('playing');
      const active = answer.view.active ?? 0;
      announce(
        `${handLabel(t, answer.view.hands[active] ?? { total: 0, soft: false })}. ${t('blackjack.yourMove', { number: active + 1 })}`,
      );
    }
  };

  const playing = phase === 'playing';
  const activeHand = view && view.active !== null ? view.hands[view.active] : undefined;
  const extra = activeHand?.stake ?? 0;
  const canAfford = (action: BlackjackAction) =>
    action === 'hit' || action === 'stand' || ctx.balance === null || ctx.balance >= extra;

  useGameKeys(
    {
      space: () => (playing ? undefined : void deal()),
      enter: () => (playing ? undefined : void deal()),
      h: () => void act('hit'),
      s: () => void act('stand'),
      d: () => void act('double'),
      p: () => void act('split'),
    },
    true,
  );

  // Timing of the cards new in this render: the first deal alternates player and dealer; later the
  // player's cards come first, then the dealer's.
  const before = seen.current;
  const initial = before.dealer === 0 && before.hands.every((count) => count === 0);
  const newCounts = (view?.hands ?? []).map((hand, index) =>
    Math.max(0, hand.cards.length - (before.hands[index] ?? 0)),
  );
  const step = initial ? dealDelay * 2 : dealDelay;
  const handBase = (index: number) =>
    initial ? 0 : newCounts.slice(0, index).reduce((sum, n) => sum + n, 0) * dealDelay;
  const dealerBase = initial ? dealDelay : newCounts.reduce((sum, n) => sum + n, 0) * dealDelay;

  const results = showResults && view?.finished;
  const dealerTotal = view ? handLabel(t, view.dealer) : '';
  const dealerBust = results && view && view.dealer.total > 21;

  return (
    <div className="blackjack">
      <div className="felt">
        <p className="felt__rules">{t('blackjack.shoe')} · 3:2</p>
        <section className="bj-seat bj-seat--dealer" aria-label={t('blackjack.dealer')}>
          <h2 className="bj-seat__title">
            {t('blackjack.dealer')}
            {view ? <span className="bj-total">{dealerTotal}</span> : null}
          </h2>
          <CardRow
            cards={view?.dealer.cards ?? []}
            hidden={view?.dealer.holeCardHidden ?? false}
            seen={before.dealer}
            base={dealerBase}
            step={step}
            t={t}
            reducedMotion={reducedMotion}
          />
          {results && view?.dealer.blackjack ? (
            <p className="bj-flag">{t('blackjack.dealerBlackjack')}</p>
          ) : null}
          {dealerBust ? <p className="bj-flag">{t('blackjack.dealerBust')}</p> : null}
        </section>

        <section className="bj-seat bj-seat--player" aria-label={t('blackjack.player')}>
          <div className="bj-hands">
            {(view?.hands ?? []).map((hand, index) => {
              const active = view?.active === index && !view.finished;
              const result = results ? handResult(t, money, hand) : null;
              return (
                <div
                  // biome-ignore lint/suspicious/noArrayIndexKey: hands keep their places once split
                  key={index}
                  className={`bj-hand${active ? ' bj-hand--active' : ''}${result ? ` bj-hand--${hand.result}` : ''}`}
                  aria-current={active ? 'step' : undefined}
                >
                  <h3 className="bj-hand__title">
                    {view && view.hands.length > 1
                      ? t('blackjack.hand', { number: index + 1 })
                      : t('blackjack.player')}
                    <span className="bj-total">
                      {hand.busted
                        ? t('blackjack.bust')
                        : hand.blackjack
                          ? t('blackjack.blackjack')
                          : handLabel(t, hand)}
                    </span>
                  </h3>
                  <CardRow
                    cards={hand.cards}
                    hidden={false}
                    seen={before.hands[index] ?? 0}
                    base={handBase(index)}
                    step={step}
                    t={t}
                    reducedMotion={reducedMotion}
                  />
                  <p className="bj-hand__stake">
                    {t('stake.label')}: {money(hand.stake)}
                    {hand.doubled ? ` · ${t('blackjack.doubled')}` : ''}
                  </p>
                  {result ? <p className="bj-hand__result">{result}</p> : null}
                </div>
              );
            })}
          </div>
        </section>
        {resumed && playing ? <p className="studio-note">{t('blackjack.resumed')}</p> : null}
      </div>

      <div className="game-controls blackjack__controls">
        {playing || phase === 'acting' ? (
          <fieldset className="bj-actions">
            <legend className="visually-hidden">{t('blackjack.keys')}</legend>
            {(['hit', 'stand', 'double', 'split'] as const).map((action) => {
              const allowed = view?.actions.includes(action) ?? false;
              const affordable = canAfford(action);
              return (
                <button
                  key={action}
                  type="button"
                  className={`studio-button bj-action bj-action--${action}`}
                  disabled={!playing || !allowed || !affordable}
                  onClick={() => void act(action)}
                  aria-keyshortcuts={actionKeys[action].toUpperCase()}
                  title={
                    allowed && !affordable
                      ? t('blackjack.needMore', { action: t(`blackjack.${action}`) })
                      : allowed && (action === 'double' || action === 'split')
                        ? t('blackjack.extraStake', {
                            action: t(`blackjack.${action}`),
                            amount: money(extra),
                          })
                        : undefined
                  }
                >
                  <span>{t(`blackjack.${action}`)}</span>
                  {allowed && (action === 'double' || action === 'split') ? (
                    <small>+{money(extra)}</small>
                  ) : (
                    <small aria-hidden="true">{actionKeys[action].toUpperCase()}</small>
                  )}
                </button>
              );
            })}
          </fieldset>
        ) : (
          <>
            <StakeControl
              ctx={ctx}
              stake={stake}
              ladder={ladder}
              onChange={setStake}
              disabled={phase !== 'idle'}
            />
            <WinMeter
              ctx={ctx}
              amount={results ? (round?.payout ?? 0) : 0}
              label={t('play.win')}
              highlight={Boolean(results)}
            />
            <PlayButton
              ctx={ctx}
              label={t('blackjack.deal')}
              busyLabel={t('blackjack.deal')}
              busy={phase === 'dealing' || phase === 'settling'}
              disabled={phase !== 'idle' || (ctx.balance !== null && stake > ctx.balance)}
              onPlay={() => void deal()}
            />
          </>
        )}
        <p className="game-controls__hint">
          {touch
            ? playing
              ? t('blackjack.tapHint')
              : t('app.tapHint', { action: t('blackjack.deal') })
            : playing
              ? t('blackjack.keys')
              : t('app.keysHint')}
        </p>
      </div>
    </div>
  );
}

function CardRow({
  cards,
  hidden,
  seen,
  base,
  step,
  t,
  reducedMotion,
}: {
  cards: readonly CardView[];
  hidden: boolean;
  seen: number;
  /** When the first new card of the row arrives, and the time between new cards. */
  base: number;
  step: number;
  t: Translate;
  reducedMotion: boolean;
}) {
  const shown = hidden ? [...cards, null] : cards;
  return (
    <ol className="card-row">
      {shown.map((card, index) => (
        <DealtCard
          // A hidden card turning over gets a new key, so it animates as it is revealed.
          key={card ? `${index}-${card.rank}-${card.suit}` : `${index}-hidden`}
          card={card}
          delay={base + Math.max(0, index - seen) * step}
          t={t}
          reducedMotion={reducedMotion}
        />
      ))}
    </ol>
  );
}

function DealtCard({
  card,
  delay,
  t,
  reducedMotion,
}: {
  card: CardView | null;
  delay: number;
  t: Translate;
  reducedMotion: boolean;
}) {
  // The delay is fixed when the card arrives; later renders must not restart its animation.
  const [arrival] = useState(delay);
  return (
    <li
      className={`card-row__card${reducedMotion ? '' : ' card-row__card--deal'}${card === null ? ' card-row__card--hidden' : ''}`}
      style={{ '--deal-delay': `${arrival}ms` } as CSSProperties}
    >
      {card ? (
        <PlayingCard card={card} label={cardName(t, card)} />
      ) : (
        <PlayingCard faceDown label={t('blackjack.hidden')} />
      )}
    </li>
  );
}
