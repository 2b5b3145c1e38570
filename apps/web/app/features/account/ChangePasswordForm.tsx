import { localizePath } from '@chrysos/rules';
import { useEffect, useState } from 'react';
import { useFetcher } from 'react-router';
import { useTranslation } from '../../lib/i18n';
import { FormAlert, FormSuccess, SubmitButton, TextField, useProblemFocus } from '../../ui/fields';
import { EmailRequestForm } from './EmailRequestForm';
import type { PasswordAccount, PasswordResult } from './password-form';

const fieldNames = ['current_password', 'password', 'password_confirmation'] as const;
type FieldName = (typeof fieldNames)[number];
const noPasswords: Record<FieldName, string> = {
  current_password: '',
  password: '',
  password_confirmation: '',
};

/**
 * PATCH /player, context change_password, through the security tab's route action (on that tab and in
 * the ChangePassword modal alike): the current password proves it is the player, the new one is typed
 * twice. Other sessions of the player end on the server. A player who only ever signed in through a
 * social account has no current password, and is offered an email link to set one instead.
 */
export function ChangePasswordForm({
  idPrefix,
  account,
  onDone,
  posted,
}: {
  idPrefix: string;
  account: PasswordAccount;
  onDone?: () => void;
  /** The action's answer to a form posted without JavaScript, which the page was rendered with. */
  posted?: PasswordResult | undefined;
}) {
  const { t, locale } = useTranslation();
  const fetcher = useFetcher<PasswordResult>();
  const [values, setValues] = useState(noPasswords);
  const [problems, setProblems] = useState<Record<string, string>>(() =>
    posted && !posted.changed ? posted.problems : {},
  );
  const [changed, setChanged] = useState(posted?.changed ?? false);
  const { formRef, focusProblems } = useProblemFocus();
  const securityPage = localizePath('/profile/general/security', locale);

  // The action's answer: changed (the fields are emptied), or the problems, with the focus on the first.
  const answer = fetcher.data;
  useEffect(() => {
    if (!answer) return;
    if (answer.changed) {
      setValues(noPasswords);
      setProblems({});
      setChanged(true);
      return;
    }
    setProblems(answer.problems);
    focusProblems();
  }, [answer, focusProblems]);

  if (!account.passwordSet) {
    return (
      <div className="change-password">
        <p>{t('password.change.noPassword')}</p>
        <EmailRequestForm kind="password" idPrefix={`${idPrefix}-set`} initialEmail={account.email} />
      </div>
    );
  }

  if (changed) {
    return (
      <div className="change-password">
        <FormSuccess>{t('password.changed')}</FormSuccess>
        {onDone ? (
          <button type="button" className="button button--primary" onClick={onDone}>
            {t('account.done')}
          </button>
        ) : (
          // A link, so the form comes back without JavaScript too (the tab loads afresh).
          <a
            className="link-button"
            href={securityPage}
            onClick={(event) => {
              event.preventDefault();
              setChanged(false);
            }}
          >
            {t('password.change.again')}
          </a>
        )}
      </div>
    );
  }

  const field = (name: FieldName, label: string, autoComplete: string, hint?: string) => (
    <TextField
      id={`${idPrefix}-${name}`}
      name={name}
      label={label}
      type="password"
      autoComplete={autoComplete}
      value={values[name]}
      problem={problems[name]}
      hint={hint}
      onChange={(value) => setValues({ ...values, [name]: value })}
    />
  );

  return (
    <fetcher.Form
      ref={formRef}
      method="post"
      action={securityPage}
      className="auth-form change-password"
      noValidate
    >
      {field('current_password', t('password.current'), 'current-password')}
      {field('password', t('password.new'), 'new-password', t('password.hint'))}
      {field('password_confirmation', t('password.confirm'), 'new-password')}
      <FormAlert problem={problems.base} />
      <SubmitButton busy={fetcher.state !== 'idle'} solving={false} label={t('password.change.submit')} />
    </fetcher.Form>
  );
}
