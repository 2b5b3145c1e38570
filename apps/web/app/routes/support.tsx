import { email, maxLength, type RuleResult, required } from '@chrysos/rules';
import { type FormEvent, useState } from 'react';
import { contentFor, requireFirst } from '../features/content/load.server';
import { pageMeta } from '../features/content/meta';
import { type Translate, useTranslation } from '../lib/i18n';
import { Icon } from '../ui/icons/icons';
import type { Route } from './+types/support';

/** Spec §2 /support: contact options and hours from `supportPage`, and the contact form. */
export function loader({ request, context }: Route.LoaderArgs) {
  const { content, locale } = contentFor(request, context);
  return { page: requireFirst(content, 'supportPage', locale), locale };
}

export const meta: Route.MetaFunction = (args) => pageMeta(args, 'support', 'Support');

const channelIcons = { chat: 'chat', email: 'mail', phone: 'phone' } as const;
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
  result ? t(`validation.${result.key}`, result.params) : '';

export default function Support({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { page, locale } = loaderData;
  const [values, setValues] = useState<Record<Field, string>>({
    name: '',
    email: '',
    subject: '',
    message: '',
  });
  const [problems, setProblems] = useState<Partial<Record<Field, string>>>({});
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
    const response = await fetch('/api/send_contact_message', {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/vnd.s.v1+json' },
      body: JSON.stringify({ ...values, locale }),
    }).catch(() => null);
    if (response?.status === 201) {
      setState('sent');
      return;
    }
    const body = (await response?.json().catch(() => null)) as { errors?: Record<string, string[]> } | null;
    setProblems(
      Object.fromEntries(
        Object.entries(body?.errors ?? {}).map(([field, messages]) => [field, messages[0] ?? '']),
      ),
    );
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
    <section className="content-page support">
      <h1>{page.title}</h1>
      <p className="content-page__lead">{page.lead}</p>
      <ul className="support__channels">
        {page.channels.map((channel) => (
          <li key={channel.kind} className="card">
            <Icon name={channelIcons[channel.kind]} size={28} />
            <h2>{channel.title}</h2>
            <p>{channel.text}</p>
            {channel.kind === 'email' ? (
              <a href={`mailto:${channel.value}`}>{channel.value}</a>
            ) : channel.kind === 'phone' ? (
              <a href={`tel:${channel.value.replace(/\s/g, '')}`}>{channel.value}</a>
            ) : (
              <strong>{channel.value}</strong>
            )}
          </li>
        ))}
      </ul>
      <section aria-labelledby="hours-title">
        <h2 id="hours-title">{t('support.hours')}</h2>
        <dl className="support__hours">
          {page.hours.map((entry) => (
            <div key={entry.label}>
              <dt>{entry.label}</dt>
              <dd>{entry.value}</dd>
            </div>
          ))}
        </dl>
      </section>
      <section className="support__form" aria-labelledby="form-title">
        <h2 id="form-title">{page.formTitle}</h2>
        <p>{page.formLead}</p>
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
            {state === 'failed' && Object.keys(problems).length === 0 ? (
              <p className="field__problem" role="alert">
                {t('support.failed')}
              </p>
            ) : null}
            <button type="submit" className="button button--primary" disabled={state === 'sending'}>
              {state === 'sending' ? t('support.sending') : t('support.send')}
            </button>
          </form>
        )}
      </section>
    </section>
  );
}
