import { localizePath } from '@chrysos/rules';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { Link, useFetcher } from 'react-router';
import { describeProblem, formatMoment, problemsOf } from '../../lib/api-errors';
import { useTranslation } from '../../lib/i18n';
import { useModals } from '../../modals/ModalProvider';
import { useWallet } from '../cashier/WalletProvider';
import { isLoggedIn, usePlayer, usePlayerSession } from '../player/player-session';
import { verifyPath, type WheelContent, type WheelSpin } from './api';
import type { SpinResult } from './spin-action.server';
import { type LoadedWheel, useWheel } from './use-wheel';
import { turnTo, WheelDisc } from './WheelDisc';

/** What the Prize modal shows of a spin: the spin and the label of the sector it landed on. */
export interface WheelPrizeData {
  wheelSpin: WheelSpin;
  label: string;
}

const reducedMotion = () =>
  typeof window !== 'undefined' && window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;

function newKey(): string {
  return typeof crypto !== 'undefined' && 'randomUUID' in crypto
    ? crypto.randomUUID()
    : `${Date.now()}-${Math.random().toString(36).slice(2)}`;
}

/**
 * The wheel and what the visitor can do with it: a visitor is asked to sign up; a player sees whether
 * today's spin is earned (with the committed seed's hash), how to earn it (a deposit with the code), or
 * when the next one can be. A spin turns the wheel to the sector the server drew, then opens the Prize
 * modal with the prize and the revealed seed.
 */
export function WheelSpinner({
  content,
  spinText,
  depositText,
  intro,
  loaded,
  spinKey,
  posted,
}: {
  content: WheelContent;
  spinText: string;
  depositText: string;
  /** What to say above the wheel, by whether today's spin is ready (the modal's words need it). */
  intro?: (ready: boolean) => React.ReactNode;
  /** The wheel as the page's loader read it; without it (the modal) the spinner reads it itself. */
  loaded?: LoadedWheel;
  /** The key of the next spin, read with the page (the form's, without JavaScript). */
  spinKey?: string | undefined;
  /** The action's answer to a spin posted without JavaScript, which the page was rendered with. */
  posted?: SpinResult | undefined;
}) {
  const { t, locale } = useTranslation();
  const session = usePlayerSession();
  const player = usePlayer();
  const wallet = useWallet();
  const { open } = useModals();
  const { state, reload } = useWheel(player?.id ?? null, loaded);
  const [rotation, setRotation] = useState(0);
  const [spinning, setSpinning] = useState(false);
  const [landed, setLanded] = useState<number | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [clientSeed, setClientSeed] = useState('');
  const pending = useRef<WheelPrizeData | null>(null);
  // The spin posts to the wheel page's action, from the page or from the modal over any page.
  const fetcher = useFetcher<SpinResult>();
  const action = localizePath('/wheel-of-fortune', locale);
  // A refused key is spent: the action's answer names the next one.
  const nextKey = posted && !posted.ok ? posted.key : spinKey;
  const keyRef = useRef<string | null>(null);
  const count = content.sectors.length;
  const refusal = (answer: Extract<SpinResult, { ok: false }>) => {
    if (answer.field) return t('wheel.seed.invalid');
    const [first] = problemsOf(answer.refusal);
    return first
      ? describeProblem(t, first, {
          money: (cents) => wallet.money(cents, state.status === 'ready' ? state.data.currency : 'EUR'),
          locale,
        })
      : t('wheel.spinFailed');
  };
  const shown = problem ?? (posted && !posted.ok ? refusal(posted) : null);

  // The wheel shows where the last spin stopped.
  const last = state.status === 'ready' ? state.data.last_spin : null;
  useEffect(() => {
    if (last && !spinning && landed === null) {
      setRotation(turnTo(0, last.sector, count, 0));
      setLanded(last.sector);
    }
  }, [last, spinning, landed, count]);

  const finish = () => {
    const prize = pending.current;
    pending.current = null;
    setSpinning(false);
    if (prize) open('Prize', prize);
    reload();
  };

  const spin = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setProblem(null);
    const seed = clientSeed.trim();
    if (seed && !/^[\x21-\x7e]{1,64}$/.test(seed)) {
      setProblem(t('wheel.seed.invalid'));
      return;
    }
    keyRef.current ??= nextKey ?? newKey();
    setSpinning(true);
    void fetcher.submit(
      { idempotency_key: keyRef.current, ...(seed ? { client_seed: seed } : {}) },
      { method: 'post', action },
    );
  };

  // The action's answer, once each: the wheel turns to the drawn sector, or the refusal is said.
  const answered = useRef<(answer: SpinResult) => (() => void) | undefined>(() => undefined);
  answered.current = (answer) => {
    if (!answer.ok) {
      setSpinning(false);
      setProblem(refusal(answer));
      // A refusal is final for its key; a lost answer keeps it, so trying again is the same spin.
      keyRef.current = answer.key;
      reload();
      return undefined;
    }
    keyRef.current = null;
    const spun = answer.spin;
    pending.current = { wheelSpin: spun, label: content.sectors[spun.sector] ?? '' };
    setLanded(spun.sector);
    setRotation((from) => turnTo(from, spun.sector, count, reducedMotion() ? 1 : 6));
    // The rotor's transition ends the spin; without motion (or a missed event) a timer does.
    const timer = window.setTimeout(
      () => {
        if (pending.current) finish();
      },
      reducedMotion() ? 400 : 5_500,
    );
    return () => window.clearTimeout(timer);
  };
  useEffect(() => (fetcher.data ? answered.current(fetcher.data) : undefined), [fetcher.data]);

  let controls: React.ReactNode;
  if (!isLoggedIn(session)) {
    controls = (
      <div className="wheel__cta" data-wheel-visitor>
        <p>{t('wheel.visitor.text', { amount: `€${content.minDepSpin}`, code: content.promoCode })}</p>
        <button type="button" className="button button--primary" onClick={() => open('Register')}>
          {t('wheel.visitor.signUp')}
        </button>
        <button type="button" className="button button--ghost" onClick={() => open('Login')}>
          {t('wheel.visitor.signIn')}
        </button>
      </div>
    );
  } else if (state.status !== 'ready') {
    controls =
      state.status === 'failed' ? (
        <p className="notice" role="alert">
          {t('wheel.loadFailed')}
        </p>
      ) : (
        <p className="wheel__status">{t('wheel.loading')}</p>
      );
  } else if (state.data.can_spin || spinning) {
    controls = (
      <fetcher.Form method="post" action={action} className="wheel__cta" onSubmit={spin} data-wheel-ready>
        <input type="hidden" name="idempotency_key" value={nextKey ?? ''} />
        <button
          type="submit"
          className="button button--primary wheel__spin"
          disabled={spinning}
          data-wheel-spin
        >
          {spinning ? t('wheel.spinning') : spinText}
        </button>
        <details className="wheel__seed">
          <summary>{t('wheel.seed.summary')}</summary>
          <div className="field">
            <label htmlFor="wheel-client-seed">{t('wheel.seed.label')}</label>
            <input
              id="wheel-client-seed"
              name="client_seed"
              value={clientSeed}
              onChange={(event) => setClientSeed(event.target.value)}
              maxLength={64}
              spellCheck={false}
              autoComplete="off"
              disabled={spinning}
            />
            <span className="wheel__seed-help">{t('wheel.seed.help')}</span>
          </div>
        </details>
        {state.data.seed_hash ? (
          <p className="wheel__commitment">
            {t('wheel.commitment', { nonce: state.data.nonce ?? 0 })}{' '}
            <code data-wheel-seed-hash>{state.data.seed_hash}</code>
          </p>
        ) : null}
      </fetcher.Form>
    );
  } else if (state.data.reason === 'spun_today') {
    controls = (
      <div className="wheel__cta" data-wheel-spun>
        <p>
          {t('wheel.spunToday', {
            time: state.data.next_spin_at ? formatMoment(state.data.next_spin_at, locale) : '',
          })}
        </p>
      </div>
    );
  } else {
    const minimum = wallet.money(state.data.min_deposit_cents, state.data.currency);
    controls = (
      <div className="wheel__cta" data-wheel-deposit>
        <p>{depositText}</p>
        <p>{t('wheel.howToEarn', { amount: minimum, code: state.data.promo_code })}</p>
        <button
          type="button"
          className="button button--primary"
          onClick={() => open('CashierAuth', { tab: 'deposit' })}
        >
          {t('wheel.deposit')}
        </button>
      </div>
    );
  }

  const ready = state.status === 'ready' && (state.data.can_spin || spinning) && isLoggedIn(session);
  return (
    <div className="wheel">
      {intro?.(ready)}
      <WheelDisc
        sectors={content.sectors}
        noWinSector={content.noWinSector}
        secretSector={content.secretSector}
        rotation={rotation}
        spinning={spinning}
        landed={landed}
        onTurned={() => {
          if (pending.current) finish();
        }}
      />
      {controls}
      {shown ? (
        <p className="notice notice--error" role="alert" data-wheel-problem>
          {shown}
        </p>
      ) : null}
      {last && !spinning ? (
        <p className="wheel__last">
          {t('wheel.lastSpin', { label: content.sectors[last.sector] ?? '' })}{' '}
          <Link to={localizePath(verifyPath(last), locale)}>{t('wheel.howFair')}</Link>
        </p>
      ) : null}
    </div>
  );
}
