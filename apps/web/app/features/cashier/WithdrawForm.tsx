import type { Payment } from '@chrysos/contract';
import { type FormEvent, useEffect, useState } from 'react';
import { describeProblem, problemsOf } from '../../lib/api-errors';
import { useTranslation } from '../../lib/i18n';
import { FormAlert, FormSuccess, useProblemFocus } from '../../ui/fields';
import { VerificationNotice } from '../compliance/verification/VerificationNotice';
import { amountInputValue, amountProblem, quickAmounts, readAmount } from './amount-input';
import { requestWithdrawal } from './api';
import { AmountField, MethodPicker, WalletLoading } from './fields';
import { namingTheBonus } from './forfeit-warning';
import { displayUnit } from './money';
import { describeAmountProblem, paymentProblems } from './problems';
import { useCurrencySwitch } from './use-currency-switch';
import { type MethodsFor, useMethods } from './use-methods';
import { useWallet } from './WalletProvider';
import '../../styles/cashier.css';
import '../../styles/bonuses.css';

/**
 * A withdrawal from one account (spec §2 cashier and /profile/wallet/withdrawal): the money available
 * to cash out, an amount within the method's limits and that money, and the answer — awaiting
 * approval (cancellable) or approved at once; while a bonus runs, the player confirms first that the
 * withdrawal forfeits it.
 */
export function WithdrawForm({
  idPrefix,
  currency: code,
  methods: known = null,
  onRequested,
}: {
  idPrefix: string;
  currency: string | null;
  /** The methods the page's loader read, when it did. */
  methods?: MethodsFor | null;
  onRequested?: (payment: Payment) => void;
}) {
  const { t, locale } = useTranslation();
  const wallet = useWallet();
  const account = wallet.accounts?.find((entry) => entry.currency === code) ?? null;
  const { state, retry } = useMethods(account ? code : null, known);
  const [method, setMethod] = useState('');
  const [amount, setAmount] = useState('');
  const [problems, setProblems] = useState<{ amount?: string; base?: string }>({});
  const [busy, setBusy] = useState(false);
  const [requested, setRequested] = useState<Payment | null>(null);
  /** A running bonus this withdrawal would forfeit: what the server said, until the player chooses. */
  const [forfeit, setForfeit] = useState<string | null>(null);
  const { formRef, focusProblems } = useProblemFocus();

  const methods = state.status === 'ready' ? state.methods : [];
  const chosen = methods.find((entry) => entry.id === method) ?? methods[0];
  useEffect(() => {
    if (chosen && chosen.id !== method) setMethod(chosen.id);
  }, [chosen, method]);
  // A new currency (a switch in the header) starts afresh.
  useCurrencySwitch(code, () => {
    setAmount('');
    setProblems({});
    setRequested(null);
    setForfeit(null);
  });

  if (!wallet.ready) return <WalletLoading label={t('wallet.loading')} />;
  if (!code || !account) {
    return (
      <p className="notice" role="status">
        {t('wallet.withdraw.noAccount', { currency: code ?? '' })}
      </p>
    );
  }
  if (state.status === 'loading') return <WalletLoading label={t('wallet.loadingMethods')} />;
  if (state.status === 'failed' || !chosen) {
    return (
      <div className="wallet-problem">
        <p className="notice notice--error" role="alert">
          {state.status === 'failed' ? t('wallet.methodsFailed') : t('wallet.noMethods', { currency: code })}
        </p>
        {state.status === 'failed' ? (
          <button type="button" className="button button--ghost" onClick={retry}>
            {t('account.tryAgain')}
          </button>
        ) : null}
      </div>
    );
  }

  const currency = wallet.currency(code);
  const unit = displayUnit(currency, wallet.subcurrency(code));
  const exact = (cents: number) => wallet.money(cents, code, { exact: true });
  const limits = chosen.withdrawal;
  const available = account.available_to_cashout_cents;
  const cents = readAmount(amount, currency, wallet.subcurrency(code));
  const example = amountInputValue(limits.min_cents, unit.subunits_to_unit, locale);
  const ceiling = Math.min(limits.max_cents, available);
  const chips = quickAmounts(limits.min_cents, ceiling, 4).map((value) => ({
    value: amountInputValue(value, unit.subunits_to_unit, locale),
    label: exact(value),
  }));
  if (ceiling >= limits.min_cents && !chips.some((chip) => chip.label === exact(ceiling))) {
    chips.push({
      value: amountInputValue(ceiling, unit.subunits_to_unit, locale),
      label: t('wallet.withdraw.all', { amount: exact(ceiling) }),
    });
  }
  const tooLittle = available < limits.min_cents;
  const valid = cents !== null && amountProblem(cents, amount, limits, available) === null;

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    await send(false);
  }

  /**
   * Sends the withdrawal; while a bonus runs the server refuses it (cashier.bonus_active) until the
   * player confirms that the bonus is forfeited (issue 16: never silently).
   */
  async function send(forfeitBonus: boolean) {
    if (busy || !code || !chosen) return;
    const problem = amountProblem(cents, amount, limits, available);
    if (problem || cents === null) {
      setProblems({ amount: describeAmountProblem(t, problem ?? { kind: 'invalid' }, exact, example) });
      focusProblems();
      return;
    }
    setProblems({});
    setRequested(null);
    setForfeit(null);
    setBusy(true);
    const response = await requestWithdrawal({
      currency: code,
      amount_cents: cents,
      method: chosen.id,
      ...(forfeitBonus ? { forfeit_bonus: true } : {}),
    }).catch(() => null);
    setBusy(false);
    const bonusActive = response
      ? problemsOf(response).find((entry) => entry.code === 'cashier.bonus_active')
      : undefined;
    if (bonusActive) {
      setForfeit(describeProblem(t, await namingTheBonus(bonusActive)));
      return;
    }
    if (response?.ok) {
      const payment = response.body;
      setRequested(payment);
      setAmount('');
      await wallet.refresh();
      onRequested?.(payment);
      return;
    }
    setProblems(paymentProblems(t, response, exact));
    focusProblems();
  }

  return (
    <form ref={formRef} className="wallet-form" noValidate onSubmit={submit} aria-busy={busy}>
      <VerificationNotice kind="withdrawal" currency={code} />
      <dl className="wallet-available">
        <div>
          <dt>{t('wallet.withdraw.available')}</dt>
          <dd>{wallet.money(available, code)}</dd>
        </div>
        {account.bonus_cents > 0 ? (
          <div>
            <dt>{t('wallet.bonus')}</dt>
            <dd>{wallet.money(account.bonus_cents, code)}</dd>
          </div>
        ) : null}
      </dl>
      {requested ? (
        <FormSuccess>
          {requested.status === 'pending'
            ? t('wallet.withdraw.requestedPending', { amount: exact(requested.amount_cents) })
            : t('wallet.withdraw.requestedApproved', { amount: exact(requested.amount_cents) })}
        </FormSuccess>
      ) : null}
      {tooLittle ? (
        <p className="notice" role="status">
          {t('wallet.withdraw.tooLittle', { min: exact(limits.min_cents), available: exact(available) })}
        </p>
      ) : (
        <>
          <MethodPicker
            name={`${idPrefix}-method`}
            methods={methods}
            value={chosen.id}
            onChange={setMethod}
          />
          <AmountField
            id={`${idPrefix}-amount`}
            label={t('wallet.amount', { unit: unit.code })}
            unit={unit.symbol || unit.code}
            value={amount}
            onChange={(value) => {
              setAmount(value);
              if (problems.amount) setProblems({ ...problems, amount: undefined });
            }}
            hint={t('wallet.limits', { min: exact(limits.min_cents), max: exact(limits.max_cents) })}
            problem={problems.amount}
            chips={chips}
            disabled={busy}
          />
          <FormAlert problem={problems.base} />
          {forfeit ? (
            <div
              className="bonus-confirm"
              role="alertdialog"
              aria-labelledby={`${idPrefix}-forfeit-title`}
              aria-describedby={`${idPrefix}-forfeit-text`}
            >
              <p id={`${idPrefix}-forfeit-title`} className="bonus-confirm__title">
                {t('bonuses.withdraw.title')}
              </p>
              <p id={`${idPrefix}-forfeit-text`}>{forfeit}</p>
              <div className="bonus-card__actions">
                <button
                  type="button"
                  className="button button--danger"
                  disabled={busy}
                  onClick={() => void send(true)}
                >
                  {t('bonuses.withdraw.forfeit')}
                </button>
                <button type="button" className="button button--ghost" onClick={() => setForfeit(null)}>
                  {t('bonuses.withdraw.keep')}
                </button>
              </div>
            </div>
          ) : null}
          <button
            type="submit"
            className="button button--primary button--large wallet-form__submit"
            disabled={busy}
            aria-busy={busy}
          >
            {busy
              ? t('wallet.withdraw.sending')
              : valid && cents !== null
                ? t('wallet.withdraw.submitAmount', { amount: exact(cents) })
                : t('wallet.withdraw.submit')}
          </button>
          <p className="wallet-form__note">{t('wallet.withdraw.note')}</p>
        </>
      )}
    </form>
  );
}
