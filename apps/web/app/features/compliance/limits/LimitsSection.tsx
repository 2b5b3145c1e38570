import type { LimitKind, LimitPeriod } from '@chrysos/rules';
import { type FormEvent, useState } from 'react';
import { describeProblem, formatMoment, problemsOf } from '../../../lib/api-errors';
import { useTranslation } from '../../../lib/i18n';
import { SelectField, TextField } from '../../../ui/fields';
import { readAmount } from '../../cashier/amount-input';
import { displayUnit } from '../../cashier/money';
import { useWallet } from '../../cashier/WalletProvider';
import { useRouteReload } from '../../realtime/route-reload';
import { cancelPending, type PlayerLimit, type PlayerLimits, removeLimit, saveLimit } from './api';
import '../../../styles/bonuses.css';
import '../../../styles/limits.css';

type Message = { tone: 'success' | 'error'; text: string } | null;

/**
 * The limits section of /profile/limits (issue 17, decision 22): each limit with what is used and left
 * in its rolling window, a pending raise or removal with the moment it applies and a way to cancel it,
 * and a form that sets, lowers or raises one. Money limits are in the active account's currency. The
 * limits are what the route's loader read (null when it could not); a change read them again.
 */
export function LimitsSection({ limits: loaded }: { limits: PlayerLimits | null }) {
  const { t, locale } = useTranslation();
  const wallet = useWallet();
  const code = wallet.active?.currency ?? null;
  const reload = useRouteReload();
  const [message, setMessage] = useState<Message>(null);
  const [busy, setBusy] = useState(false);
  const [kind, setKind] = useState<LimitKind | ''>('');
  const [period, setPeriod] = useState<LimitPeriod | ''>('');
  const [amount, setAmount] = useState('');
  const [problem, setProblem] = useState<string | undefined>();

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

  async function act(
    call: Promise<{ ok: boolean; body?: unknown } | null>,
    success: (limit: PlayerLimit) => string,
  ) {
    setBusy(true);
    const answer = await call;
    if (answer?.ok) {
      setMessage({ tone: 'success', text: success(answer.body as PlayerLimit) });
      // Busy until the page has read the limits as they now are.
      await reload();
    } else {
      setMessage({ tone: 'error', text: refusal(answer) });
    }
    setBusy(false);
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy || !kind || !period) return;
    let value: number | null;
    if (kind === 'session') {
      value = /^\d+$/.test(amount.trim()) ? Number(amount.trim()) : null;
      if (!value) return setProblem(t('limits.form.invalidMinutes'));
    } else {
      value = code ? readAmount(amount, wallet.currency(code), wallet.subcurrency(code)) : null;
      if (!value || value <= 0) return setProblem(t('limits.form.invalid'));
    }
    setProblem(undefined);
    await act(
      saveLimit({ kind, period, amount: value, ...(kind !== 'session' && code ? { currency: code } : {}) }),
      (limit) =>
        limit.pending_amount !== null
          ? t('limits.saved.pending', { when: when(limit.effective_at) })
          : t('limits.saved.now'),
    );
    setAmount('');
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
  const periodsOf = options.find((option) => option.kind === kind)?.periods ?? [];
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
                  <button
                    type="button"
                    className="button button--ghost"
                    disabled={busy}
                    onClick={() => void act(cancelPending(limit), () => t('limits.saved.cancelled'))}
                  >
                    {t('limits.cancel')}
                  </button>
                ) : (
                  <button
                    type="button"
                    className="button button--ghost"
                    disabled={busy}
                    onClick={() =>
                      void act(removeLimit(limit), (removed) =>
                        t('limits.saved.removal', { when: when(removed.effective_at) }),
                      )
                    }
                  >
                    {t('limits.remove')}
                  </button>
                )}
              </div>
            </li>
          ))}
        </ul>
      )}

      <form className="wallet-form limits__form" noValidate onSubmit={submit} aria-busy={busy}>
        <h3>{t('limits.form.title')}</h3>
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
            kind === 'session'
              ? t('limits.form.minutes')
              : t('limits.form.amount', { unit: unit?.code ?? '' })
          }
          value={amount}
          onChange={(value) => {
            setAmount(value);
            setProblem(undefined);
          }}
          problem={problem}
        />
        <button type="submit" className="button button--primary" disabled={busy || !kind || !period}>
          {t('limits.form.submit')}
        </button>
      </form>
    </section>
  );
}
