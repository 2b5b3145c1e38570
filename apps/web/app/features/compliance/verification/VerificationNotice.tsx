import { localizePath } from '@chrysos/rules';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from '../../../lib/i18n';
import { useWallet } from '../../cashier/WalletProvider';
import { fetchVerification, type VerificationStatus } from './api';

/**
 * What the cashier says before the player tries (issue 17): for an unverified player who has that much
 * to cash out, the withdrawal amount from which documents are needed in this currency; or that deposits
 * have reached the AML threshold; with a link to the verification page. Nothing for a verified player.
 */
export function VerificationNotice({
  kind,
  currency,
  known = null,
}: {
  kind: 'deposit' | 'withdrawal';
  currency: string | null;
  /** The status the page's loader read; read here when it did not. */
  known?: VerificationStatus | null;
}) {
  const { t, locale } = useTranslation();
  const wallet = useWallet();
  const [fetched, setStatus] = useState<VerificationStatus | null>(null);
  const given = known !== null;
  useEffect(() => {
    if (given) return;
    let live = true;
    void fetchVerification().then((loaded) => {
      if (live) setStatus(loaded);
    });
    return () => {
      live = false;
    };
  }, [given]);
  const status = known ?? fetched;
  if (!status || status.verified || !currency) return null;
  const threshold = status.withdrawal_thresholds.find((entry) => entry.currency === currency);
  // Said only to a player who could withdraw that much: for the others it is noise.
  const available =
    wallet.accounts?.find((account) => account.currency === currency)?.available_to_cashout_cents ?? 0;
  const text =
    kind === 'withdrawal'
      ? threshold && available >= threshold.amount_cents
        ? t('verification.cashier.withdrawal', { amount: wallet.money(threshold.amount_cents, currency) })
        : null
      : status.deposits.blocked
        ? t('verification.cashier.deposits')
        : null;
  if (!text) return null;
  return (
    <p className="notice verification-notice" data-testid="verification-notice">
      {text}{' '}
      <Link to={localizePath('/profile/general/verification', locale)}>{t('verification.cashier.link')}</Link>
    </p>
  );
}
