import { localizePath } from '@chrysos/rules';
import { useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from '../../lib/i18n';
import { Icon } from '../../ui/icons/icons';
import { fetchRound, type GameRound } from './api';
import { verifyQuery } from './verify-link';
import { useWallet } from './WalletProvider';
import { dateTimeFormat } from './WithdrawalLists';
import '../../styles/cashier.css';

type Loaded = { status: 'loading' } | { status: 'failed' } | { status: 'ready'; round: GameRound };

/**
 * A round of the history opened (UK Gambling Commission RTS 1): its game, id, time, stake, win and the
 * balance before and after, with a link that verifies it on /provably-fair once its server seed is
 * revealed. A native modal dialog: focus moves into it, Escape and the Close button close it, and
 * focus goes back to the button that opened it.
 */
export function RoundDetails({ round, label }: { round: string; label: string }) {
  const { t, locale } = useTranslation();
  const wallet = useWallet();
  const dialog = useRef<HTMLDialogElement>(null);
  const closeButton = useRef<HTMLButtonElement>(null);
  const titleId = useId();
  const [open, setOpen] = useState(false);
  const [loaded, setLoaded] = useState<Loaded>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` asks for a reload
  useEffect(() => {
    if (!open) return;
    let live = true;
    setLoaded({ status: 'loading' });
    fetchRound(round, locale)
      .catch(() => null)
      .then((found) => {
        if (live) setLoaded(found ? { status: 'ready', round: found } : { status: 'failed' });
      });
    return () => {
      live = false;
    };
  }, [open, round, locale, attempt]);

  // The content is drawn once the dialog is open (a closed one per row would hold nothing): focus then
  // moves to its Close button, as it would to the first control of a dialog opened with content.
  useEffect(() => {
    if (open) closeButton.current?.focus();
  }, [open]);

  const show = () => {
    setOpen(true);
    dialog.current?.showModal();
  };
  const close = () => dialog.current?.close();
  const dates = dateTimeFormat(locale);

  return (
    <>
      <button type="button" className="round-open" aria-haspopup="dialog" aria-label={label} onClick={show}>
        {t('wallet.history.round.open')}
      </button>
      <dialog ref={dialog} className="round-dialog" aria-labelledby={titleId} onClose={() => setOpen(false)}>
        {open ? (
          <div className="round-dialog__body">
            <header className="round-dialog__header">
              <h3 id={titleId}>{t('wallet.history.round.title')}</h3>
              <button
                ref={closeButton}
                type="button"
                className="round-dialog__close"
                aria-label={t('wallet.history.round.close')}
                onClick={close}
              >
                <Icon name="close" size={20} />
              </button>
            </header>
            {loaded.status === 'loading' ? (
              <p aria-live="polite">{t('wallet.history.round.loading')}</p>
            ) : loaded.status === 'failed' ? (
              <div className="wallet-problem">
                <p className="notice notice--error" role="alert">
                  {t('wallet.history.round.failed')}
                </p>
                <button
                  type="button"
                  className="button button--ghost"
                  onClick={() => setAttempt((n) => n + 1)}
                >
                  {t('account.tryAgain')}
                </button>
              </div>
            ) : (
              <RoundFacts
                round={loaded.round}
                money={wallet.money}
                date={dates.format(new Date(loaded.round.started_at))}
              />
            )}
          </div>
        ) : null}
      </dialog>
    </>
  );
}

function RoundFacts({
  round,
  money,
  date,
}: {
  round: GameRound;
  money: ReturnType<typeof useWallet>['money'];
  date: string;
}) {
  const { t, locale } = useTranslation();
  const amount = (cents: number) => money(cents, round.currency, { exact: true });
  const { fairness } = round;
  return (
    <>
      <dl className="round-facts">
        <div>
          <dt>{t('wallet.history.round.game')}</dt>
          <dd>{round.game_title ?? round.game_code ?? '—'}</dd>
        </div>
        <div>
          <dt>{t('wallet.history.round.time')}</dt>
          <dd>{date}</dd>
        </div>
        <div>
          <dt>{t('wallet.history.round.status.label')}</dt>
          <dd>{t(`wallet.history.round.status.${round.status}`)}</dd>
        </div>
        <div>
          <dt>{t('wallet.history.round.stake')}</dt>
          <dd className="amount" data-fact="stake">
            {amount(round.stake_cents)}
          </dd>
        </div>
        <div>
          <dt>{t('wallet.history.round.win')}</dt>
          <dd className="amount" data-fact="win">
            {amount(round.win_cents)}
          </dd>
        </div>
        <div>
          <dt>{t('wallet.history.round.before')}</dt>
          <dd className="amount" data-fact="before">
            {amount(round.balance_before_cents)}
          </dd>
        </div>
        <div>
          <dt>{t('wallet.history.round.after')}</dt>
          <dd className="amount" data-fact="after">
            {amount(round.balance_after_cents)}
          </dd>
        </div>
        <div className="round-facts__wide">
          <dt>{t('wallet.history.round.id')}</dt>
          <dd className="round-facts__mono">{round.round}</dd>
        </div>
        {fairness ? (
          <div className="round-facts__wide">
            <dt>{t('wallet.history.round.seedHash')}</dt>
            <dd className="round-facts__mono">{fairness.server_seed_hash}</dd>
          </div>
        ) : null}
      </dl>
      {fairness?.server_seed ? (
        <Link
          className="button button--primary round-dialog__verify"
          to={`${localizePath('/provably-fair', locale)}?${verifyQuery(fairness, round.win_cents)}`}
        >
          {t('wallet.history.round.verify')}
        </Link>
      ) : (
        <p className="round-dialog__note">
          {fairness ? t('wallet.history.round.verifyLater') : t('wallet.history.round.noFairness')}
        </p>
      )}
    </>
  );
}
