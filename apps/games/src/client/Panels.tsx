import { useEffect, useId, useRef, useState } from 'react';
import { classicSlotVariants } from '../math/classic-slot-variants.ts';
import { rouletteBetTypes, roulettePays } from '../math/roulette.ts';
import { paylines } from '../math/video-slot.ts';
import { videoSlotVariants } from '../math/video-slot-variants.ts';
import {
  type Fairness,
  type HistoryRound,
  isValidClientSeed,
  type RevealedSeed,
  type RoundRecord,
  randomClientSeed,
  StudioError,
  sha256Hex,
  type VerifyAnswer,
} from './api.ts';
import { ClassicSymbol, SlotSymbol } from './art.tsx';
import type { GameContext } from './context.ts';
import { rememberedStake } from './controls.tsx';
import type { MessageKey } from './i18n.ts';
import { formatTime } from './money.ts';
import { OutcomeSummary } from './OutcomeSummary.tsx';
import { describeProblem } from './problems.ts';
import { videoSymbolName } from './VideoSlot.tsx';
import { checkRound, type RoundCheck } from './verification.ts';

export type PanelTab = 'history' | 'fair' | 'rules';

interface PanelsProps {
  open: PanelTab | null;
  onChange: (tab: PanelTab | null) => void;
  context: GameContext;
  history: HistoryRound[];
  onHistory: (rounds: HistoryRound[]) => void;
  fairness: Fairness;
  onFairness: (fairness: Fairness) => void;
  roundInPlay: boolean;
}

/** The side panel: last rounds (and verifying one), the provably fair seeds, the rules. */
export function Panels(props: PanelsProps) {
  const { open, onChange, context } = props;
  const { t } = context;
  const dialog = useRef<HTMLDialogElement>(null);
  const [verifying, setVerifying] = useState<HistoryRound | null>(null);
  const titleId = useId();

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (open && !element.open) {
      if (typeof element.showModal === 'function') element.showModal();
      else element.setAttribute('open', '');
    }
    if (!open && element.open) element.close();
  }, [open]);

  const tabs: { id: PanelTab; label: string }[] = [
    { id: 'history', label: t('tabs.history') },
    { id: 'fair', label: t('tabs.fair') },
    { id: 'rules', label: t('tabs.rules') },
  ];

  // Escape closes the dialog natively; a click on the backdrop (the dialog itself) closes it too.
  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: the keyboard way out is Escape, built into dialog
    <dialog
      ref={dialog}
      className="panel"
      aria-labelledby={titleId}
      onClose={() => {
        onChange(null);
        setVerifying(null);
      }}
      onClick={(event) => {
        if (event.target === event.currentTarget) dialog.current?.close();
      }}
    >
      <div className="panel__inner">
        <header className="panel__head">
          <h2 id={titleId} className="visually-hidden">
            {tabs.find((tab) => tab.id === open)?.label}
          </h2>
          <div className="panel__tabs" role="tablist">
            {tabs.map((tab) => (
              <button
                key={tab.id}
                type="button"
                role="tab"
                aria-selected={open === tab.id}
                className="panel__tab"
                onClick={() => {
                  onChange(tab.id);
                  setVerifying(null);
                }}
              >
                {tab.label}
              </button>
            ))}
          </div>
          <button
            type="button"
            className="studio-icon-button"
            onClick={() => dialog.current?.close()}
            aria-label={t('tabs.close')}
          >
            <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
              <path d="M6 6 L18 18 M18 6 L6 18" />
            </svg>
          </button>
        </header>
        <div className="panel__body" role="tabpanel">
          {open === 'history' && !verifying ? <HistoryPanel {...props} onVerify={setVerifying} /> : null}
          {open === 'history' && verifying ? (
            <VerifyPanel {...props} round={verifying} onBack={() => setVerifying(null)} />
          ) : null}
          {open === 'fair' ? <FairPanel {...props} /> : null}
          {open === 'rules' ? <RulesPanel context={context} /> : null}
        </div>
      </div>
    </dialog>
  );
}

function HistoryPanel({
  context,
  history,
  onHistory,
  onVerify,
}: PanelsProps & { onVerify: (round: HistoryRound) => void }) {
  const { t, money, lang, api } = context;
  const [loading, setLoading] = useState(false);
  const refresh = () => {
    setLoading(true);
    api
      .history()
      .then(onHistory)
      .catch(() => {})
      .finally(() => setLoading(false));
  };
  // biome-ignore lint/correctness/useExhaustiveDependencies: refresh once when the panel opens
  useEffect(refresh, []);
  return (
    <section>
      <div className="panel__row">
        <h3>{t('history.title')}</h3>
        <button
          type="button"
          className="studio-button studio-button--small"
          onClick={refresh}
          disabled={loading}
        >
          {t('history.refresh')}
        </button>
      </div>
      {history.length === 0 ? (
        <p className="panel__empty">{loading ? t('history.loading') : t('history.empty')}</p>
      ) : (
        <ol className="round-list" aria-label={t('history.title')}>
          {history.map((round) => {
            const won = (round.payout ?? 0) > 0 && round.status === 'closed';
            return (
              <li key={round.id} className={`round-list__item round-list__item--${round.status}`}>
                <p className="round-list__when">
                  {formatTime(round.createdAt, lang)}
                  <small>{t(`history.status.${round.status}` as MessageKey)}</small>
                </p>
                <dl className="round-list__money">
                  <div>
                    <dt>{t('history.stake')}</dt>
                    <dd>{round.status === 'refused' ? '–' : money(round.stake)}</dd>
                  </div>
                  <div>
                    <dt>{t('history.paid')}</dt>
                    <dd className={won ? 'round-list__won' : undefined}>
                      {round.status === 'closed' ? money(round.payout ?? 0) : '–'}
                    </dd>
                  </div>
                </dl>
                {round.status === 'closed' ? (
                  <button
                    type="button"
                    className="studio-button studio-button--small round-list__verify"
                    onClick={() => onVerify(round)}
                    aria-label={t('history.verifyRound', { nonce: round.nonce })}
                  >
                    {t('history.verify')}
                  </button>
                ) : null}
              </li>
            );
          })}
        </ol>
      )}
    </section>
  );
}

type VerifyState =
  | { step: 'loading' }
  | { step: 'hidden'; record: RoundRecord }
  | { step: 'unfinished' | 'refused'; record: RoundRecord }
  | {
      step: 'done';
      record: RoundRecord;
      answer: VerifyAnswer;
      check: RoundCheck;
      browserHash: string;
      committedHash: string | null;
    }
  | { step: 'failed'; message: string };

function VerifyPanel({
  context,
  round,
  onBack,
  fairness,
  onFairness,
  roundInPlay,
}: PanelsProps & { round: HistoryRound; onBack: () => void }) {
  const { t, money, lang, api, session } = context;
  const [state, setState] = useState<VerifyState>({ step: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const [rotating, setRotating] = useState(false);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` asks for a new run after a seed change
  useEffect(() => {
    let cancelled = false;
    const run = async () => {
      setState({ step: 'loading' });
      try {
        const record = await api.round(round.id);
        if (record.status === 'open') return !cancelled && setState({ step: 'unfinished', record });
        if (record.status === 'refused') return !cancelled && setState({ step: 'refused', record });
        if (!record.server_seed) return !cancelled && setState({ step: 'hidden', record });
        const [answer, browserHash, revealed] = await Promise.all([
          api.verify({
            game: record.game,
            server_seed: record.server_seed,
            client_seed: record.client_seed,
            nonce: record.nonce,
            bet: record.bet,
            actions: record.actions,
          }),
          sha256Hex(record.server_seed),
          api.revealedSeeds().catch(() => [] as RevealedSeed[]),
        ]);
        const committed = revealed.find((seed) => seed.id === round.seedId)?.server_seed_hash ?? null;
        if (!cancelled) {
          setState({
            step: 'done',
            record,
            answer,
            check: checkRound(record, answer),
            browserHash,
            committedHash: committed,
          });
        }
      } catch (error) {
        if (cancelled) return;
        const message =
          error instanceof StudioError
            ? describeProblem(error, { t, mode: session.mode, stakeRange: { min: '', max: '' } }).message
            : t('verify.failed');
        setState({ step: 'failed', message });
      }
    };
    void run();
    return () => {
      cancelled = true;
    };
  }, [api, round, attempt, t, session.mode]);

  const rotate = async () => {
    setRotating(true);
    try {
      const rotated = await api.rotateSeed(fairness.client_seed);
      onFairness(rotated.fairness);
      setAttempt((count) => count + 1);
    } catch {
      setState({ step: 'failed', message: t('verify.failed') });
    } finally {
      setRotating(false);
    }
  };

  const symbolName =
    session.title.engine === 'video-slot'
      ? (symbol: string) => videoSymbolName(t, symbol, session.title.theme.symbol)
      : (symbol: string) => {
          const key = `symbol.${symbol}` as MessageKey;
          return t(key);
        };

  return (
    <section className="verify" aria-busy={state.step === 'loading'}>
      <button type="button" className="studio-button studio-button--small" onClick={onBack}>
        ← {t('verify.back')}
      </button>
      <h3>{t('verify.title')}</h3>
      <dl className="verify__facts">
        <dt>{t('verify.round')}</dt>
        <dd className="mono">{round.id}</dd>
        <dt>{t('verify.played')}</dt>
        <dd>{formatTime(round.createdAt, lang)}</dd>
      </dl>
      {state.step === 'loading' ? <p role="status">{t('verify.loading')}</p> : null}
      {state.step === 'failed' ? (
        <p className="verify__verdict verify__verdict--bad" role="alert">
          {state.message}
        </p>
      ) : null}
      {state.step === 'unfinished' ? <p>{t('verify.unfinished')}</p> : null}
      {state.step === 'refused' ? <p>{t('verify.refused')}</p> : null}
      {state.step === 'hidden' ? (
        <div className="verify__hidden">
          <p>{t('verify.notRevealed')}</p>
          {roundInPlay ? <p className="studio-note">{t('fair.openRound')}</p> : null}
          <button
            type="button"
            className="studio-button studio-button--primary"
            onClick={() => void rotate()}
            disabled={rotating || roundInPlay}
          >
            {rotating ? t('fair.saving') : t('verify.rotateAndVerify')}
          </button>
        </div>
      ) : null}
      {state.step === 'done' ? (
        <>
          <p
            className={`verify__verdict verify__verdict--${state.check.matches ? 'good' : 'bad'}`}
            role="status"
          >
            {state.check.matches
              ? `✓ ${t('verify.match')}`
              : `✗ ${t('verify.mismatch', { id: state.record.id })}`}
          </p>
          {state.committedHash ? (
            <p
              className={`verify__verdict verify__verdict--${state.committedHash === state.browserHash ? 'good' : 'bad'}`}
            >
              {state.committedHash === state.browserHash
                ? `✓ ${t('verify.hashMatch')}`
                : `✗ ${t('verify.hashMismatch')}`}
            </p>
          ) : null}
          <dl className="verify__facts">
            <dt>{t('verify.serverSeed')}</dt>
            <dd className="mono">{state.record.server_seed}</dd>
            <dt>{t('verify.hashBrowser')}</dt>
            <dd className="mono">{state.browserHash}</dd>
            {state.committedHash ? (
              <>
                <dt>{t('verify.hashCommitted')}</dt>
                <dd className="mono">{state.committedHash}</dd>
              </>
            ) : null}
            <dt>{t('verify.clientSeed')}</dt>
            <dd className="mono">{state.record.client_seed}</dd>
            <dt>{t('verify.nonce')}</dt>
            <dd className="mono">{state.record.nonce}</dd>
            <dt>{t('verify.bet')}</dt>
            <dd>
              <code className="mono">{JSON.stringify(state.record.bet)}</code>
            </dd>
            {state.record.actions.length > 0 ? (
              <>
                <dt>{t('verify.actions')}</dt>
                <dd className="mono">{state.record.actions.join(', ')}</dd>
              </>
            ) : null}
            <dt>{t('verify.payout')}</dt>
            <dd>
              {t('verify.recorded')}: {money(state.record.payout ?? 0)} · {t('verify.recomputed')}:{' '}
              {money(state.answer.payout ?? 0)}
            </dd>
          </dl>
          <h4>{t('verify.recomputed')}</h4>
          <OutcomeSummary view={state.answer.view} t={t} money={money} symbolName={symbolName} />
        </>
      ) : null}
      <p className="panel__scheme">{t('fair.scheme')}</p>
    </section>
  );
}

function FairPanel({ context, fairness, onFairness, roundInPlay }: PanelsProps) {
  const { t, api } = context;
  const [seed, setSeed] = useState(fairness.client_seed);
  const [saving, setSaving] = useState(false);
  const [revealed, setRevealed] = useState<RevealedSeed | null>(null);
  const [list, setList] = useState<RevealedSeed[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const inputId = useId();
  const valid = isValidClientSeed(seed);

  useEffect(() => {
    api
      .revealedSeeds()
      .then(setList)
      .catch(() => setList([]));
  }, [api]);

  const save = async () => {
    if (!valid || saving || roundInPlay) return;
    setSaving(true);
    setError(null);
    try {
      const rotated = await api.rotateSeed(seed);
      onFairness(rotated.fairness);
      setRevealed(rotated.revealed);
      setList((current) => (rotated.revealed ? [rotated.revealed, ...(current ?? [])] : current));
    } catch (caught) {
      setError(
        caught instanceof StudioError && caught.field === 'client_seed'
          ? t('fair.invalidSeed')
          : caught instanceof StudioError
            ? describeProblem(caught, { t, mode: context.session.mode, stakeRange: { min: '', max: '' } })
                .message
            : t('error.server'),
      );
    } finally {
      setSaving(false);
    }
  };

  return (
    <section className="fair">
      <h3>{t('fair.title')}</h3>
      <p>{t('fair.intro')}</p>
      <dl className="verify__facts">
        <dt>{t('fair.serverHash')}</dt>
        <dd className="mono" data-testid="server-seed-hash">
          {fairness.server_seed_hash}
        </dd>
        <dt>{t('fair.nonce')}</dt>
        <dd className="mono">{fairness.nonce}</dd>
      </dl>
      <form
        className="fair__form"
        onSubmit={(event) => {
          event.preventDefault();
          void save();
        }}
      >
        <label htmlFor={inputId}>{t('fair.clientSeed')}</label>
        <div className="fair__row">
          <input
            id={inputId}
            className="mono"
            value={seed}
            maxLength={64}
            spellCheck={false}
            autoComplete="off"
            aria-invalid={!valid}
            aria-describedby={`${inputId}-help`}
            onChange={(event) => setSeed(event.target.value)}
          />
          <button
            type="button"
            className="studio-button studio-button--small"
            onClick={() => setSeed(randomClientSeed())}
          >
            {t('fair.newSeed')}
          </button>
        </div>
        <p id={`${inputId}-help`} className={valid ? 'panel__help' : 'panel__help panel__help--bad'}>
          {roundInPlay ? t('fair.openRound') : t('fair.invalidSeed')}
        </p>
        <button
          type="submit"
          className="studio-button studio-button--primary"
          disabled={!valid || saving || roundInPlay}
        >
          {saving ? t('fair.saving') : t('fair.save')}
        </button>
      </form>
      {error ? (
        <p className="verify__verdict verify__verdict--bad" role="alert">
          {error}
        </p>
      ) : null}
      {revealed ? (
        <div className="fair__revealed" role="status">
          <p>{t('fair.rotated')}</p>
          <RevealedFacts seed={revealed} context={context} />
        </div>
      ) : null}
      <h4>{t('fair.revealedTitle')}</h4>
      {list === null ? null : list.length === 0 ? (
        <p className="panel__empty">{t('fair.revealedEmpty')}</p>
      ) : (
        <ul className="fair__list">
          {list.map((item) => (
            <li key={item.id}>
              <RevealedFacts seed={item} context={context} />
            </li>
          ))}
        </ul>
      )}
      <p className="panel__scheme">{t('fair.scheme')}</p>
    </section>
  );
}

function RevealedFacts({ seed, context }: { seed: RevealedSeed; context: GameContext }) {
  const { t, lang } = context;
  return (
    <dl className="verify__facts">
      <dt>{t('verify.serverSeed')}</dt>
      <dd className="mono">{seed.server_seed}</dd>
      <dt>{t('fair.serverHash')}</dt>
      <dd className="mono">{seed.server_seed_hash}</dd>
      <dt>{t('fair.clientSeed')}</dt>
      <dd className="mono">{seed.client_seed}</dd>
      <dt>{t('tabs.history')}</dt>
      <dd>
        {t('fair.roundsPlayed', { count: seed.rounds })}
        {seed.revealed_at ? ` · ${formatTime(seed.revealed_at, lang)}` : ''}
      </dd>
    </dl>
  );
}

function RulesPanel({ context }: { context: GameContext }) {
  const { t, money, session } = context;
  const { title } = session;
  return (
    <section className="rules">
      <h3>{t('rules.title')}</h3>
      <dl className="verify__facts">
        <dt>{t('rules.rtp')}</dt>
        <dd>{title.rtp.toLocaleString(context.lang === 'el' ? 'el-GR' : 'en-GB')} %</dd>
        <dt>{t('rules.volatility')}</dt>
        <dd>{t(`rules.volatility.${title.volatility}`)}</dd>
        {title.lines ? (
          <>
            <dt>{t('rules.lines')}</dt>
            <dd>{title.lines}</dd>
          </>
        ) : null}
        <dt>{t('rules.limits')}</dt>
        <dd>
          {money(title.min_bet)} – {money(title.max_bet)}
        </dd>
      </dl>
      <p className="panel__help">{t('rules.rtpNote')}</p>
      {title.engine === 'video-slot' ? <VideoSlotRules context={context} /> : null}
      {title.engine === 'classic-slot' ? <ClassicSlotRules context={context} /> : null}
      {title.engine === 'roulette' ? (
        <>
          <p>{t('rules.roulette')}</p>
          <table className="pay-table">
            <tbody>
              {rouletteBetTypes.map((type) => (
                <tr key={type}>
                  <th scope="row">
                    {t(
                      (['red', 'black', 'even', 'odd', 'low', 'high'].includes(type)
                        ? `roulette.bet.${type}`
                        : `roulette.name.${type}`) as MessageKey,
                    )}
                  </th>
                  <td>{t('roulette.pays', { pays: roulettePays[type] })}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </>
      ) : null}
      {title.engine === 'blackjack' ? <p>{t('rules.blackjack')}</p> : null}
      {title.engine === 'dice' ? <p>{t('rules.dice')}</p> : null}
    </section>
  );
}

function VideoSlotRules({ context }: { context: GameContext }) {
  const { t, money, session } = context;
  const variant = videoSlotVariants[session.title.variant];
  if (!variant) return null;
  const lineBet = Math.max(
    1,
    Math.floor(rememberedStake(session.title.id, context.stakeRules) / variant.lines),
  );
  const palette = { accent: session.title.theme.accent, background: session.title.theme.background };
  const emblem = session.title.theme.symbol;
  const symbols = Object.entries(variant.pays) as [string, readonly number[]][];
  const { awards, multiplier, maxSpins } = variant.freeSpins;
  return (
    <>
      <p>{t('rules.linePays')}</p>
      <h4>{t('rules.paytable')}</h4>
      <p className="panel__help">{t('stake.perLine', { amount: money(lineBet), lines: variant.lines })}</p>
      <table className="pay-table">
        <thead>
          <tr>
            <th scope="col">{t('rules.symbol')}</th>
            {[5, 4, 3, 2].map((count) => (
              <th key={count} scope="col">
                ×{count}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {symbols.map(([symbol, pays]) => (
            <tr key={symbol}>
              <th scope="row" className="pay-table__symbol">
                <span className="pay-table__art">
                  <SlotSymbol symbol={symbol} palette={palette} emblem={emblem} />
                </span>
                {videoSymbolName(t, symbol, emblem)}
              </th>
              {[5, 4, 3, 2].map((count) => (
                <td key={count}>{(pays[count] ?? 0) > 0 ? money((pays[count] ?? 0) * lineBet) : '–'}</td>
              ))}
            </tr>
          ))}
          <tr>
            <th scope="row" className="pay-table__symbol">
              <span className="pay-table__art">
                <SlotSymbol symbol="scatter" palette={palette} emblem={emblem} />
              </span>
              {t('symbol.scatter')}
            </th>
            {[5, 4, 3, 2].map((count) => (
              <td key={count}>
                {(variant.scatterPays[count] ?? 0) > 0
                  ? money((variant.scatterPays[count] ?? 0) * lineBet * variant.lines)
                  : '–'}
              </td>
            ))}
          </tr>
        </tbody>
      </table>
      <p>{t('rules.scatterPays')}</p>
      <p>
        {t('rules.freeSpins', {
          three: awards[3] ?? 0,
          four: awards[4] ?? 0,
          five: awards[5] ?? 0,
          max: maxSpins,
          multiplier,
        })}
      </p>
      <h4>{t('rules.lines')}</h4>
      <ol className="payline-list">
        {paylines.slice(0, variant.lines).map((rows, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: paylines are numbered by their place
          <li key={index}>
            <svg viewBox="0 0 50 30" aria-label={`${index + 1}`} role="img">
              {rows.map((row, reel) =>
                [0, 1, 2].map((cell) => (
                  <rect
                    // biome-ignore lint/suspicious/noArrayIndexKey: grid cells
                    key={`${reel}-${cell}`}
                    x={reel * 10 + 1}
                    y={cell * 10 + 1}
                    width="8"
                    height="8"
                    className={cell === row ? 'payline-list__on' : 'payline-list__off'}
                  />
                )),
              )}
            </svg>
            <span>{index + 1}</span>
          </li>
        ))}
      </ol>
    </>
  );
}

function ClassicSlotRules({ context }: { context: GameContext }) {
  const { t, money, session } = context;
  const variant = classicSlotVariants[session.title.variant];
  if (!variant) return null;
  const lineBet = Math.max(
    1,
    Math.floor(rememberedStake(session.title.id, context.stakeRules) / variant.lines.length),
  );
  const rows: [string, number, string][] = [
    ['seven', variant.pays.seven, '3'],
    ['triple-bar', variant.pays['triple-bar'], '3'],
    ['double-bar', variant.pays['double-bar'], '3'],
    ['bar', variant.pays.bar, '3'],
    ['any-bar', variant.pays.anyBar, '3'],
    ...variant.pays.cherries
      .flatMap((pay, count): [string, number, string][] => (pay > 0 ? [['cherry', pay, String(count)]] : []))
      .reverse(),
  ];
  return (
    <>
      <p>{t('rules.classic')}</p>
      <h4>{t('rules.paytable')}</h4>
      <p className="panel__help">
        {t('stake.perLine', { amount: money(lineBet), lines: variant.lines.length })}
      </p>
      <table className="pay-table">
        <tbody>
          {rows.map(([symbol, pay, count]) => (
            <tr key={`${symbol}-${count}`}>
              <th scope="row" className="pay-table__symbol">
                {symbol !== 'any-bar' ? (
                  <span className="pay-table__art">
                    <ClassicSymbol symbol={symbol} />
                  </span>
                ) : null}
                {count} × {t(`symbol.${symbol}` as MessageKey)}
              </th>
              <td>{money(pay * lineBet)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </>
  );
}
