import { localizePath } from '@chrysos/rules';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { appContext } from '#app-context';
import { DepositForm } from '../features/cashier/DepositForm';
import { depositAction } from '../features/cashier/deposit-action.server';
import { currencyName } from '../features/cashier/money';
import { PaymentStatus, paymentIdPattern } from '../features/cashier/PaymentStatus';
import { useWallet } from '../features/cashier/WalletProvider';
import { loadDepositPage } from '../features/cashier/wallet-pages.server';
import { pageMeta } from '../features/content/meta';
import { formOf } from '../lib/form-action.server';
import { useTranslation } from '../lib/i18n';
import type { Route } from './+types/profile-wallet-deposit';
import '../styles/cashier.css';

/**
 * What the signed-in player's deposit form shows in their active currency (methods, bonus offers, what
 * their deposit limits allow, verification); null for a visitor.
 */
export function loader({ context }: Route.LoaderArgs) {
  return loadDepositPage(context.get(appContext));
}

/** A deposit started (by the form here or in the cashier window over any page, or a plain form). */
export async function action({ context, request }: Route.ActionArgs) {
  return depositAction(context.get(appContext), await formOf(request));
}

export const meta: Route.MetaFunction = (args) => [
  ...pageMeta(args, 'profile-wallet-deposit', 'Chrysos Casino'),
  { name: 'robots', content: 'noindex' },
];

/**
 * Spec §2 /profile/wallet/deposit: the deposit form on a page (where players of cashier-disabled
 * countries deposit), with the deposit offer `?bonus=` names chosen (a promotion's "claim" link), and
 * — back from the payment page with ?payment= — how that payment went.
 */
export default function ProfileWalletDepositPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t, locale } = useTranslation();
  const wallet = useWallet();
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const payment = search.get('payment');
  const active = wallet.ready ? wallet.active : null;
  const again = () => navigate(localizePath('/profile/wallet/deposit', locale), { replace: true });

  return (
    <div className="profile__panel wallet-page">
      <h2>{t('wallet.deposit.title')}</h2>
      {payment && paymentIdPattern.test(payment) ? (
        <PaymentStatus key={payment} paymentId={payment} onAgain={again} />
      ) : (
        <>
          <p className="profile__lead">
            {active
              ? t('wallet.deposit.lead', { currency: currencyName(active.currency, locale) })
              : t('wallet.deposit.leadPlain')}
          </p>
          {active ? (
            <p className="wallet-page__account">
              <span>{t('wallet.cashier.account', { currency: currencyName(active.currency, locale) })}</span>
              <strong>{wallet.money(active.amount_cents, active.currency)}</strong>
              <Link to={localizePath('/profile/wallet/balance', locale)}>{t('wallet.cashier.change')}</Link>
            </p>
          ) : null}
          <div className="wallet-page__form">
            <DepositForm
              idPrefix="page-deposit"
              offer={search.get('bonus')}
              known={loaderData?.depositForm}
              posted={actionData}
            />
          </div>
        </>
      )}
    </div>
  );
}
