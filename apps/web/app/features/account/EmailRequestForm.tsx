import { endpoints } from '@chrysos/contract/client';
import { email, required } from '@chrysos/rules';
import { type FormEvent, useState } from 'react';
import { useTranslation } from '../../lib/i18n';
import {
  FormAlert,
  FormSuccess,
  onlyProblems,
  SubmitButton,
  TextField,
  useProblemFocus,
} from '../../ui/fields';
import { sendWithCaptcha } from './form-api';
import { describeRule, problemsFrom, withUnshownInBase } from './problems';

/** The three "email me a link" requests and where each goes. */
export const emailRequests = {
  password: { endpoint: endpoints.auth.requestPasswordReset, copy: 'password.request' },
  confirmation: { endpoint: endpoints.auth.resendConfirmation, copy: 'confirmation.request' },
  unlock: { endpoint: endpoints.auth.resendUnlock, copy: 'unlock.request' },
} as const;
export type EmailRequestKind = keyof typeof emailRequests;

/**
 * Asks for a password reset, confirmation or unlock email. The answer never says whether the address
 * has an account (spec: the same answer either way), so neither does the message shown after it.
 */
export function EmailRequestForm({
  kind,
  idPrefix,
  initialEmail = '',
}: {
  kind: EmailRequestKind;
  idPrefix: string;
  initialEmail?: string;
}) {
  const { t } = useTranslation();
  const { endpoint, copy } = emailRequests[kind];
  const [address, setAddress] = useState(initialEmail);
  const [problems, setProblems] = useState<Record<string, string>>({});
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [solving, setSolving] = useState(false);
  const { formRef, focusProblems } = useProblemFocus();

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const value = address.trim();
    const found = onlyProblems({ email: describeRule(t, required(value) ?? email(value)) });
    setProblems(found);
    focusProblems();
    if (found.email) return;
    setBusy(true);
    const response = await sendWithCaptcha(endpoint, { body: { user: { email: value } } }, () =>
      setSolving(true),
    ).catch(() => null);
    setBusy(false);
    setSolving(false);
    if (response?.status === 200) {
      setSentTo(value);
      return;
    }
    setProblems(withUnshownInBase(problemsFrom(t, response), ['email']));
    focusProblems();
  }

  if (sentTo) {
    return (
      <div className="email-request">
        <FormSuccess>{t(`${copy}.sent`, { email: sentTo })}</FormSuccess>
        <button type="button" className="link-button" onClick={() => setSentTo(null)}>
          {t('account.useAnotherEmail')}
        </button>
      </div>
    );
  }

  return (
    <form ref={formRef} className="auth-form email-request" noValidate onSubmit={submit}>
      <TextField
        id={`${idPrefix}-email`}
        name="email"
        label={t('auth.email')}
        type="email"
        autoComplete="email"
        inputMode="email"
        value={address}
        problem={problems.email}
        onChange={setAddress}
      />
      <FormAlert problem={problems.base} />
      <SubmitButton busy={busy} solving={solving} label={t(`${copy}.submit`)} />
    </form>
  );
}
