import type { Country, Currency } from '@chrysos/contract';
import { endpoints } from '@chrysos/contract/client';
import { email, type Locale, minimumAgeFor, required } from '@chrysos/rules';
import { type FormEvent, useCallback, useEffect, useState } from 'react';
import { useRevalidator } from 'react-router';
import { api } from '../../lib/api';
import { useTranslation } from '../../lib/i18n';
import { useRootData } from '../../lib/route-data';
import {
  CheckboxField,
  FormAlert,
  onlyProblems,
  SelectField,
  SubmitButton,
  TextField,
  useProblemFocus,
} from '../../ui/fields';
import { focusFirstField } from '../../ui/focus';
import { useWallet } from '../cashier/WalletProvider';
import { usePlayer } from '../player/player-session';
import { sendWithCaptcha } from './form-api';
import { describeRule, problemsFrom, withUnshownInBase } from './problems';

/** The fields this form knows how to ask for; others the server may list are left to their own forms. */
const known = [
  'country',
  'currency',
  'email',
  'terms_acceptance',
  'age_acceptance',
  'receive_promos',
  'receive_sms_promos',
] as const;
type Known = (typeof known)[number];
const isKnown = (name: string): name is Known => (known as readonly string[]).includes(name);

interface Options {
  fields: Known[];
  countries: Country[];
  currencies: Currency[];
  suggestedCountry: string | null;
}

/** What the form needs: its fields (GET /info/player_fields), and the countries and currencies to offer. */
async function loadOptions(locale: Locale): Promise<Options | null> {
  const fields = await api(endpoints.player.fields, {});
  if (!fields.ok) return null;
  const names = (fields.body.contexts.complete_registration ?? []).filter(isKnown);
  const [countries, currencies, ip] = await Promise.all([
    names.includes('country') ? api(endpoints.info.countries, { query: { locale } }) : null,
    names.includes('currency') ? api(endpoints.info.currencies, {}) : null,
    names.includes('country') ? api(endpoints.info.currentIp, {}).catch(() => null) : null,
  ]);
  if (countries?.ok === false || currencies?.ok === false) return null;
  return {
    fields: names,
    countries: [...(countries?.body ?? [])].sort((a, b) => a.name.localeCompare(b.name, locale)),
    currencies: currencies?.body ?? [],
    suggestedCountry: ip?.ok ? ip.body.country_code : null,
  };
}

/**
 * CompleteRegistration (spec §4): opens by itself for a signed-in player who has no country yet, or
 * whose social sign-in did not give everything registration asks for. Players who came through a
 * social account send it to POST /auth_providers/update_details, others to PATCH /player.
 */
export function CompleteRegistrationModal() {
  const { t, locale } = useTranslation();
  const player = usePlayer();
  const { revalidate } = useRevalidator();
  const wallet = useWallet();
  const license = useRootData()?.license ?? 'curacao';
  const [options, setOptions] = useState<Options | null | 'failed'>(null);
  const [values, setValues] = useState({ country: '', currency: '', email: '' });
  const [flags, setFlags] = useState({
    terms_acceptance: false,
    age_acceptance: false,
    receive_promos: false,
    receive_sms_promos: false,
  });
  const [currencyChosen, setCurrencyChosen] = useState(false);
  const [problems, setProblems] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const [solving, setSolving] = useState(false);
  const { formRef, focusProblems } = useProblemFocus();

  const load = useCallback(() => {
    setOptions(null);
    loadOptions(locale)
      .catch(() => null)
      .then((loaded) => setOptions(loaded ?? 'failed'));
  }, [locale]);
  useEffect(load, [load]);

  // Suggested answers: the country the visitor is in and its currency, else the account's currency.
  useEffect(() => {
    if (!options || options === 'failed' || !player) return;
    const suggested = options.countries.find((country) => country.code === options.suggestedCountry);
    const offered = (code: string | undefined) =>
      code && options.currencies.some((currency) => currency.code === code) ? code : '';
    setValues((current) => ({
      ...current,
      country: current.country || suggested?.code || '',
      currency: current.currency || offered(suggested?.default_currency) || offered(player.currency),
    }));
  }, [options, player]);

  // The fields arrive after the modal opened (and took the focus): hand it on to the first of them.
  const ready = options !== null && options !== 'failed';
  useEffect(() => {
    const form = formRef.current;
    const panel = form?.closest('.modal__panel');
    if (ready && form && panel && document.activeElement === panel) focusFirstField(form);
  }, [ready, formRef]);

  if (!player) return null;
  if (options === null) {
    return (
      <div className="modal__body" aria-busy="true">
        <p>{t('completeRegistration.loading')}</p>
      </div>
    );
  }
  if (options === 'failed') {
    return (
      <div className="modal__body">
        <p className="form-alert" role="alert">
          {t('completeRegistration.loadFailed')}
        </p>
        <button type="button" className="button button--primary" onClick={load}>
          {t('completeRegistration.retry')}
        </button>
      </div>
    );
  }

  const { fields: asked, countries, currencies } = options;
  if (asked.length === 0) {
    return (
      <div className="modal__body">
        <p className="notice notice--success" role="status">
          {t('completeRegistration.nothingLeft')}
        </p>
      </div>
    );
  }
  const asks = (field: Known) => asked.includes(field);
  const social = !player.password_set;

  function chooseCountry(code: string) {
    const currency = countries.find((entry) => entry.code === code)?.default_currency;
    const offered = currency && currencies.some((entry) => entry.code === currency);
    setValues((current) => ({
      ...current,
      country: code,
      currency: !currencyChosen && offered ? currency : current.currency,
    }));
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!player) return;
    const address = values.email.trim();
    const found = onlyProblems({
      country: asks('country') ? describeRule(t, required(values.country)) : '',
      currency: asks('currency') ? describeRule(t, required(values.currency)) : '',
      email: asks('email') ? describeRule(t, required(address) ?? email(address)) : '',
      terms_acceptance: asks('terms_acceptance') ? describeRule(t, required(flags.terms_acceptance)) : '',
      age_acceptance: asks('age_acceptance') ? describeRule(t, required(flags.age_acceptance)) : '',
    });
    setProblems(found);
    focusProblems();
    if (Object.keys(found).length > 0) return;

    const details: Record<string, string | boolean> = {};
    if (asks('country')) details.country = values.country;
    if (asks('currency')) details.currency = values.currency;
    for (const flag of [
      'terms_acceptance',
      'age_acceptance',
      'receive_promos',
      'receive_sms_promos',
    ] as const) {
      if (asks(flag)) details[flag] = flags[flag];
    }
    setBusy(true);
    const response = await (social
      ? sendWithCaptcha(
          endpoints.auth.updateDetails,
          {
            body: {
              user: { email: asks('email') ? address : player.email, profile_attributes: details },
            },
          },
          () => setSolving(true),
        )
      : sendWithCaptcha(
          endpoints.player.update,
          {
            body: {
              context: 'complete_registration',
              player: { ...details, ...(asks('email') ? { email: address } : {}) },
            },
          },
          () => setSolving(true),
        )
    ).catch(() => null);
    setBusy(false);
    setSolving(false);
    if (response?.status === 200) {
      // The modal closes by itself once the reloaded player has nothing left to complete; the
      // header's balance moves to the account in the chosen currency at once, not at the next poll.
      await Promise.all([revalidate(), wallet.refresh()]);
      return;
    }
    setProblems(withUnshownInBase(problemsFrom(t, response), asked));
    focusProblems();
  }

  const flag = (name: keyof typeof flags, label: string, disabled = false) => (
    <CheckboxField
      id={`complete-registration-${name}`}
      name={name}
      label={label}
      checked={flags[name]}
      disabled={disabled}
      problem={problems[name]}
      onChange={(checked) =>
        setFlags((current) => ({
          ...current,
          [name]: checked,
          // Dependencies of spec §4: age acceptance needs terms, SMS offers need offers.
          ...(name === 'terms_acceptance' && !checked ? { age_acceptance: false } : {}),
          ...(name === 'receive_promos' && !checked ? { receive_sms_promos: false } : {}),
        }))
      }
    />
  );

  return (
    <div className="modal__body">
      <p>{t('completeRegistration.lead')}</p>
      <form ref={formRef} className="auth-form" noValidate onSubmit={submit}>
        {asks('email') ? (
          <TextField
            id="complete-registration-email"
            name="email"
            label={t('auth.email')}
            type="email"
            autoComplete="email"
            inputMode="email"
            value={values.email}
            problem={problems.email}
            hint={t('completeRegistration.emailHint')}
            onChange={(value) => setValues({ ...values, email: value })}
          />
        ) : null}
        {asks('country') ? (
          <SelectField
            id="complete-registration-country"
            name="country"
            label={t('completeRegistration.country')}
            placeholder={t('completeRegistration.chooseCountry')}
            autoComplete="country"
            value={values.country}
            options={countries.map((country) => ({ value: country.code, label: country.name }))}
            problem={problems.country}
            onChange={chooseCountry}
          />
        ) : null}
        {asks('currency') ? (
          <SelectField
            id="complete-registration-currency"
            name="currency"
            label={t('completeRegistration.currency')}
            placeholder={t('completeRegistration.chooseCurrency')}
            value={values.currency}
            options={currencies.map((currency) => ({
              value: currency.code,
              label:
                currency.symbol && currency.symbol !== currency.code
                  ? `${currency.code} (${currency.symbol})`
                  : currency.code,
            }))}
            problem={problems.currency}
            onChange={(value) => {
              setCurrencyChosen(true);
              setValues({ ...values, currency: value });
            }}
          />
        ) : null}
        {asks('terms_acceptance') ? flag('terms_acceptance', t('auth.terms')) : null}
        {asks('age_acceptance')
          ? flag(
              'age_acceptance',
              t('auth.age', { age: minimumAgeFor(license) }),
              asks('terms_acceptance') && !flags.terms_acceptance,
            )
          : null}
        {asks('receive_promos') ? flag('receive_promos', t('auth.promos')) : null}
        {asks('receive_sms_promos')
          ? flag(
              'receive_sms_promos',
              t('auth.smsPromos'),
              asks('receive_promos') ? !flags.receive_promos : !player.receive_promos,
            )
          : null}
        <FormAlert problem={problems.base} />
        <SubmitButton busy={busy} solving={solving} label={t('completeRegistration.submit')} />
      </form>
    </div>
  );
}
