import { useMemo, useState } from 'react';
import { contentFor } from '../features/content/load.server';
import { pageMeta } from '../features/content/meta';
import { useTranslation } from '../lib/i18n';
import type { Route } from './+types/faq';

/** Spec §2 /faq: questions grouped by category, searchable as you type. */
export function loader({ request, context }: Route.LoaderArgs) {
  const { content, locale } = contentFor(request, context);
  const groups: {
    category: string;
    questions: { id: string; question: string; html: string; text: string }[];
  }[] = [];
  for (const item of content.list('faq', locale)) {
    let group = groups.find((candidate) => candidate.category === item.data.category);
    if (!group) {
      group = { category: item.data.category, questions: [] };
      groups.push(group);
    }
    group.questions.push({
      id: item.stem,
      question: item.data.question,
      html: item.bodyHtml ?? '',
      text: item.data.body.toLowerCase(),
    });
  }
  return { groups };
}

export const meta: Route.MetaFunction = (args) => pageMeta(args, 'faq', 'FAQ');

export default function Faq({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const [query, setQuery] = useState('');
  const needle = query.trim().toLowerCase();
  const groups = useMemo(
    () =>
      loaderData.groups
        .map((group) => ({
          ...group,
          questions: group.questions.filter(
            (question) =>
              !needle || question.question.toLowerCase().includes(needle) || question.text.includes(needle),
          ),
        }))
        .filter((group) => group.questions.length > 0),
    [loaderData.groups, needle],
  );

  return (
    <section className="content-page faq">
      <h1>{t('faq.title')}</h1>
      <label className="search-field">
        <span className="visually-hidden">{t('faq.search')}</span>
        <input
          type="search"
          value={query}
          placeholder={t('faq.search')}
          onChange={(event) => setQuery(event.target.value)}
        />
      </label>
      {groups.length === 0 ? <p className="notice">{t('faq.noResults', { query })}</p> : null}
      {groups.map((group) => (
        <section key={group.category} className="faq__group" aria-label={group.category}>
          <h2>{group.category}</h2>
          {group.questions.map((question) => (
            <details key={question.id} className="faq__item" open={needle.length > 0}>
              <summary>{question.question}</summary>
              {/* biome-ignore lint/security/noDangerouslySetInnerHtml: rendered from Markdown and sanitised on the server when content is loaded */}
              <div className="prose" dangerouslySetInnerHTML={{ __html: question.html }} />
            </details>
          ))}
        </section>
      ))}
    </section>
  );
}
