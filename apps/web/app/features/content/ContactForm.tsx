import { email, maxLength, type RuleResult, required } from '@chrysos/rules';
import { type FormEvent, useEffect, useState } from 'react';
import { useFetcher } from 'react-router';
import { describeProblem, problemsOf, translationKeyOf } from '../../lib/api-errors';
import { type Translate, useTranslation } from '../../lib/i18n';
import { useModals } from '../../modals/ModalProvider';
import type { ThankYouData } from '../crm/ThankYouModal';
import type { ContactField, ContactResult } from './contact-action.server';

type Field = ContactField;
const limits: Record<Field, number> = { name: 120, email: 255, subject: 160, message: 5000 };

/** The same rules the server applies (spec §5), so a visitor sees problems before sending. */
function check(values: Record<Field, string>): Partial<Record<Field, RuleResult>> {
  const problems: Partial<Record<Field, RuleResult>> = {};
  for (const field of Object.keys(limits) as Field[]) {
    const value = values[field].trim();
    const problem =
      required(value) ?? (field === 'email' ? email(value) : null) ?? maxLength(value, limits[field]);
    if (problem) problems[field] = problem;
  }
  return problems;
}

const describe = (t: Translate, result: RuleResult) =>
  result ? t(translationKeyOf(`validation.${result.key}`), result.params) : '';

const isField = (name: string): name is Field => name in limits;

/** Each field's first problem of a refused message by its code; one of no field (too many messages) as `base`. */
function problemsOfRefusal(t: Translate, refusal: { ok: false; body?: unknown } | null) {
  const answered: Partial<Record<Field | 'base', string>> = {};
  for (const problem of problemsOf(refusal)) {
    const field = isField(problem.field) ? problem.field : 'base';
    answered[field] ??= describeProblem(t, problem);
  }
  return answered;
}

/**
 * Spec §2 /support contact form: checked as the server checks it, then posted to the page's action
 * (POST /send_contact_message in process; a fetcher, or a plain post without JavaScript whose answer the
 * page is rendered with: `posted`).
 */
export function ContactForm({
  title,
  lead,
  posted,
}: {
  title: string;
  lead: string;
  posted?: ContactResult | undefined;
}) {
  const { t } = useTranslation();
  const { open } = useModals();
  const fetcher = useFetcher<ContactResult>();
  const result = fetcher.data ?? posted;
  const [values, setValues] = useState<Record<Field, string>>(
    posted && !posted.ok ? posted.values : { name: '', email: '', subject: '', message: '' },
  );
  const [checked, setChecked] = useState<Partial<Record<Field | 'base', string>> | null>(null);
  const sending = fetcher.state !== 'idle';
  // The form's own check until the next answer; then what the answer says.
  const problems = checked ?? (result && !result.ok ? problemsOfRefusal(t, result.refusal) : {});
  const failed = result !== undefined && !result.ok && checked === null;
  // Spec §2 ThankYou: thanks the player and says when the answer comes.
  useEffect(() => {
    if (fetcher.data?.ok) open('ThankYou', { kind: 'contact' } satisfies ThankYouData);
  }, [fetcher.data, open]);

  function submit(event: FormEvent<HTMLFormElement>) {
    const found = check(values);
    if (Object.keys(found).length > 0) {
      event.preventDefault();
      setChecked(
        Object.fromEntries(
          Object.entries(found).map(([field, problem]) => [field, describe(t, problem ?? null)]),
        ),
      );
      return;
    }
    setChecked(null);
  }

  const input = (field: Field, label: string, multiline = false) => (
    <div className="field">
      <label htmlFor={`contact-${field}`}>{label}</label>
      {multiline ? (
        <textarea
          id={`contact-${field}`}
          name={field}
          rows={6}
          value={values[field]}
          aria-invalid={problems[field] ? true : undefined}
          aria-describedby={problems[field] ? `${field}-problem` : undefined}
          onChange={(event) => setValues({ ...values, [field]: event.target.value })}
        />
      ) : (
        <input
          id={`contact-${field}`}
          name={field}
          type={field === 'email' ? 'email' : 'text'}
          autoComplete={field === 'email' ? 'email' : field === 'name' ? 'name' : 'off'}
          value={values[field]}
          aria-invalid={problems[field] ? true : undefined}
          aria-describedby={problems[field] ? `${field}-problem` : undefined}
          onChange={(event) => setValues({ ...values, [field]: event.target.value })}
        />
      )}
      {problems[field] ? (
        <span className="field__problem" id={`${field}-problem`}>
          {problems[field]}
        </span>
      ) : null}
    </div>
  );

  return (
    <section className="support__form" aria-labelledby="form-title">
      <h2 id="form-title">{title}</h2>
      <p>{lead}</p>
      {result?.ok ? (
        <p className="notice notice--success" role="status">
          {t('support.sent')}
        </p>
      ) : (
        <fetcher.Form method="post" noValidate onSubmit={submit}>
          {input('name', t('support.name'))}
          {input('email', t('support.email'))}
          {input('subject', t('support.subject'))}
          {input('message', t('support.message'), true)}
          {failed && (problems.base || Object.keys(problems).length === 0) ? (
            <p className="field__problem" role="alert">
              {problems.base ?? t('support.failed')}
            </p>
          ) : null}
          <button type="submit" className="button button--primary" disabled={sending}>
            {sending ? t('support.sending') : t('support.send')}
          </button>
        </fetcher.Form>
      )}
    </section>
  );
}
