import { gamePagePath, localizePath } from '@chrysos/rules';
import { type FormEvent, useEffect, useState } from 'react';
import { useFetcher, useLocation } from 'react-router';
import { useTranslation } from '../../lib/i18n';
import { useHydrated } from '../../lib/use-hydrated';
import { FormAlert, TextField, useProblemFocus } from '../../ui/fields';
import { Icon } from '../../ui/icons/icons';
import { DepositOffers, offerMatching, useDepositOffers } from '../bonuses/DepositOffers';
import { DepositAllowance, useDepositAllowance } from '../compliance/limits/DepositAllowance';
import { VerificationNotice } from '../compliance/verification/VerificationNotice';
import { useRouteReload } from '../realtime/route-reload';
import { amountInputValue, amountProblem, quickAmounts, readAmount } from './amount-input';
import { walletDepositPath } from './cashier-rules';
import type { DepositRefused } from './deposit-action.server';
import type { DepositFormData } from './deposit-form-data';
import { AmountField, MethodPicker, WalletLoading } from './fields';
import { displayUnit } from './money';
import { describeAmountProblem, paymentProblems } from './problems';
import { useCurrencySwitch } from './use-currency-switch';
import { useMethods } from './use-methods';
import { useWallet } from './WalletProvider';
import '../../styles/cashier.css';

type Problems = { amount?: string | undefined; bonus_code?: string; base?: string };

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
  posted,
}: {
  idPrefix: string;
  offer?: string | null;
  /** What the page's loader read for the form, when it did; the form reads what it lacks itself. */
  known?: DepositFormData | null;
  /** The action's refusal of a deposit posted without JavaScript, which the page was rendered with. */
  posted?: DepositRefused | undefined;
}) {
  const { t, locale } = useTranslation();
  const { pathname } = useLocation();
  const hydrated = useHydrated();
  // A deposit posts to the deposit page's action (from the cashier window over any page too), which
  // reloads the document at the payment page once it is started.
  const fetcher = useFetcher<DepositRefused>();
  const busy = fetcher.state !== 'idle';
  const wallet = useWallet();
  const reload = useRouteReload();
  const code = wallet.active?.currency ?? null;
  // The loader's reads are of one currency: another account chosen since, the form reads its own.
  const given = known && known.currency === code ? known : null;
  const { state, retry } = useMethods(code, given?.methods ?? null);
  const [method, setMethod] = useState('');
  const [amount, setAmount] = useState(posted?.amount ?? '');
  const [bonusCode, setBonusCode] = useState('');
  const offers = useDepositOffers(code, given?.offers ?? null);
  const offerCodes = offers.map((entry) => entry.code).join(' ');
  // The offer a link asked for, chosen as the offers are read (again for another currency's offers; not
  // when the page's data is read again with the same offers, which would undo the player's choice). Set
  // while rendering, not in an effect: the first HTML has it ticked, and a tick made before an effect
  // ran is never undone.
  const choiceFor = `${offerCodes}\u0000${offer ?? ''}`;
  const [choice, setChoice] = useState(() => ({
    for: choiceFor,
    code: offerMatching(offers, offer)?.code ?? '',
  }));
  if (choice.for !== choiceFor) setChoice({ for: choiceFor, code: offerMatching(offers, offer)?.code ?? '' });
  const offerCode = choice.code;
  const setOfferCode = (code: string) => setChoice({ for: choiceFor, code });
  /** Problems found before sending; a field's problem set to undefined hides the refusal's at that field. */
  const [problems, setProblems] = useState<Problems>({});
  /** The action's last refusal, described below once the currency's limits are known. */
  const [refused, setRefused] = useState<DepositRefused | null>(posted ?? null);
  const { formRef, focusProblems } = useProblemFocus();
  // A refusal may mean the allowance, the offers or the verification changed (a refusal reads no loader
  // again by itself): the page reads them again, or the form its allowance.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per answer
  useEffect(() => {
    if (!fetcher.data) return;
    setRefused(fetcher.data);
    setProblems({});
    focusProblems();
    if (given) void reload();
  }, [fetcher.data]);
  const allowance = useDepositAllowance(code, fetcher.data ? 1 : 0, given?.allowance ?? null);
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

  function refusalProblems(answer: DepositRefused): Problems {
    if (answer.field) return { amount: describeAmountProblem(t, { kind: 'invalid' }, exact, example) };
    const found = paymentProblems(t, answer.refusal, exact);
    // A refusal of the offer ticked above (not of a typed code) is said above the button.
    if (found.bonus_code && !answer.coded) {
      found.base ??= found.bonus_code;
      delete found.bonus_code;
    }
    return found;
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    if (busy || blocked || !code || !chosen) return event.preventDefault();
    const problem = amountProblem(cents, amount, limits);
    if (problem || cents === null) {
      event.preventDefault();
      setProblems({
        amount: describeAmountProblem(t, problem ?? { kind: 'invalid' }, exact, example),
      });
      focusProblems();
      return;
    }
    setProblems({});
    setRefused(null);
  }

  const shown: Problems = refused ? { ...refusalProblems(refused), ...problems } : problems;

  return (
    <fetcher.Form
      ref={formRef}
      method="post"
      action={localizePath(walletDepositPath, locale)}
      className="wallet-form"
      noValidate
      onSubmit={submit}
      aria-busy={busy}
    >
      <input type="hidden" name="currency" value={code} />
      {/* Read in the display unit the player chose (mBTC…); without JavaScript the action reads `amount`. */}
      {hydrated ? <input type="hidden" name="amount_minor" value={cents ?? ''} /> : null}
      {/* Started over a game: the payment page brings the player back to it. */}
      {gamePagePath.test(pathname) ? <input type="hidden" name="return_to" value={pathname} /> : null}
      <VerificationNotice kind="deposit" currency={code} known={given?.verification ?? null} />
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
            problem={shown.bonus_code}
            onChange={setBonusCode}
          />
        </>
      )}
      <FormAlert problem={shown.base} />
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
    </fetcher.Form>
  );
}
