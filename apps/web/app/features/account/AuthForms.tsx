import { endpoints } from '@chrysos/contract/client';
import {
  email,
  localeCookieMaxAgeSeconds,
  localeCookieName,
  localizePath,
  maxLength,
  minimumAgeFor,
  minLength,
  required,
} from '@chrysos/rules';
import { type FormEvent, type ReactNode, useEffect, useRef, useState } from 'react';
import { Link, useLocation, useNavigate, useRevalidator } from 'react-router';
import { api } from '../../lib/api';
import { type Translate, useTranslation } from '../../lib/i18n';
import { useRootData } from '../../lib/route-data';
import {
  CheckboxField,
  FormAlert,
  onlyProblems,
  SubmitButton,
  TextField,
  useProblemFocus,
} from '../../ui/fields';
import { createEmailValidator, emailCheckDelayMs, registrationAllowed } from './email-check';
import { playerSettings, sendWithCaptcha, usePlayerSettings } from './form-api';
import { describeRule, problemsFrom, withUnshownInBase } from './problems';
import { referralQueryFor } from './referral-storage';
import { rememberPlayer } from './remembered-player';
import { SocialSignIn } from './SocialSignIn';

/**
 * Sign in with email and password; on success the page reloads its data as the player. The Login
 * modal passes `initialEmail` and a greeting for a returning player (spec §2 early login).
 */
export function SignInForm({
  onDone,
  idPrefix = 'auth',
  initialEmail = '',
  greeting,
  onForgotPassword,
  initialProblem,
  startLocked = false,
}: {
  onDone: () => void;
  idPrefix?: string;
  initialEmail?: string;
  greeting?: ReactNode;
  /** A form-level message to start with, such as a failed social sign-in; the next attempt replaces it. */
  initialProblem?: string;
  /** Start by saying the account is locked, with the unlock link (a social sign-in into a locked account). */
  startLocked?: boolean;
  /** Opens the reset form in place (the modal); without it the link goes to /users/password/new. */
  onForgotPassword?: (email: string) => void;
}) {
  const { t, locale } = useTranslation();
  const { revalidate } = useRevalidator();
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const [values, setValues] = useState({ email: initialEmail, password: '' });
  const [problems, setProblems] = useState<Record<string, string>>(
    startLocked ? { base: t('auth.locked') } : initialProblem ? { base: initialProblem } : {},
  );
  const [locked, setLocked] = useState(startLocked);
  const [busy, setBusy] = useState(false);
  const [solving, setSolving] = useState(false);
  const { formRef, focusProblems } = useProblemFocus();

  useEffect(() => {
    setValues((current) => ({ ...current, email: initialEmail }));
  }, [initialEmail]);

  // The page may restate its message once hydrated (a moment in the visitor's time zone): shown as it
  // is now, until an attempt replaces it.
  const shownInitial = useRef(initialProblem);
  useEffect(() => {
    const before = shownInitial.current;
    shownInitial.current = initialProblem;
    if (!initialProblem || before === initialProblem) return;
    setProblems((current) => (current.base === before ? { ...current, base: initialProblem } : current));
  }, [initialProblem]);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const found = onlyProblems({
      email: describeRule(t, required(values.email) ?? email(values.email)),
      password: describeRule(t, required(values.password)),
    });
    setProblems(found);
    setLocked(false);
    focusProblems();
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    const response = await sendWithCaptcha(endpoints.auth.signIn, { body: { user: values } }, () =>
      setSolving(true),
    ).catch(() => null);
    setBusy(false);
    setSolving(false);
    if (response?.ok) {
      const player = response.body;
      rememberPlayer(player);
      onDone();
      // The player's own language wins when the site speaks it (spec §4 Locale).
      const language = player.language;
      if ((language === 'en' || language === 'el') && language !== locale) {
        // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing in Firefox and older Safari
        document.cookie = `${localeCookieName}=${language}; path=/; max-age=${localeCookieMaxAgeSeconds}; samesite=lax`;
        navigate(`${localizePath(pathname, language)}${search}`, { replace: true });
      } else {
        await revalidate();
      }
      return;
    }
    // A locked account gets the unlock link beside the message.
    setLocked(response?.ok === false && response.body.codes?.base?.includes('auth.account_locked') === true);
    setProblems(withUnshownInBase(problemsFrom(t, response), ['email', 'password']));
  }

  return (
    <form ref={formRef} className="auth-form" noValidate onSubmit={submit}>
      {greeting}
      <SocialSignIn mode="signIn" />
      <TextField
        id={`${idPrefix}-email`}
        name="email"
        label={t('auth.email')}
        type="email"
        autoComplete="email"
        inputMode="email"
        value={values.email}
        problem={problems.email}
        onChange={(value) => setValues({ ...values, email: value })}
      />
      <TextField
        id={`${idPrefix}-password`}
        name="password"
        label={t('auth.password')}
        type="password"
        autoComplete="current-password"
        value={values.password}
        problem={problems.password}
        onChange={(value) => setValues({ ...values, password: value })}
      />
      <p className="auth-form__forgot">
        {onForgotPassword ? (
          <button type="button" className="link-button" onClick={() => onForgotPassword(values.email)}>
            {t('auth.forgotPassword')}
          </button>
        ) : (
          <Link to={localizePath('/users/password/new', locale)}>{t('auth.forgotPassword')}</Link>
        )}
      </p>
      <FormAlert problem={problems.base} />
      {locked ? (
        <p className="auth-form__help">
          <Link to={localizePath('/users/unlock/new', locale)}>{t('auth.unlockByEmail')}</Link>
        </p>
      ) : null}
      <SubmitButton busy={busy} solving={solving} label={t('auth.signIn')} />
    </form>
  );
}

const validateEmail = createEmailValidator(async (address) => {
  const answer = await api(endpoints.auth.validateEmail, { body: { email: address } });
  // Only a clear "no" counts: a failed or odd answer lets the address through (spec §5).
  return !(answer.ok && answer.body.valid === false);
});

/**
 * Spec §5: when the casino asks for it, the server checks an address 300 ms after the visitor stops
 * typing it; answers are kept per address and a failed check counts as valid.
 */
function useEmailCheck(address: string, enabled: boolean) {
  const [answer, setAnswer] = useState<{ address: string; valid: boolean } | null>(null);
  const [checking, setChecking] = useState<string | null>(null);
  const checkable = enabled && !required(address) && !email(address);

  useEffect(() => {
    if (!checkable) return;
    let live = true;
    const timer = setTimeout(() => {
      setChecking(address);
      validateEmail(address).then((valid) => {
        if (!live) return;
        setAnswer({ address, valid });
        setChecking(null);
      });
    }, emailCheckDelayMs);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [address, checkable]);

  return {
    undeliverable: checkable && answer?.address === address && !answer.valid,
    checking: checkable && checking === address,
    /** The answer for the address now in the field (at once when already known). */
    check: () => (checkable ? validateEmail(address) : Promise.resolve(true)),
  };
}

/** Registration (spec §4 context): email, password, terms and age acceptance, offers. */
/** What the sign-up form's own checks find in what is filled in now. */
function signUpProblems(
  t: Translate,
  values: { email: string; password: string },
  flags: { terms: boolean; age: boolean },
): Record<string, string> {
  return onlyProblems({
    email: describeRule(t, required(values.email) ?? email(values.email)),
    password: describeRule(
      t,
      required(values.password) ?? minLength(values.password, 8) ?? maxLength(values.password, 128),
    ),
    terms_acceptance: describeRule(t, required(flags.terms)),
    age_acceptance: describeRule(t, required(flags.age)),
  });
}

export function SignUpForm({ onDone, idPrefix = 'auth' }: { onDone: () => void; idPrefix?: string }) {
  const { t, locale } = useTranslation();
  const { revalidate } = useRevalidator();
  const license = useRootData()?.license ?? 'curacao';
  const settings = usePlayerSettings();
  const [values, setValues] = useState({ email: '', password: '' });
  const [flags, setFlags] = useState({ terms: false, age: false, promos: false, sms: false });
  /** The server's refusals, each until its field changes. */
  const [refusals, setRefusals] = useState<Record<string, string>>({});
  /** After a first try the form's own checks follow every change, so no error goes stale (issue 31 item 21). */
  const [tried, setTried] = useState(false);
  const [busy, setBusy] = useState(false);
  const [solving, setSolving] = useState(false);
  const { formRef, focusProblems } = useProblemFocus();
  const emailCheck = useEmailCheck(values.email, settings?.validate_email === true);
  const problems = { ...refusals, ...(tried ? signUpProblems(t, values, flags) : {}) };
  const change = (field: string) => {
    if (refusals[field]) setRefusals(({ [field]: _, ...rest }) => rest);
  };

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setTried(true);
    const found = signUpProblems(t, values, flags);
    if (!found.email && !(await emailCheck.check())) found.email = t('auth.emailUndeliverable');
    setRefusals(found.email === t('auth.emailUndeliverable') ? { email: found.email } : {});
    focusProblems();
    if (Object.keys(found).length > 0) return;
    // Spec §5: a registration from a domain the casino does not allow is silently skipped.
    const allowedDomains = (await playerSettings())?.allowed_email_domains ?? null;
    if (!registrationAllowed(values.email, allowedDomains)) return;
    setBusy(true);
    const response = await sendWithCaptcha(
      endpoints.auth.signUp,
      {
        query: Object.fromEntries(new URLSearchParams(referralQueryFor(window.location.search))),
        body: {
          user: {
            ...values,
            language: locale,
            // Unticked boxes are sent as they are: the server's refusal names them (validation.required).
            terms_acceptance: flags.terms as true,
            age_acceptance: flags.age as true,
            receive_promos: flags.promos,
            receive_sms_promos: flags.promos && flags.sms,
          },
        },
      },
      () => setSolving(true),
    ).catch(() => null);
    setBusy(false);
    setSolving(false);
    if (response?.ok) {
      const player = response.body;
      rememberPlayer(player);
      await revalidate();
      onDone();
      return;
    }
    setRefusals(problemsFrom(t, response));
    focusProblems();
  }

  const shownEmailProblem =
    problems.email ?? (emailCheck.undeliverable ? t('auth.emailUndeliverable') : undefined);

  return (
    <form ref={formRef} className="auth-form" noValidate onSubmit={submit}>
      <SocialSignIn mode="signUp" />
      <TextField
        id={`${idPrefix}-email`}
        name="email"
        label={t('auth.email')}
        type="email"
        autoComplete="email"
        inputMode="email"
        value={values.email}
        problem={shownEmailProblem}
        status={emailCheck.checking ? t('auth.emailChecking') : undefined}
        onChange={(value) => {
          setValues({ ...values, email: value });
          change('email');
        }}
      />
      <TextField
        id={`${idPrefix}-password`}
        name="password"
        label={t('auth.password')}
        type="password"
        autoComplete="new-password"
        value={values.password}
        problem={problems.password}
        hint={t('password.hint')}
        onChange={(value) => {
          setValues({ ...values, password: value });
          change('password');
        }}
      />
      <CheckboxField
        id={`${idPrefix}-terms_acceptance`}
        name="terms_acceptance"
        label={t('auth.terms')}
        checked={flags.terms}
        problem={problems.terms_acceptance}
        // Age acceptance depends on terms acceptance (spec §4): unticking terms unticks it too.
        onChange={(checked) => {
          setFlags({ ...flags, terms: checked, age: checked && flags.age });
          change('terms_acceptance');
        }}
      />
      <CheckboxField
        id={`${idPrefix}-age_acceptance`}
        name="age_acceptance"
        label={t('auth.age', { age: minimumAgeFor(license) })}
        checked={flags.age}
        disabled={!flags.terms}
        problem={problems.age_acceptance}
        onChange={(checked) => {
          setFlags({ ...flags, age: checked });
          change('age_acceptance');
        }}
      />
      <CheckboxField
        id={`${idPrefix}-receive_promos`}
        name="receive_promos"
        label={t('auth.promos')}
        checked={flags.promos}
        onChange={(checked) => setFlags({ ...flags, promos: checked, sms: checked && flags.sms })}
      />
      <CheckboxField
        id={`${idPrefix}-receive_sms_promos`}
        name="receive_sms_promos"
        label={t('auth.smsPromos')}
        checked={flags.sms}
        disabled={!flags.promos}
        onChange={(checked) => setFlags({ ...flags, sms: checked })}
      />
      <FormAlert problem={problems.base} />
      <SubmitButton busy={busy} solving={solving} label={t('auth.signUp')} />
    </form>
  );
}
