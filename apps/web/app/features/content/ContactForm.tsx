import { endpoints } from '@chrysos/contract/client';
import { email, type Locale, maxLength, type RuleResult, required } from '@chrysos/rules';
import { type FormEvent, useState } from 'react';
import { api } from '../../lib/api';
import { describeProblem, problemsOf, translationKeyOf } from '../../lib/api-errors';
import { type Translate, useTranslation } from '../../lib/i18n';
import { useModals } from '../../modals/ModalProvider';
import type { ThankYouData } from '../crm/ThankYouModal';

type Field = 'name' | 'email' | 'subject' | 'message';
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

/** Spec §2 /support contact form: checked as the server checks it, then POST /send_contact_message. */
export function ContactForm({ title, lead, locale }: { title: string; lead: string; locale: Locale }) {
  const { t } = useTranslation();
  const { open } = useModals();
  const [values, setValues] = useState<Record<Field, string>>({
    name: '',
    email: '',
    subject: '',
    message: '',
  });
  const [problems, setProblems] = useState<Partial<Record<Field | 'base', string>>>({});
  const [state, setState] = useState<'idle' | 'sending' | 'sent' | 'failed'>('idle');

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const found = check(values);
    setProblems(
      Object.fromEntries(
        Object.entries(found).map(([field, result]) => [field, describe(t, result ?? null)]),
      ),
    );
    if (Object.keys(found).length > 0) return;
    setState('sending');
    // Through the API client, so the answer's messages come in the page's language.
    const response = await api(endpoints.support.sendContactMessage, { body: { ...values, locale } }).catch(
      () => null,
    );
    if (response?.ok) {
      setState('sent');
      // Spec §2 ThankYou: thanks the player and says when the answer comes.
      open('ThankYou', { kind: 'contact' } satisfies ThankYouData);
      return;
    }
    // Each field's first problem by its code; a problem of no field (too many messages) for the form.
    const answered: Partial<Record<Field | 'base', string>> = {};
    for (const problem of problemsOf(response)) {
      const field = isField(problem.field) ? problem.field : 'base';
      answered[field] ??= describeProblem(t, problem);
    }
    setProblems(answered);
    setState('failed');
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
      {state === 'sent' ? (
        <p className="notice notice--success" role="status">
          {t('support.sent')}
        </p>
      ) : (
        <form noValidate onSubmit={submit}>
          {input('name', t('support.name'))}
          {input('email', t('support.email'))}
          {input('subject', t('support.subject'))}
          {input('message', t('support.message'), true)}
          {state === 'failed' && (problems.base || Object.keys(problems).length === 0) ? (
            <p className="field__problem" role="alert">
              {problems.base ?? t('support.failed')}
            </p>
          ) : null}
          <button type="submit" className="button button--primary" disabled={state === 'sending'}>
            {state === 'sending' ? t('support.sending') : t('support.send')}
          </button>
        </form>
      )}
    </section>
  );
}
