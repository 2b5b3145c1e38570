import {
  email,
  localeCookieMaxAgeSeconds,
  localeCookieName,
  localizePath,
  maxLength,
  minimumAgeFor,
  minLength,
  type RuleResult,
  required,
} from '@chrysos/rules';
import { type FormEvent, useState } from 'react';
import { useLocation, useNavigate, useRevalidator, useRouteLoaderData } from 'react-router';
import { type Translate, useTranslation } from '../i18n/i18n';
import type { loader as rootLoader } from '../root';
import { callApi } from './api';

const describe = (t: Translate, result: RuleResult) =>
  result ? t(`validation.${result.key}`, result.params) : '';

function Field(props: {
  name: string;
  label: string;
  type: string;
  value: string;
  problem: string | undefined;
  autoComplete: string;
  onChange: (value: string) => void;
}) {
  const id = `auth-${props.name}`;
  return (
    <div className="field">
      <label htmlFor={id}>{props.label}</label>
      <input
        id={id}
        name={props.name}
        type={props.type}
        autoComplete={props.autoComplete}
        value={props.value}
        aria-invalid={props.problem ? true : undefined}
        aria-describedby={props.problem ? `${id}-problem` : undefined}
        onChange={(event) => props.onChange(event.target.value)}
      />
      {props.problem ? (
        <span className="field__problem" id={`${id}-problem`}>
          {props.problem}
        </span>
      ) : null}
    </div>
  );
}

/** Sign in with email and password; on success the page reloads its data as the player. */
export function SignInForm({ onDone }: { onDone: () => void }) {
  const { t, locale } = useTranslation();
  const { revalidate } = useRevalidator();
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const [values, setValues] = useState({ email: '', password: '' });
  const [problems, setProblems] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const found = {
      email: describe(t, required(values.email) ?? email(values.email)),
      password: describe(t, required(values.password)),
    };
    setProblems(Object.fromEntries(Object.entries(found).filter(([, message]) => message)));
    if (found.email || found.password) return;
    setBusy(true);
    const response = await callApi('POST', '/users/sign_in', { user: values }).catch(() => null);
    setBusy(false);
    if (response?.status === 200) {
      onDone();
      // The player's own language wins when the site speaks it (spec §4 Locale).
      const language = response.body.language;
      if ((language === 'en' || language === 'el') && language !== locale) {
        // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing in Firefox and older Safari
        document.cookie = `${localeCookieName}=${language}; path=/; max-age=${localeCookieMaxAgeSeconds}; samesite=lax`;
        navigate(`${localizePath(pathname, language)}${search}`, { replace: true });
      } else {
        await revalidate();
      }
      return;
    }
    const message = response?.body.errors?.base?.[0] ?? '';
    setProblems({
      base: /locked/i.test(message) ? t('auth.locked') : response ? t('auth.invalid') : t('auth.failed'),
    });
  }

  return (
    <form className="auth-form" noValidate onSubmit={submit}>
      <Field
        name="email"
        label={t('auth.email')}
        type="email"
        autoComplete="email"
        value={values.email}
        problem={problems.email}
        onChange={(value) => setValues({ ...values, email: value })}
      />
      <Field
        name="password"
        label={t('auth.password')}
        type="password"
        autoComplete="current-password"
        value={values.password}
        problem={problems.password}
        onChange={(value) => setValues({ ...values, password: value })}
      />
      {problems.base ? (
        <p className="field__problem" role="alert">
          {problems.base}
        </p>
      ) : null}
      <button type="submit" className="button button--primary button--large" disabled={busy}>
        {busy ? t('auth.working') : t('auth.signIn')}
      </button>
    </form>
  );
}

/** Registration (spec §4 context): email, password, terms and age acceptance, offers. */
export function SignUpForm({ onDone }: { onDone: () => void }) {
  const { t, locale } = useTranslation();
  const { revalidate } = useRevalidator();
  const license = useRouteLoaderData<typeof rootLoader>('root')?.license ?? 'curacao';
  const [values, setValues] = useState({ email: '', password: '' });
  const [flags, setFlags] = useState({ terms: false, age: false, promos: false, sms: false });
  const [problems, setProblems] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const found: Record<string, string> = {
      email: describe(t, required(values.email) ?? email(values.email)),
      password: describe(
        t,
        required(values.password) ?? minLength(values.password, 8) ?? maxLength(values.password, 128),
      ),
      terms_acceptance: describe(t, required(flags.terms)),
      age_acceptance: describe(t, required(flags.age)),
    };
    const shown = Object.fromEntries(Object.entries(found).filter(([, message]) => message));
    setProblems(shown);
    if (Object.keys(shown).length > 0) return;
    setBusy(true);
    const response = await callApi('POST', `/users${window.location.search}`, {
      user: {
        ...values,
        language: locale,
        terms_acceptance: flags.terms,
        age_acceptance: flags.age,
        receive_promos: flags.promos,
        receive_sms_promos: flags.promos && flags.sms,
      },
    }).catch(() => null);
    setBusy(false);
    if (response?.status === 201) {
      await revalidate();
      onDone();
      return;
    }
    const errors = response?.body.errors ?? { base: [t('auth.failed')] };
    setProblems(
      Object.fromEntries(
        Object.entries(errors).map(([field, messages]) => [
          field,
          messages[0] === 'has already been taken'
            ? t('auth.emailTaken')
            : /most common passwords/.test(messages[0] ?? '')
              ? t('auth.commonPassword')
              : (messages[0] ?? ''),
        ]),
      ),
    );
  }

  const checkbox = (key: keyof typeof flags, name: string, label: string, disabled = false) => (
    <div className="checkbox">
      <input
        id={`auth-${name}`}
        type="checkbox"
        checked={flags[key]}
        disabled={disabled}
        aria-invalid={problems[name] ? true : undefined}
        onChange={(event) => setFlags({ ...flags, [key]: event.target.checked })}
      />
      <label htmlFor={`auth-${name}`}>{label}</label>
      {problems[name] ? <span className="field__problem">{problems[name]}</span> : null}
    </div>
  );

  return (
    <form className="auth-form" noValidate onSubmit={submit}>
      <Field
        name="email"
        label={t('auth.email')}
        type="email"
        autoComplete="email"
        value={values.email}
        problem={problems.email}
        onChange={(value) => setValues({ ...values, email: value })}
      />
      <Field
        name="password"
        label={t('auth.password')}
        type="password"
        autoComplete="new-password"
        value={values.password}
        problem={problems.password}
        onChange={(value) => setValues({ ...values, password: value })}
      />
      {checkbox('terms', 'terms_acceptance', t('auth.terms'))}
      {/* Age acceptance depends on terms acceptance (spec §4). */}
      {checkbox('age', 'age_acceptance', t('auth.age', { age: minimumAgeFor(license) }), !flags.terms)}
      {checkbox('promos', 'receive_promos', t('auth.promos'))}
      {checkbox('sms', 'receive_sms_promos', t('auth.smsPromos'), !flags.promos)}
      {problems.base ? (
        <p className="field__problem" role="alert">
          {problems.base}
        </p>
      ) : null}
      <button type="submit" className="button button--primary button--large" disabled={busy}>
        {busy ? t('auth.working') : t('auth.signUp')}
      </button>
    </form>
  );
}

/** Ends the session and reloads the page's data as a visitor. */
export function useSignOut(): () => Promise<void> {
  const { revalidate } = useRevalidator();
  return async () => {
    await callApi('DELETE', '/users/sign_out').catch(() => null);
    await revalidate();
  };
}
