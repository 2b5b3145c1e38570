import type { Payment, WithdrawalStep } from '@chrysos/contract';
import { useEffect, useState } from 'react';
import { useFetcher } from 'react-router';
import { useTranslation } from '../../lib/i18n';
import { useRealtimeChannel } from '../realtime/RealtimeProvider';
import { useRouteReload } from '../realtime/route-reload';
import { describeFailureReason } from './problems';
import { useWallet } from './WalletProvider';
import type { CancelResult } from './withdrawal-cancel-action.server';
import '../../styles/cashier.css';

export const dateTimeFormat = (locale: string) =>
  new Intl.DateTimeFormat(locale === 'el' ? 'el-GR' : 'en-GB', { dateStyle: 'medium', timeStyle: 'short' });

/** A payment's status as a coloured label. */
export function StatusBadge({ status }: { status: Payment['status'] }) {
  const { t } = useTranslation();
  const tone =
    status === 'paid' || status === 'succeeded'
      ? 'ok'
      : status === 'failed' || status === 'rejected'
        ? 'bad'
        : status === 'cancelled'
          ? 'muted'
          : 'wait';
  return <span className={`status-badge status-badge--${tone}`}>{t(`wallet.paymentStatus.${status}`)}</span>;
}

/** While the realtime connection is down, a withdrawal under way is read again this often (spec §4). */
const fallbackPollMs = 10_000;

/**
 * The player's withdrawals (spec §2 /profile/wallet/withdrawal): those awaiting approval, each with
 * a Cancel button, and the recent ones with their outcome, each with its timeline (requested →
 * approved → sent) and the time its next step is expected by. The route's loader reads them
 * (`withdrawals`, null when it could not). A step taken (an operator's approval, the payout) arrives on
 * the player's `payments_changes` channel and reads the route again at once; only while that channel
 * is down is it read every 10 s while a withdrawal is under way and the page visible, so nothing goes
 * stale meanwhile.
 */
export function WithdrawalLists({
  withdrawals,
  posted,
}: {
  withdrawals: Payment[] | null;
  /** The action's answer to a cancellation posted without JavaScript, which the page was rendered with. */
  posted?: CancelResult | undefined;
}) {
  const { t, locale } = useTranslation();
  const wallet = useWallet();
  const reload = useRouteReload();
  // A cancellation posts to the route's action; the list and the balance are read again after it.
  const fetcher = useFetcher<CancelResult>();
  const cancelling = fetcher.state !== 'idle' ? fetcher.formData?.get('id') : null;
  const result = fetcher.data ?? posted;

  const [live, setLive] = useState(false);
  useRealtimeChannel('payments_changes', {
    onData: (changed) => {
      if (changed.kind === 'withdrawal') void reload();
    },
    onLive: (up, stale) => {
      setLive(up);
      // Steps published while the channel was away and not recovered: read the list again.
      if (up && stale) void reload();
    },
  });

  const underWay =
    withdrawals?.some((payment) => payment.status === 'pending' || payment.status === 'approved') ?? false;
  useEffect(() => {
    if (!underWay || live) return;
    const timer = setInterval(() => {
      if (document.visibilityState === 'visible') void reload();
    }, fallbackPollMs);
    return () => clearInterval(timer);
  }, [underWay, live, reload]);

  if (withdrawals === null) {
    return (
      <div className="wallet-problem">
        <p className="notice notice--error" role="alert">
          {t('wallet.withdraw.listFailed')}
        </p>
        <button type="button" className="button button--ghost" onClick={() => void reload()}>
          {t('account.tryAgain')}
        </button>
      </div>
    );
  }

  const dates = dateTimeFormat(locale);
  const amount = (payment: Payment) => wallet.money(payment.amount_cents, payment.currency, { exact: true });
  const pending = withdrawals.filter((payment) => payment.status === 'pending');
  const recent = withdrawals.filter((payment) => payment.status !== 'pending').slice(0, 10);

  const message: { tone: 'success' | 'error'; text: string } | null = !result
    ? null
    : result.ok
      ? { tone: 'success', text: t('wallet.withdraw.pending.cancelled', { amount: amount(result.payment) }) }
      : {
          tone: 'error',
          text: t(result.status === 409 ? 'wallet.withdraw.pending.notPending' : 'wallet.problems.network'),
        };

  return (
    <div className="withdrawals">
      <section className="withdrawals__group" aria-labelledby="withdrawals-pending">
        <h3 id="withdrawals-pending">{t('wallet.withdraw.pending.title')}</h3>
        <div aria-live="polite">
          {message ? (
            <p
              className={`notice ${message.tone === 'success' ? 'notice--success' : 'notice--error'} withdrawals__message`}
            >
              {message.text}
            </p>
          ) : null}
        </div>
        {pending.length === 0 ? (
          <p className="wallet-empty">{t('wallet.withdraw.pending.empty')}</p>
        ) : (
          <ul className="withdrawals__list">
            {pending.map((payment) => (
              <li key={payment.id} className="withdrawal-row" data-payment={payment.id}>
                <span className="withdrawal-row__amount">{amount(payment)}</span>
                <span className="withdrawal-row__date">
                  {t('wallet.withdraw.requestedOn', { date: dates.format(new Date(payment.created_at)) })}
                </span>
                <StatusBadge status={payment.status} />
                <WithdrawalTimeline timeline={payment.timeline} />
                <fetcher.Form method="post" className="withdrawal-row__cancel-form">
                  <input type="hidden" name="intent" value="cancel" />
                  <input type="hidden" name="id" value={payment.id} />
                  <button
                    type="submit"
                    className="button button--ghost withdrawal-row__cancel"
                    disabled={Boolean(cancelling)}
                    aria-busy={cancelling === payment.id}
                    aria-label={t('wallet.withdraw.pending.cancelLabel', {
                      amount: amount(payment),
                      date: dates.format(new Date(payment.created_at)),
                    })}
                  >
                    {cancelling === payment.id
                      ? t('wallet.withdraw.pending.cancelling')
                      : t('wallet.withdraw.pending.cancel')}
                  </button>
                </fetcher.Form>
              </li>
            ))}
          </ul>
        )}
      </section>
      <section className="withdrawals__group" aria-labelledby="withdrawals-recent">
        <h3 id="withdrawals-recent">{t('wallet.withdraw.recent.title')}</h3>
        {recent.length === 0 ? (
          <p className="wallet-empty">{t('wallet.withdraw.recent.empty')}</p>
        ) : (
          <ul className="withdrawals__list">
            {recent.map((payment) => (
              <li key={payment.id} className="withdrawal-row" data-payment={payment.id}>
                <span className="withdrawal-row__amount">{amount(payment)}</span>
                <span className="withdrawal-row__date">{dates.format(new Date(payment.created_at))}</span>
                <StatusBadge status={payment.status} />
                {payment.status === 'failed' || payment.status === 'rejected' ? (
                  <span className="withdrawal-row__reason">
                    {describeFailureReason(t, payment.failure_reason)}
                  </span>
                ) : null}
                <WithdrawalTimeline timeline={payment.timeline} />
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}

/**
 * A withdrawal's steps in order: those taken with their time, the next with the time the operator
 * expects it by (said to be late once that has passed), and any after it still to come.
 */
function WithdrawalTimeline({ timeline }: { timeline: WithdrawalStep[] | null }) {
  const { t, locale } = useTranslation();
  if (!timeline) return null;
  const dates = dateTimeFormat(locale);
  return (
    <ol className="withdrawal-timeline" aria-label={t('wallet.withdraw.timeline.label')}>
      {timeline.map((step) => {
        const state = step.at ? 'done' : step.expected_by ? 'next' : 'later';
        const late = step.expected_by !== null && Date.parse(step.expected_by) < Date.now();
        return (
          <li
            key={step.step}
            className={`withdrawal-timeline__step withdrawal-timeline__step--${state}`}
            data-step={step.step}
            data-state={state}
            aria-current={state === 'next' ? 'step' : undefined}
          >
            <span className="withdrawal-timeline__name">
              {t(`wallet.withdraw.timeline.steps.${step.step}`)}
            </span>
            <span className="withdrawal-timeline__when">
              {step.at
                ? dates.format(new Date(step.at))
                : step.expected_by
                  ? t(late ? 'wallet.withdraw.timeline.late' : 'wallet.withdraw.timeline.expected', {
                      date: dates.format(new Date(step.expected_by)),
                    })
                  : t('wallet.withdraw.timeline.later')}
            </span>
          </li>
        );
      })}
    </ol>
  );
}
