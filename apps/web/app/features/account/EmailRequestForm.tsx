import { localizePath } from '@chrysos/rules';
import { useEffect, useState } from 'react';
import { useFetcher } from 'react-router';
import { useTranslation } from '../../lib/i18n';
import { FormAlert, FormSuccess, SubmitButton, TextField, useProblemFocus } from '../../ui/fields';

/** The three "email me a link" requests: the page whose action sends each, and its words. */
export const emailRequests = {
  password: { page: '/users/password/new', copy: 'password.request' },
  confirmation: { page: '/users/confirmation/new', copy: 'confirmation.request' },
  unlock: { page: '/users/unlock/new', copy: 'unlock.request' },
} as const;
export type EmailRequestKind = keyof typeof emailRequests;

/** What the page's action answers: the address the link went to, or the problems beside what was typed. */
export type EmailRequestResult = { sentTo: string } | { email: string; problems: Record<string, string> };

/**
 * Asks for a password reset, confirmation or unlock email, through the action of that request's page
 * (on the page, in a modal or on the security tab alike; without JavaScript as a plain form). The answer never says whether the address
 * has an account (spec: the same answer either way), so neither does the message shown after it.
 */
export function EmailRequestForm({
  kind,
  idPrefix,
  initialEmail = '',
  posted,
}: {
  kind: EmailRequestKind;
  idPrefix: string;
  initialEmail?: string;
  /** The action's answer to a form posted without JavaScript, which the page was rendered with. */
  posted?: EmailRequestResult | undefined;
}) {
  const { t, locale } = useTranslation();
  const { page, copy } = emailRequests[kind];
  const fetcher = useFetcher<EmailRequestResult>();
  const [address, setAddress] = useState(posted && 'email' in posted ? posted.email : initialEmail);
  const [problems, setProblems] = useState<Record<string, string>>(() =>
    posted && 'problems' in posted ? posted.problems : {},
  );
  const [sentTo, setSentTo] = useState<string | null>(posted && 'sentTo' in posted ? posted.sentTo : null);
  const { formRef, focusProblems } = useProblemFocus();

  // The action's answer: the link is on its way, or the problems, with the focus on the first.
  const answer = fetcher.data;
  useEffect(() => {
    if (!answer) return;
    if ('sentTo' in answer) {
      setSentTo(answer.sentTo);
      setProblems({});
      return;
    }
    setProblems(answer.problems);
    focusProblems();
  }, [answer, focusProblems]);

  if (sentTo) {
    return (
      <div className="email-request">
        <FormSuccess>{t(`${copy}.sent`, { email: sentTo })}</FormSuccess>
        {/* A link, so the form comes back without JavaScript too (the page loads afresh). */}
        <a
          className="link-button"
          href={localizePath(page, locale)}
          onClick={(event) => {
            event.preventDefault();
            setSentTo(null);
          }}
        >
          {t('account.useAnotherEmail')}
        </a>
      </div>
    );
  }

  return (
    <fetcher.Form
      ref={formRef}
      method="post"
      action={localizePath(page, locale)}
      className="auth-form email-request"
      noValidate
    >
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
      <SubmitButton busy={fetcher.state !== 'idle'} solving={false} label={t(`${copy}.submit`)} />
    </fetcher.Form>
  );
}
