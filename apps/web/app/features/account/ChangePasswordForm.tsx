import { endpoints } from '@chrysos/contract/client';
import { confirmed, maxLength, minLength, required } from '@chrysos/rules';
import { type FormEvent, useState } from 'react';
import { useRevalidator } from 'react-router';
import { useTranslation } from '../../lib/i18n';
import {
  FormAlert,
  FormSuccess,
  onlyProblems,
  SubmitButton,
  TextField,
  useProblemFocus,
} from '../../ui/fields';
import { usePlayer } from '../player/player-session';
import { EmailRequestForm } from './EmailRequestForm';
import { sendWithCaptcha } from './form-api';
import { describeRule, problemsFrom, withUnshownInBase } from './problems';

const fieldNames = ['current_password', 'password', 'password_confirmation'] as const;
type FieldName = (typeof fieldNames)[number];

/** The rules of the new password (spec §5): the same as at registration, typed twice alike. */
export function newPasswordProblems(
  password: string,
  confirmation: string,
): { password: ReturnType<typeof required>; password_confirmation: ReturnType<typeof required> } {
  return {
    password: required(password) ?? minLength(password, 8) ?? maxLength(password, 128),
    password_confirmation: required(confirmation) ?? confirmed(confirmation, password),
  };
}

/**
 * PATCH /player, context change_password: the current password proves it is the player, the new one
 * is typed twice. Other sessions of the player end on the server. A player who only ever signed in
 * through a social account has no current password, and is offered an email link to set one instead.
 */
export function ChangePasswordForm({ idPrefix, onDone }: { idPrefix: string; onDone?: () => void }) {
  const { t } = useTranslation();
  const player = usePlayer();
  const { revalidate } = useRevalidator();
  const [values, setValues] = useState<Record<FieldName, string>>({
    current_password: '',
    password: '',
    password_confirmation: '',
  });
  const [problems, setProblems] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const [solving, setSolving] = useState(false);
  const [changed, setChanged] = useState(false);
  const { formRef, focusProblems } = useProblemFocus();

  if (player && !player.password_set) {
    return (
      <div className="change-password">
        <p>{t('password.change.noPassword')}</p>
        <EmailRequestForm kind="password" idPrefix={`${idPrefix}-set`} initialEmail={player.email} />
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
          <button type="button" className="link-button" onClick={() => setChanged(false)}>
            {t('password.change.again')}
          </button>
        )}
      </div>
    );
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const rules = newPasswordProblems(values.password, values.password_confirmation);
    const found = onlyProblems({
      current_password: describeRule(t, required(values.current_password)),
      password: describeRule(t, rules.password),
      password_confirmation: describeRule(t, rules.password_confirmation),
    });
    setProblems(found);
    focusProblems();
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    const response = await sendWithCaptcha(
      endpoints.player.update,
      { body: { context: 'change_password', player: values } },
      () => setSolving(true),
    ).catch(() => null);
    setBusy(false);
    setSolving(false);
    if (response?.status === 200) {
      setValues({ current_password: '', password: '', password_confirmation: '' });
      setChanged(true);
      await revalidate();
      return;
    }
    setProblems(withUnshownInBase(problemsFrom(t, response), fieldNames));
    focusProblems();
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
    <form ref={formRef} className="auth-form change-password" noValidate onSubmit={submit}>
      {field('current_password', t('password.current'), 'current-password')}
      {field('password', t('password.new'), 'new-password', t('password.hint'))}
      {field('password_confirmation', t('password.confirm'), 'new-password')}
      <FormAlert problem={problems.base} />
      <SubmitButton busy={busy} solving={solving} label={t('password.change.submit')} />
    </form>
  );
}
