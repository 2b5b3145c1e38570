import type { SessionSummary } from '@chrysos/contract';
import { endpoints } from '@chrysos/contract/client';
import { localizePath } from '@chrysos/rules';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { api } from '../../../lib/api';
import { useTranslation } from '../../../lib/i18n';
import { readJson, removeKey, writeJson } from '../../../lib/storage';
import { useSignOut } from '../../account/sign-out';
import { useWallet } from '../../cashier/WalletProvider';
import {
  acknowledge,
  count,
  hoursAndMinutes,
  isDue,
  type RealityCheckState,
  realityCheckKey,
  sessionOf,
} from './reality-check-timer';
import { reminderNote } from './reminder-note';
import '../../../styles/reality-check.css';

/** How often a visible tab adds its time to the session and looks whether the check is due. */
const tickMs = 1_000;

/**
 * The reality check (spec §1, §4, §6; decision 24), for a signed-in player under a licence that asks for
 * it (or a deployment that turns it on): the session timer of reality-check-timer.ts, run while a tab is
 * visible and paused while none is, and at each interval a dialog with the session's length and what was
 * staked and won in it, to continue, see the history or sign out. Mounted by the root for players only.
 */
export function RealityCheck({
  licence,
  minutes,
  player,
}: {
  licence: string;
  minutes: number;
  player: string;
}) {
  const intervalMs = minutes * 60_000;
  const key = realityCheckKey(licence);
  const [session, setSession] = useState<RealityCheckState | null>(null);

  const load = useCallback(
    () => sessionOf(readJson(key), player, Date.now(), intervalMs),
    [key, player, intervalMs],
  );

  useEffect(() => {
    let visibleSince: number | null = document.visibilityState === 'visible' ? Date.now() : null;
    const tick = () => {
      let state = load();
      if (visibleSince !== null) {
        const now = Date.now();
        state = count(state, visibleSince, now);
        visibleSince = now;
      }
      writeJson(key, state);
      setSession(state);
    };
    const onVisibility = () => {
      if (document.visibilityState === 'visible') {
        visibleSince = Date.now();
        tick();
      } else {
        // What ran up to now counts; from here the tab stops counting until it is visible again.
        tick();
        visibleSince = null;
      }
    };
    // Another tab answered the check (or signed out): follow what it stored.
    const onStorage = (event: StorageEvent) => {
      if (event.key === key) setSession(load());
    };
    tick();
    const timer = window.setInterval(tick, tickMs);
    document.addEventListener('visibilitychange', onVisibility);
    window.addEventListener('storage', onStorage);
    window.addEventListener('pagehide', tick);
    return () => {
      window.clearInterval(timer);
      document.removeEventListener('visibilitychange', onVisibility);
      window.removeEventListener('storage', onStorage);
      window.removeEventListener('pagehide', tick);
    };
  }, [key, load]);

  // The root unmounts the check only when the player signs out (here or because the session ended): the
  // session ends with it, so the next sign-in starts a new one.
  useEffect(() => () => removeKey(key), [key]);

  const answer = useCallback(() => {
    const state = acknowledge(load(), intervalMs);
    writeJson(key, state);
    setSession(state);
  }, [key, load, intervalMs]);

  if (!session || !isDue(session)) return null;
  return (
    <RealityCheckDialog session={session} minutes={minutes} onAnswer={answer} forget={() => removeKey(key)} />
  );
}

function RealityCheckDialog({
  session,
  minutes,
  onAnswer,
  forget,
}: {
  session: RealityCheckState;
  minutes: number;
  onAnswer: () => void;
  forget: () => void;
}) {
  const { t, locale } = useTranslation();
  const wallet = useWallet();
  const navigate = useNavigate();
  const signOut = useSignOut();
  const [summary, setSummary] = useState<SessionSummary | 'loading' | 'failed'>('loading');
  const continueButton = useRef<HTMLButtonElement>(null);
  const since = new Date(session.startedAt).toISOString();

  useEffect(() => {
    continueButton.current?.focus();
    let current = true;
    api(endpoints.realityCheck.sessionSummary, { query: { since } })
      .then((answer) => current && setSummary(answer.ok ? answer.body : 'failed'))
      .catch(() => current && setSummary('failed'));
    return () => {
      current = false;
    };
  }, [since]);

  const { hours, minutes: restMinutes } = hoursAndMinutes(session.elapsedMs);
  const duration =
    hours > 0
      ? t('realityCheck.hoursMinutes', { hours, minutes: restMinutes })
      : t('realityCheck.minutes', { minutes: restMinutes });

  return (
    <div className="modal reality-check" style={{ zIndex: 300 }} data-modal="RealityCheck">
      <div className="modal__backdrop" aria-hidden="true" />
      <div
        className="modal__panel"
        role="alertdialog"
        aria-modal="true"
        aria-labelledby="reality-check-title"
        aria-describedby="reality-check-duration"
      >
        <header className="modal__header">
          <h2 id="reality-check-title">{t('realityCheck.title')}</h2>
        </header>
        <div className="modal__body">
          <p id="reality-check-duration" data-testid="reality-check-duration">
            {t('realityCheck.playing', { duration })}
          </p>
          {summary === 'loading' ? (
            <p>{t('realityCheck.loading')}</p>
          ) : summary === 'failed' ? (
            <p role="alert">{t('realityCheck.failed')}</p>
          ) : summary.currencies.length === 0 ? (
            <p data-testid="reality-check-money">{t('realityCheck.noBets')}</p>
          ) : (
            <dl className="reality-check__money" data-testid="reality-check-money">
              {summary.currencies.map((line) => (
                <div key={line.currency}>
                  <dt>{t('realityCheck.wagered')}</dt>
                  <dd>{wallet.money(line.wagered_cents, line.currency)}</dd>
                  <dt>{t('realityCheck.won')}</dt>
                  <dd>{wallet.money(line.won_cents, line.currency)}</dd>
                  <dt>{t('realityCheck.net')}</dt>
                  <dd data-net={line.won_cents - line.wagered_cents}>
                    {wallet.money(line.won_cents - line.wagered_cents, line.currency, { signed: true })}
                  </dd>
                </div>
              ))}
            </dl>
          )}
          <p className="reality-check__note">{reminderNote(t, locale, minutes)}</p>
          <div className="reality-check__actions">
            <button ref={continueButton} type="button" className="button button--primary" onClick={onAnswer}>
              {t('realityCheck.continue')}
            </button>
            <button
              type="button"
              className="button button--ghost"
              onClick={() => {
                onAnswer();
                navigate(localizePath('/profile/wallet/transactions', locale));
              }}
            >
              {t('realityCheck.history')}
            </button>
            <button
              type="button"
              className="button button--ghost"
              onClick={() => {
                forget();
                void signOut();
              }}
            >
              {t('realityCheck.signOut')}
            </button>
          </div>
        </div>
      </div>
    </div>
  );
}
