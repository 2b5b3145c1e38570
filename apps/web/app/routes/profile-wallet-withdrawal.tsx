import { useSearchParams } from 'react-router';
import { appContext } from '#app-context';
import { WalletLoading } from '../features/cashier/fields';
import { currencyName } from '../features/cashier/money';
import { useWallet } from '../features/cashier/WalletProvider';
import { WithdrawalLists } from '../features/cashier/WithdrawalLists';
import { WithdrawForm } from '../features/cashier/WithdrawForm';
import { loadWithdrawalPage } from '../features/cashier/wallet-pages.server';
import { withdrawAction } from '../features/cashier/withdraw-action.server';
import { cancelWithdrawalAction } from '../features/cashier/withdrawal-cancel-action.server';
import { pageMeta } from '../features/content/meta';
import { formOf } from '../lib/form-action.server';
import { useTranslation } from '../lib/i18n';
import { pageUrl } from '../lib/request-url';
import type { Route } from './+types/profile-wallet-withdrawal';
import '../styles/cashier.css';

/** The signed-in player's methods for the account and their withdrawals; null for a visitor. */
export function loader({ request, context }: Route.LoaderArgs) {
  const asked = pageUrl(request).searchParams.get('currency')?.toUpperCase() ?? null;
  return loadWithdrawalPage(context.get(appContext), asked);
}

/**
 * A withdrawal requested (by the form here or in the cashier window over any page) or one awaiting
 * approval cancelled (by the list's fetcher), or either as a plain form without JavaScript.
 */
export async function action({ context, request }: Route.ActionArgs) {
  const form = await formOf(request);
  const app = context.get(appContext);
  return form.get('intent') === 'withdraw' ? withdrawAction(app, form) : cancelWithdrawalAction(app, form);
}

export const meta: Route.MetaFunction = (args) => [
  ...pageMeta(args, 'profile-wallet-withdrawal', 'Chrysos Casino'),
  { name: 'robots', content: 'noindex' },
];

/**
 * Spec §2 /profile/wallet/withdrawal?currency=: the withdrawal form for one account (the one named,
 * else the active one), the withdrawals awaiting approval with their Cancel buttons, and the recent
 * ones with their outcome, as the route's loader read them.
 */
export default function ProfileWalletWithdrawalPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t, locale } = useTranslation();
  const wallet = useWallet();
  const [search, setSearch] = useSearchParams();
  const accounts = wallet.accounts ?? [];
  const asked = search.get('currency')?.toUpperCase() ?? null;
  const code = accounts.some((account) => account.currency === asked)
    ? asked
    : (wallet.active?.currency ?? null);

  return (
    <div className="profile__panel wallet-page">
      <h2>{t('wallet.withdraw.title')}</h2>
      <p className="profile__lead">{t('wallet.withdraw.lead')}</p>
      {!wallet.ready ? (
        <WalletLoading label={t('wallet.loading')} />
      ) : (
        <>
          {accounts.length > 1 ? (
            <div className="field wallet-page__currency">
              <label htmlFor="withdraw-currency">{t('wallet.withdraw.from')}</label>
              <select
                id="withdraw-currency"
                name="currency"
                value={code ?? ''}
                onChange={(event) => setSearch({ currency: event.target.value }, { replace: true })}
              >
                {accounts.map((account) => (
                  <option key={account.currency} value={account.currency}>
                    {`${account.currency} — ${currencyName(account.currency, locale)} (${wallet.money(
                      account.available_to_cashout_cents,
                      account.currency,
                    )})`}
                  </option>
                ))}
              </select>
            </div>
          ) : null}
          <div className="wallet-page__form">
            <WithdrawForm
              idPrefix="page-withdraw"
              currency={code}
              methods={loaderData?.methods}
              posted={actionData?.intent === 'withdraw' ? actionData : undefined}
            />
          </div>
          <WithdrawalLists
            withdrawals={loaderData?.withdrawals ?? null}
            posted={actionData?.intent === 'cancel' ? actionData : undefined}
          />
        </>
      )}
    </div>
  );
}
