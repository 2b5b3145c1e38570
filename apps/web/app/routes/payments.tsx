import { useState } from 'react';
import { contentFor } from '../content/load.server';
import { pageMeta } from '../content/meta';
import { useTranslation } from '../i18n/i18n';
import { Icon, isIconName } from '../icons/icons';
import type { Route } from './+types/payments';

/** Spec §2 /payments: every method with its limits per currency and processing times. */
export function loader({ request, context }: Route.LoaderArgs) {
  const { content, locale } = contentFor(request, context);
  const methods = content.list('payments', locale).map((item) => item.data);
  const currencies = [...new Set(methods.flatMap((method) => method.limits.map((limit) => limit.currency)))];
  return { methods, currencies, locale };
}

export const meta: Route.MetaFunction = (args) => pageMeta(args, 'payments', 'Payments');

export default function Payments({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { methods, currencies, locale } = loaderData;
  const [currency, setCurrency] = useState(currencies.includes('EUR') ? 'EUR' : (currencies[0] ?? 'EUR'));
  const amount = (value: number) =>
    new Intl.NumberFormat(locale === 'el' ? 'el-GR' : 'en-GB', { maximumFractionDigits: 8 }).format(value);

  return (
    <section className="content-page payments">
      <h1>{t('payments.title')}</h1>
      <label className="field field--inline">
        <span>{t('payments.currency')}</span>
        <select value={currency} onChange={(event) => setCurrency(event.target.value)}>
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
              const limit = method.limits.find((entry) => entry.currency === currency);
              return (
                <tr key={method.name} data-method={method.name}>
                  <th scope="row">
                    <span className="payments__method">
                      {isIconName(method.icon) ? <Icon name={method.icon} size={28} /> : null}
                      {method.name}
                    </span>
                  </th>
                  {limit ? (
                    <>
                      <td>
                        {amount(limit.depositMin)} – {amount(limit.depositMax)} {currency}
                      </td>
                      <td>
                        {limit.withdrawalMin !== null && limit.withdrawalMax !== null
                          ? `${amount(limit.withdrawalMin)} – ${amount(limit.withdrawalMax)} ${currency}`
                          : t('payments.depositOnly')}
                      </td>
                    </>
                  ) : (
                    <td colSpan={2}>{t('payments.notIn', { currency })}</td>
                  )}
                  <td>
                    {t('payments.deposit')}: {method.depositTime}
                    <br />
                    {t('payments.withdrawal')}: {method.withdrawalTime}
                  </td>
                  <td>{method.fee}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    </section>
  );
}
