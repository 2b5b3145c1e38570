import type { Payment } from '@chrysos/contract';
import { localizePath } from '@chrysos/rules';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from '../../lib/i18n';
import { Icon } from '../../ui/icons/icons';
import { fetchPayment } from './api';
import { type PaymentOutcome, waitForPayment } from './payment-poll';
import { describeFailureReason } from './problems';
import { useWallet } from './WalletProvider';
import '../../styles/cashier.css';

/** The `?payment=` a payment page returns with. */
export const paymentIdPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Back from the payment page (/profile/wallet/deposit?payment=<id>): the deposit is credited by the
 * provider's webhook a moment later, so the payment is read every second until it settles (30 s at
 * most), then the player sees the new balance or why it failed.
 */
export function PaymentStatus({
  paymentId,
  onAgain,
  onPlay,
}: {
  paymentId: string;
  onAgain: () => void;
  /** Back to the game the deposit was made over (instead of the lobby link). */
  onPlay?: () => void;
}) {
  const { t, locale } = useTranslation();
  const wallet = useWallet();
  const [outcome, setOutcome] = useState<PaymentOutcome | null>(null);
  const [attempt, setAttempt] = useState(0);
  const heading = useRef<HTMLHeadingElement>(null);
  const refresh = useRef(wallet.refresh);
  refresh.current = wallet.refresh;

  useEffect(() => {
    const controller = new AbortController();
    // Checked again on "check again", too.
    void attempt;
    setOutcome(null);
    waitForPayment(() => fetchPayment(paymentId), { signal: controller.signal }).then(async (result) => {
      if (!result) return;
      // The balance shown with the result is the one after the deposit.
      if (result.kind === 'settled') await refresh.current();
      if (!controller.signal.aborted) setOutcome(result);
    });
    return () => controller.abort();
  }, [paymentId, attempt]);

  // The result takes the focus, so it is read out and the next step is a Tab away.
  useEffect(() => {
    if (outcome) heading.current?.focus();
  }, [outcome]);

  const to = (path: string) => localizePath(path, locale);
  const money = (payment: Payment) => wallet.money(payment.amount_cents, payment.currency, { exact: true });

  if (!outcome) {
    return (
      <div className="payment-status payment-status--checking" role="status">
        <span className="spinner payment-status__spinner" aria-hidden="true" />
        <div>
          <h3>{t('wallet.status.checking')}</h3>
          <p>{t('wallet.status.checkingLead')}</p>
        </div>
      </div>
    );
  }

  if (outcome.kind === 'settled' && outcome.payment.status === 'succeeded') {
    const account = wallet.accounts?.find((entry) => entry.currency === outcome.payment.currency);
    return (
      <div className="payment-status payment-status--success">
        <Icon name="check" size={32} className="payment-status__icon" />
        <div>
          <h3 ref={heading} tabIndex={-1}>
            {t('wallet.status.succeeded')}
          </h3>
          <p>{t('wallet.status.succeededText', { amount: money(outcome.payment) })}</p>
          {account ? (
            <p className="payment-status__balance">
              {t('wallet.status.newBalance', {
                amount: wallet.money(account.amount_cents, account.currency),
              })}
            </p>
          ) : null}
          <div className="payment-status__actions">
            {onPlay ? (
              <button type="button" className="button button--primary" onClick={onPlay}>
                {t('wallet.status.backToGame')}
              </button>
            ) : (
              <Link to={to('/games/all')} className="button button--primary">
                {t('wallet.status.play')}
              </Link>
            )}
            <button type="button" className="button button--ghost" onClick={onAgain}>
              {t('wallet.status.again')}
            </button>
          </div>
        </div>
      </div>
    );
  }

  if (outcome.kind === 'settled') {
    return (
      <div className="payment-status payment-status--failed">
        <Icon name="error" size={32} className="payment-status__icon" />
        <div>
          <h3 ref={heading} tabIndex={-1}>
            {t('wallet.status.failed')}
          </h3>
          <p>{describeFailureReason(t, outcome.payment.failure_reason)}</p>
          <div className="payment-status__actions">
            <button type="button" className="button button--primary" onClick={onAgain}>
              {t('wallet.status.tryAgain')}
            </button>
            <Link to={to('/support')} className="button button--ghost">
              {t('wallet.status.support')}
            </Link>
          </div>
        </div>
      </div>
    );
  }

  return (
    <div className="payment-status payment-status--waiting">
      <Icon name="clock" size={32} className="payment-status__icon" />
      <div>
        <h3 ref={heading} tabIndex={-1}>
          {outcome.kind === 'missing' ? t('wallet.status.missing') : t('wallet.status.timeout')}
        </h3>
        <p>{outcome.kind === 'missing' ? t('wallet.status.missingText') : t('wallet.status.timeoutText')}</p>
        <div className="payment-status__actions">
          {outcome.kind === 'timeout' ? (
            <button type="button" className="button button--primary" onClick={() => setAttempt((n) => n + 1)}>
              {t('wallet.status.checkAgain')}
            </button>
          ) : null}
          <Link to={to('/profile/wallet/transactions')} className="button button--ghost">
            {t('wallet.status.history')}
          </Link>
        </div>
      </div>
    </div>
  );
}
