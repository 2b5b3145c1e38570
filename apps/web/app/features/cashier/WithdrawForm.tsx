import { localizePath } from '@chrysos/rules';
import { type FormEvent, useEffect, useState } from 'react';
import { useFetcher } from 'react-router';
import { describeProblem } from '../../lib/api-errors';
import { useTranslation } from '../../lib/i18n';
import { useHydrated } from '../../lib/use-hydrated';
import { FormAlert, FormSuccess, useProblemFocus } from '../../ui/fields';
import { VerificationNotice } from '../compliance/verification/VerificationNotice';
import { amountInputValue, amountProblem, quickAmounts, readAmount } from './amount-input';
import { AmountField, MethodPicker, WalletLoading } from './fields';
import { displayUnit } from './money';
import { describeAmountProblem, paymentProblems } from './problems';
import { useCurrencySwitch } from './use-currency-switch';
import { type MethodsFor, useMethods } from './use-methods';
import { useWallet } from './WalletProvider';
import type { WithdrawResult } from './withdraw-action.server';
import '../../styles/cashier.css';
import '../../styles/bonuses.css';

type Problems = { amount?: string | undefined; base?: string };

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
  posted,
}: {
  idPrefix: string;
  currency: string | null;
  /** The methods the page's loader read, when it did. */
  methods?: MethodsFor | null;
  /** The action's answer to a withdrawal posted without JavaScript, which the page was rendered with. */
  posted?: WithdrawResult | undefined;
}) {
  const { t, locale } = useTranslation();
  const wallet = useWallet();
  const hydrated = useHydrated();
  // A withdrawal posts to the withdrawal page's action (from the cashier window over any page too); the
  // page's loaders and the root's wallet run again after it, so the balance and the list show it.
  const fetcher = useFetcher<WithdrawResult>();
  const busy = fetcher.state !== 'idle';
  const account = wallet.accounts?.find((entry) => entry.currency === code) ?? null;
  const { state, retry } = useMethods(account ? code : null, known);
  const [method, setMethod] = useState('');
  const [amount, setAmount] = useState(posted && !posted.ok ? posted.amount : '');
  /** Problems found before sending; a field's problem set to undefined hides the refusal's at that field. */
  const [problems, setProblems] = useState<Problems>({});
  /** The action's last answer, described below once the currency's limits are known. */
  const [answer, setAnswer] = useState<WithdrawResult | null>(posted ?? null);
  const { formRef, focusProblems } = useProblemFocus();
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per answer
  useEffect(() => {
    const { data } = fetcher;
    if (!data) return;
    setAnswer(data);
    setProblems({});
    if (data.ok) setAmount('');
    else if (!data.forfeit) focusProblems();
  }, [fetcher.data]);
  const requested = answer?.ok ? answer.payment : null;
  /** A running bonus this withdrawal would forfeit, as the server named it, until the player chooses. */
  const forfeit = answer && !answer.ok ? (answer.forfeit ?? null) : null;

  const methods = state.status === 'ready' ? state.methods : [];
  const chosen = methods.find((entry) => entry.id === method) ?? methods[0];
  useEffect(() => {
    if (chosen && chosen.id !== method) setMethod(chosen.id);
  }, [chosen, method]);
  // A new currency (a switch in the header) starts afresh.
  useCurrencySwitch(code, () => {
    setAmount('');
    setProblems({});
    setAnswer(null);
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

  function submit(event: FormEvent<HTMLFormElement>) {
    if (busy) return event.preventDefault();
    const problem = amountProblem(cents, amount, limits, available);
    if (problem || cents === null) {
      event.preventDefault();
      setProblems({ amount: describeAmountProblem(t, problem ?? { kind: 'invalid' }, exact, example) });
      focusProblems();
      return;
    }
    setProblems({});
    setAnswer(null);
  }

  const refusal: Problems =
    answer && !answer.ok && !answer.forfeit
      ? answer.field
        ? { amount: describeAmountProblem(t, { kind: 'invalid' }, exact, example) }
        : paymentProblems(t, answer.refusal, exact)
      : {};
  const shown: Problems = { ...refusal, ...problems };

  return (
    <fetcher.Form
      ref={formRef}
      method="post"
      action={localizePath('/profile/wallet/withdrawal', locale)}
      className="wallet-form"
      noValidate
      onSubmit={submit}
      aria-busy={busy}
    >
      <input type="hidden" name="intent" value="withdraw" />
      <input type="hidden" name="currency" value={code} />
      {/* Read in the display unit the player chose (mBTC…); without JavaScript the action reads `amount`. */}
      {hydrated ? <input type="hidden" name="amount_minor" value={cents ?? ''} /> : null}
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
          <MethodPicker name="method" methods={methods} value={chosen.id} onChange={setMethod} />
          <AmountField
            id={`${idPrefix}-amount`}
            label={t('wallet.amount', { unit: unit.code })}
            unit={unit.symbol || unit.code}
            value={amount}
            onChange={(value) => {
              setAmount(value);
              if (shown.amount) setProblems({ ...problems, amount: undefined });
            }}
            hint={t('wallet.limits', { min: exact(limits.min_cents), max: exact(limits.max_cents) })}
            problem={shown.amount}
            chips={chips}
            disabled={busy}
          />
          <FormAlert problem={shown.base} />
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
              <p id={`${idPrefix}-forfeit-text`}>{describeProblem(t, forfeit)}</p>
              <div className="bonus-card__actions">
                <button
                  type="submit"
                  name="forfeit_bonus"
                  value="yes"
                  className="button button--danger"
                  disabled={busy}
                >
                  {t('bonuses.withdraw.forfeit')}
                </button>
                <button type="button" className="button button--ghost" onClick={() => setAnswer(null)}>
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
    </fetcher.Form>
  );
}
