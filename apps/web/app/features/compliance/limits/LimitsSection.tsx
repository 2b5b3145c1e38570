import type { LimitKind, LimitPeriod } from '@chrysos/rules';
import { type FormEvent, useEffect, useState } from 'react';
import { useFetcher } from 'react-router';
import { describeProblem, formatMoment, problemsOf } from '../../../lib/api-errors';
import { useTranslation } from '../../../lib/i18n';
import { useHydrated } from '../../../lib/use-hydrated';
import { SelectField, TextField } from '../../../ui/fields';
import { readAmount } from '../../cashier/amount-input';
import { displayUnit } from '../../cashier/money';
import { useWallet } from '../../cashier/WalletProvider';
import { useRouteReload } from '../../realtime/route-reload';
import type { PlayerLimit, PlayerLimits } from './api';
import type { LimitsResult } from './limits-action.server';
import '../../../styles/bonuses.css';
import '../../../styles/limits.css';

type Message = { tone: 'success' | 'error'; text: string } | null;

/**
 * The limits section of /profile/limits (issue 17, decision 22): each limit with what is used and left
 * in its rolling window, a pending raise or removal with the moment it applies and a way to cancel it,
 * and a form that sets, lowers or raises one. Money limits are in the active account's currency. The
 * limits are what the route's loader read (null when it could not); a change read them again.
 */
export function LimitsSection({
  limits: loaded,
  posted,
}: {
  limits: PlayerLimits | null;
  /** The action's answer to a form posted without JavaScript, which the page was rendered with. */
  posted?: LimitsResult | undefined;
}) {
  const { t, locale } = useTranslation();
  const wallet = useWallet();
  const code = wallet.active?.currency ?? null;
  const reload = useRouteReload();
  const hydrated = useHydrated();
  // Each change posts to the route's action; the page's loaders read the limits again after it, and the
  // fetcher is busy until they have.
  const fetcher = useFetcher<LimitsResult>();
  const busy = fetcher.state !== 'idle';
  const result = fetcher.data ?? posted;
  const [kind, setKind] = useState<LimitKind | ''>('');
  const [period, setPeriod] = useState<LimitPeriod | ''>('');
  const [amount, setAmount] = useState('');
  const [problem, setProblem] = useState<string | undefined>();
  useEffect(() => {
    if (fetcher.data?.ok && fetcher.data.intent === 'set') setAmount('');
  }, [fetcher.data]);

  const when = (iso: string | null) => (iso ? formatMoment(iso, locale) : '');
  const money = (cents: number, currency: string | null) =>
    currency ? wallet.money(cents, currency, { exact: true }) : String(cents);
  const figure = (limit: PlayerLimit, value: number) =>
    limit.kind === 'session' ? t('limits.minutes', { count: value }) : money(value, limit.currency);
  const refusal = (answer: { ok: boolean; status?: number; body?: unknown } | null) => {
    const [first] = answer ? problemsOf(answer) : [];
    return first
      ? describeProblem(t, first, { money: (cents) => money(cents, code), locale })
      : t('limits.problems.network');
  };
  const saved = (done: Extract<LimitsResult, { ok: true }>) =>
    done.intent === 'cancel'
      ? t('limits.saved.cancelled')
      : done.intent === 'remove'
        ? t('limits.saved.removal', { when: when(done.limit.effective_at) })
        : done.limit.pending_amount !== null
          ? t('limits.saved.pending', { when: when(done.limit.effective_at) })
          : t('limits.saved.now');
  const message: Message = !result
    ? null
    : result.ok
      ? { tone: 'success', text: saved(result) }
      : result.field
        ? null
        : { tone: 'error', text: refusal(result.refusal) };
  const fieldProblem =
    problem ?? (result && !result.ok && result.field ? t(`limits.form.${result.field}`) : undefined);

  /** The amount in minor units as typed, in the active account's display unit; null when unreadable. */
  const minor = (): number | null => {
    if (kind === 'session') return /^\d+$/.test(amount.trim()) ? Number(amount.trim()) || null : null;
    const value = code ? readAmount(amount, wallet.currency(code), wallet.subcurrency(code)) : null;
    return value && value > 0 ? value : null;
  };

  function submit(event: FormEvent<HTMLFormElement>) {
    if (busy || !kind || !period) return event.preventDefault();
    if (minor() === null) {
      event.preventDefault();
      setProblem(t(kind === 'session' ? 'limits.form.invalidMinutes' : 'limits.form.invalid'));
      return;
    }
    setProblem(undefined);
  }

  if (!loaded) {
    return (
      <section className="profile__panel limits">
        <p className="notice notice--error" role="alert">
          {t('limits.failed')}
        </p>
        <button type="button" className="button button--ghost" onClick={() => void reload()}>
          {t('limits.tryAgain')}
        </button>
      </section>
    );
  }

  const { limits, options, offered_before_first_deposit: beforeFirstDeposit } = loaded;
  // Before the page runs (or without JavaScript) every period is offered: the action refuses a pair
  // the kind does not have, as the API does.
  const periodsOf = hydrated
    ? (options.find((option) => option.kind === kind)?.periods ?? [])
    : [...new Set(options.flatMap((option) => option.periods))];
  const limitTarget = (limit: PlayerLimit, intent: 'remove' | 'cancel') => (
    <>
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="kind" value={limit.kind} />
      <input type="hidden" name="period" value={limit.period} />
      {limit.currency ? <input type="hidden" name="currency" value={limit.currency} /> : null}
    </>
  );
  const unit = code ? displayUnit(wallet.currency(code), wallet.subcurrency(code)) : null;

  return (
    <section className="profile__panel limits" aria-labelledby="limits-title" data-limits>
      <h2 id="limits-title">{t('limits.title')}</h2>
      <p className="profile__lead">{t('limits.lead')}</p>
      <p className="profile__lead">{t('limits.windows')}</p>
      {beforeFirstDeposit ? <p className="notice">{t('limits.beforeFirstDeposit')}</p> : null}
      {message ? (
        <p
          className={`notice ${message.tone === 'success' ? 'notice--success' : 'notice--error'}`}
          role={message.tone === 'error' ? 'alert' : 'status'}
          data-limits-message
        >
          {message.text}
        </p>
      ) : null}

      {limits.length === 0 ? (
        <p>{t('limits.none')}</p>
      ) : (
        <ul className="bonus-list limits__list">
          {limits.map((limit) => (
            <li
              key={`${limit.kind}-${limit.period}-${limit.currency ?? ''}`}
              className="bonus-card limits__item"
              data-limit={`${limit.kind}-${limit.period}`}
            >
              <p className="bonus-card__title">
                {t(`limits.kinds.${limit.kind}`)} · {t(`limits.periods.${limit.period}`)}:{' '}
                <strong data-limit-amount>{figure(limit, limit.amount)}</strong>
              </p>
              <p data-limit-usage>
                {t('limits.used', { used: figure(limit, limit.used) })} ·{' '}
                {t('limits.remaining', { remaining: figure(limit, limit.remaining) })}
              </p>
              {limit.pending_amount !== null ? (
                <p className="notice" data-limit-pending>
                  {t('limits.pendingRaise', {
                    amount: figure(limit, limit.pending_amount),
                    when: when(limit.effective_at),
                  })}
                </p>
              ) : null}
              {limit.pending_removal ? (
                <p className="notice" data-limit-pending>
                  {t('limits.pendingRemoval', { when: when(limit.effective_at) })}
                </p>
              ) : null}
              <div className="bonus-card__actions">
                {limit.pending_amount !== null || limit.pending_removal ? (
                  <fetcher.Form method="post">
                    {limitTarget(limit, 'cancel')}
                    <button type="submit" className="button button--ghost" disabled={busy}>
                      {t('limits.cancel')}
                    </button>
                  </fetcher.Form>
                ) : (
                  <fetcher.Form method="post">
                    {limitTarget(limit, 'remove')}
                    <button type="submit" className="button button--ghost" disabled={busy}>
                      {t('limits.remove')}
                    </button>
                  </fetcher.Form>
                )}
              </div>
            </li>
          ))}
        </ul>
      )}

      <fetcher.Form
        method="post"
        className="wallet-form limits__form"
        noValidate
        onSubmit={submit}
        aria-busy={busy}
      >
        <h3>{t('limits.form.title')}</h3>
        <input type="hidden" name="intent" value="set" />
        {code ? <input type="hidden" name="currency" value={code} /> : null}
        {/* Read in the display unit the player chose (mBTC…); without JavaScript the action reads `amount`. */}
        {hydrated ? <input type="hidden" name="amount_minor" value={minor() ?? ''} /> : null}
        <SelectField
          id="limit-kind"
          name="kind"
          label={t('limits.form.kind')}
          placeholder={t('limits.form.choose')}
          value={kind}
          options={options.map((option) => ({ value: option.kind, label: t(`limits.kinds.${option.kind}`) }))}
          onChange={(value) => {
            const chosen = value as LimitKind;
            setKind(chosen);
            const periods = options.find((option) => option.kind === chosen)?.periods ?? [];
            setPeriod(periods.length === 1 ? (periods[0] as LimitPeriod) : '');
          }}
        />
        {kind ? <p className="field__hint">{t(`limits.kindHints.${kind}`)}</p> : null}
        <SelectField
          id="limit-period"
          name="period"
          label={t('limits.form.period')}
          placeholder={t('limits.form.choose')}
          value={period}
          options={periodsOf.map((value) => ({ value, label: t(`limits.periods.${value}`) }))}
          onChange={(value) => setPeriod(value as LimitPeriod)}
        />
        <TextField
          id="limit-amount"
          name="amount"
          inputMode="numeric"
          label={
            // Before the page runs the kind chosen is not known: the field says it takes either.
            !hydrated
              ? t('limits.form.amountOrMinutes', { unit: unit?.code ?? '' })
              : kind === 'session'
                ? t('limits.form.minutes')
                : t('limits.form.amount', { unit: unit?.code ?? '' })
          }
          value={amount}
          onChange={(value) => {
            setAmount(value);
            setProblem(undefined);
          }}
          problem={fieldProblem}
        />
        <button
          type="submit"
          className="button button--primary"
          disabled={busy || (hydrated && (!kind || !period))}
        >
          {t('limits.form.submit')}
        </button>
      </fetcher.Form>
    </section>
  );
}
