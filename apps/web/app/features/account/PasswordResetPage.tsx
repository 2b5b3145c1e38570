import { endpoints } from '@chrysos/contract/client';
import { localizePath } from '@chrysos/rules';
import { type FormEvent, useState } from 'react';
import { Link, useNavigate, useRevalidator, useSearchParams } from 'react-router';
import { useTranslation } from '../../lib/i18n';
import { FormAlert, onlyProblems, SubmitButton, TextField, useProblemFocus } from '../../ui/fields';
import { sendWithCaptcha } from './form-api';
import { newPasswordProblems } from './password-form';
import { describeRule, problemsFrom, withUnshownInBase } from './problems';
import { rememberPlayer } from './remembered-player';

/**
 * Spec §2 /users/password/edit?reset_password_token=: the new password, twice. The server checks the
 * token, signs the player in and ends their other sessions; the player lands on the home page.
 */
export function PasswordResetPage() {
  const { t, locale } = useTranslation();
  const token = useSearchParams()[0].get('reset_password_token') ?? '';
  const navigate = useNavigate();
  const { revalidate } = useRevalidator();
  const [values, setValues] = useState({ password: '', password_confirmation: '' });
  const [problems, setProblems] = useState<Record<string, string>>({});
  const [linkInvalid, setLinkInvalid] = useState(!token);
  const [busy, setBusy] = useState(false);
  const [solving, setSolving] = useState(false);
  const { formRef, focusProblems } = useProblemFocus();
  const to = (path: string) => localizePath(path, locale);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const rules = newPasswordProblems(values.password, values.password_confirmation);
    const found = onlyProblems({
      password: describeRule(t, rules.password),
      password_confirmation: describeRule(t, rules.password_confirmation),
    });
    setProblems(found);
    focusProblems();
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    const response = await sendWithCaptcha(
      endpoints.auth.resetPassword,
      { body: { user: { reset_password_token: token, ...values } } },
      () => setSolving(true),
    ).catch(() => null);
    setBusy(false);
    setSolving(false);
    if (response?.ok) {
      const player = response.body;
      rememberPlayer(player);
      await revalidate();
      navigate(to('/'), { replace: true });
      return;
    }
    if (response?.ok === false && response.body.errors?.reset_password_token) {
      setLinkInvalid(true);
      return;
    }
    setProblems(withUnshownInBase(problemsFrom(t, response), ['password', 'password_confirmation']));
    focusProblems();
  }

  return (
    <section className="content-page account-page">
      <h1>{t('password.edit.title')}</h1>
      {linkInvalid ? (
        <>
          <p className="notice notice--error" role="alert">
            {token ? t('password.linkInvalid') : t('password.linkMissing')}
          </p>
          <p className="account-page__actions">
            <Link className="button button--primary" to={to('/users/password/new')}>
              {t('password.requestNew')}
            </Link>
          </p>
        </>
      ) : (
        <>
          <p className="account-page__lead">{t('password.edit.lead')}</p>
          <form ref={formRef} className="auth-form" noValidate onSubmit={submit}>
            <TextField
              id="password-edit-password"
              name="password"
              label={t('password.new')}
              type="password"
              autoComplete="new-password"
              value={values.password}
              problem={problems.password}
              hint={t('password.hint')}
              onChange={(value) => setValues({ ...values, password: value })}
            />
            <TextField
              id="password-edit-password_confirmation"
              name="password_confirmation"
              label={t('password.confirm')}
              type="password"
              autoComplete="new-password"
              value={values.password_confirmation}
              problem={problems.password_confirmation}
              onChange={(value) => setValues({ ...values, password_confirmation: value })}
            />
            <FormAlert problem={problems.base} />
            <SubmitButton busy={busy} solving={solving} label={t('password.edit.submit')} />
          </form>
        </>
      )}
    </section>
  );
}
