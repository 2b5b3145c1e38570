import { appContext } from '#app-context';
import { ContactForm } from '../features/content/ContactForm';
import { contactAction } from '../features/content/contact-action.server';
import { contentFor, requireFirst } from '../features/content/load.server';
import { pageMeta } from '../features/content/meta';
import { formOf } from '../lib/form-action.server';
import { useTranslation } from '../lib/i18n';
import { Icon } from '../ui/icons/icons';
import type { Route } from './+types/support';

/** Spec §2 /support: contact options and hours from `supportPage`, and the contact form. */
export function loader({ request, context }: Route.LoaderArgs) {
  const { content, locale } = contentFor(request, context);
  return { page: requireFirst(content, 'supportPage', locale) };
}

/** The contact form, sent (by a fetcher, or a plain form without JavaScript). */
export async function action({ request, context }: Route.ActionArgs) {
  return contactAction(request, context.get(appContext), await formOf(request));
}

export const meta: Route.MetaFunction = (args) => pageMeta(args, 'support', 'Support');

const channelIcons = { chat: 'chat', email: 'mail', phone: 'phone' } as const;

export default function Support({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { page } = loaderData;
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
      <ContactForm title={page.formTitle} lead={page.formLead} posted={actionData} />
    </section>
  );
}
