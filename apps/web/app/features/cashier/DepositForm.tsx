import { gamePagePath } from '@chrysos/rules';
import { type FormEvent, useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import { useTranslation } from '../../lib/i18n';
import { FormAlert, TextField, useProblemFocus } from '../../ui/fields';
import { Icon } from '../../ui/icons/icons';
import { DepositOffers, offerMatching, useDepositOffers } from '../bonuses/DepositOffers';
import { DepositAllowance, useDepositAllowance } from '../compliance/limits/DepositAllowance';
import { VerificationNotice } from '../compliance/verification/VerificationNotice';
import { useRouteReload } from '../realtime/route-reload';
import { amountInputValue, amountProblem, quickAmounts, readAmount } from './amount-input';
import { startDeposit } from './api';
import type { DepositFormData } from './deposit-form-data';
import { AmountField, MethodPicker, WalletLoading } from './fields';
import { displayUnit } from './money';
import { describeAmountProblem, paymentProblems } from './problems';
import { useCurrencySwitch } from './use-currency-switch';
import { useMethods } from './use-methods';
import { useWallet } from './WalletProvider';
import '../../styles/cashier.css';

/**
 * A deposit into the active account (spec §2 cashier and /profile/wallet/deposit): method, amount
 * within the method's limits with quick amounts, the deposit bonus offers the player can choose now
 * (`offer` preselects one: a promotion's "claim" link) and an optional bonus code, which wins over
 * the offer chosen; sending it takes the player to the payment partner's card page, which brings them
 * back to /profile/wallet/deposit?payment= (or, when sent over a game, to the game page).
 */
export function DepositForm({
  idPrefix,
  offer,
  known = null,
}: {
  idPrefix: string;
  offer?: string | null;
  /** What the page's loader read for the form, when it did; the form reads what it lacks itself. */
  known?: DepositFormData | null;
}) {
  const { t, locale } = useTranslation();
  const { pathname } = useLocation();
  const wallet = useWallet();
  const reload = useRouteReload();
  const code = wallet.active?.currency ?? null;
  // The loader's reads are of one currency: another account chosen since, the form reads its own.
  const given = known && known.currency === code ? known : null;
  const { state, retry } = useMethods(code, given?.methods ?? null);
  const [method, setMethod] = useState('');
  const [amount, setAmount] = useState('');
  const [bonusCode, setBonusCode] = useState('');
  const offers = useDepositOffers(code, given?.offers ?? null);
  const offerCodes = offers.map((entry) => entry.code).join(' ');
  const [offerCode, setOfferCode] = useState('');
  // The offer a link asked for, once the offers are read (again for another currency's offers; not when
  // the page's data is read again with the same offers, which would undo the player's choice).
  // biome-ignore lint/correctness/useExhaustiveDependencies: the offers' codes stand for the offers
  useEffect(() => {
    setOfferCode(offerMatching(offers, offer)?.code ?? '');
  }, [offerCodes, offer]);
  const [problems, setProblems] = useState<{ amount?: string; bonus_code?: string; base?: string }>({});
  const [busy, setBusy] = useState(false);
  const { formRef, focusProblems } = useProblemFocus();
  const allowance = useDepositAllowance(code, problems.amount ? 1 : 0, given?.allowance ?? null);
  // A reached deposit limit takes no deposit: no bonus is offered and nothing is sent (issue 31 item 21).
  const blocked = allowance.remaining !== null && allowance.remaining <= 0;

  const methods = state.status === 'ready' ? state.methods : [];
  const chosen = methods.find((entry) => entry.id === method) ?? methods[0];
  useEffect(() => {
    if (chosen && chosen.id !== method) setMethod(chosen.id);
  }, [chosen, method]);
  // A new currency (a switch in the header) starts afresh.
  useCurrencySwitch(code, () => {
    setAmount('');
    setProblems({});
  });

  if (!wallet.ready || !code) return <WalletLoading label={t('wallet.loading')} />;
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
  const limits = chosen.deposit;
  const cents = readAmount(amount, currency, wallet.subcurrency(code));
  const example = amountInputValue(limits.min_cents, unit.subunits_to_unit, locale);
  const chips = quickAmounts(limits.min_cents, limits.max_cents).map((value) => ({
    value: amountInputValue(value, unit.subunits_to_unit, locale),
    label: exact(value),
  }));
  const valid = amountProblem(cents, amount, limits) === null && cents !== null;

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy || blocked || !code || !chosen) return;
    const problem = amountProblem(cents, amount, limits);
    if (problem || cents === null) {
      setProblems({
        amount: describeAmountProblem(t, problem ?? { kind: 'invalid' }, exact, example),
      });
      focusProblems();
      return;
    }
    setProblems({});
    setBusy(true);
    // A code typed by the player wins over the offer ticked above.
    const bonus = bonusCode.trim() || offerCode;
    const response = await startDeposit({
      currency: code,
      amount_cents: cents,
      method: chosen.id,
      ...(bonus ? { bonus_code: bonus } : {}),
      // Started over a game: the payment page brings the player back to it.
      ...(gamePagePath.test(pathname) ? { return_to: pathname } : {}),
    }).catch(() => null);
    const redirect = response?.ok ? response.body.redirect_url : undefined;
    if (typeof redirect === 'string' && redirect) {
      // The busy state stays until the payment page replaces this one.
      window.location.assign(redirect);
      return;
    }
    setBusy(false);
    const found = paymentProblems(t, response, exact);
    // A refusal of the offer ticked above (not of a typed code) is said above the button.
    if (found.bonus_code && !bonusCode.trim()) {
      found.base ??= found.bonus_code;
      delete found.bonus_code;
    }
    setProblems(found);
    focusProblems();
    // A refusal may mean the allowance, the offers or the verification changed: the page reads them again.
    if (given) void reload();
  }

  return (
    <form ref={formRef} className="wallet-form" noValidate onSubmit={submit} aria-busy={busy}>
      <VerificationNotice kind="deposit" currency={code} known={given?.verification ?? null} />
      <MethodPicker name={`${idPrefix}-method`} methods={methods} value={chosen.id} onChange={setMethod} />
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
      <DepositAllowance currency={code} money={exact} allowance={allowance} />
      {blocked ? null : (
        <>
          <DepositOffers
            offers={offers}
            value={offerCode}
            onChange={setOfferCode}
            amountCents={cents}
            money={exact}
            disabled={busy}
          />
          <TextField
            id={`${idPrefix}-bonus-code`}
            name="bonus_code"
            label={t('wallet.deposit.bonusCode')}
            hint={
              offerCode && bonusCode.trim() ? t('bonuses.offers.codeInstead') : t('wallet.deposit.bonusHint')
            }
            autoComplete="off"
            maxLength={64}
            value={bonusCode}
            problem={problems.bonus_code}
            onChange={setBonusCode}
          />
        </>
      )}
      <FormAlert problem={problems.base} />
      <button
        type="submit"
        className="button button--primary button--large wallet-form__submit"
        disabled={busy || blocked}
        aria-busy={busy}
      >
        {busy
          ? t('wallet.deposit.redirecting')
          : valid && cents !== null
            ? t('wallet.deposit.submitAmount', { amount: exact(cents) })
            : t('wallet.deposit.submit')}
      </button>
      <p className="wallet-form__secure">
        <Icon name="shield-check" size={18} />
        {t('wallet.deposit.secure')}
      </p>
    </form>
  );
}
