import { useNavigate, useNavigation } from 'react-router';
import { paymentMethodsTable } from '../features/cashier/payment-methods.server';
import { contentFor } from '../features/content/load.server';
import { pageMeta } from '../features/content/meta';
import { useTranslation } from '../lib/i18n';
import { Icon, isIconName } from '../ui/icons/icons';
import type { Route } from './+types/payments';

/**
 * Spec §2 /payments: every method with its limits in one currency (`?currency=`, else the player's,
 * else EUR) and its processing times. Content says how a method is presented; its limits are the
 * cashier's own, read from GET /api/payments/methods as the cashier enforces them, so the page and the
 * cashier cannot disagree.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { content, locale, app, url } = contentFor(request, context);
  const entries = content.list('payments', locale).map((item) => item.data);
  const asked = url.searchParams.get('currency')?.toUpperCase();
  return { ...(await paymentMethodsTable(app, entries, asked)), locale };
}

export const meta: Route.MetaFunction = (args) => pageMeta(args, 'payments', 'Payments');

export default function Payments({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { methods, currencies, currency, locale } = loaderData;
  const navigate = useNavigate();
  const navigation = useNavigation();
  // While another currency's limits load, the selector already shows the one chosen.
  const chosen = navigation.location
    ? (new URLSearchParams(navigation.location.search).get('currency') ?? currency)
    : currency;
  const amount = (value: number) =>
    new Intl.NumberFormat(locale === 'el' ? 'el-GR' : 'en-GB', { maximumFractionDigits: 8 }).format(value);

  return (
    <section className="content-page payments">
      <h1>{t('payments.title')}</h1>
      <label className="field field--inline">
        <span>{t('payments.currency')}</span>
        <select
          value={chosen}
          onChange={(event) =>
            navigate(`?currency=${encodeURIComponent(event.target.value)}`, {
              replace: true,
              preventScrollReset: true,
            })
          }
        >
          {currencies.map((code) => (
            <option key={code} value={code}>
              {code}
            </option>
          ))}
        </select>
      </label>
      <div className="table-scroll">
        <table className="payments__table">
          <thead>
            <tr>
              <th scope="col">{t('payments.method')}</th>
              <th scope="col">
                {t('payments.deposit')} · {t('payments.limits')}
              </th>
              <th scope="col">
                {t('payments.withdrawal')} · {t('payments.limits')}
              </th>
              <th scope="col">{t('payments.time')}</th>
              <th scope="col">{t('payments.fee')}</th>
            </tr>
          </thead>
          <tbody>
            {methods.map((method) => {
              const { limits } = method;
              return (
                <tr key={method.name} data-method={method.name}>
                  <th scope="row">
                    <span className="payments__method">
                      {isIconName(method.icon) ? <Icon name={method.icon} size={28} /> : null}
                      {method.name}
                    </span>
                  </th>
                  {limits ? (
                    <>
                      <td data-label={`${t('payments.deposit')} · ${t('payments.limits')}`}>
                        {amount(limits.depositMin)} – {amount(limits.depositMax)} {currency}
                      </td>
                      <td data-label={`${t('payments.withdrawal')} · ${t('payments.limits')}`}>
                        {limits.withdrawalMin !== null && limits.withdrawalMax !== null
                          ? `${amount(limits.withdrawalMin)} – ${amount(limits.withdrawalMax)} ${currency}`
                          : t('payments.depositOnly')}
                      </td>
                    </>
                  ) : (
                    <td colSpan={2}>{t('payments.notIn', { currency })}</td>
                  )}
                  <td data-label={t('payments.time')}>
                    {t('payments.deposit')}: {method.depositTime}
                    <br />
                    {t('payments.withdrawal')}: {method.withdrawalTime}
                  </td>
                  <td data-label={t('payments.fee')}>{method.fee}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    </section>
  );
}
