import { endpoints } from '@chrysos/contract/client';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { appContext } from '#app-context';
import {
  caseCategoryLabels,
  caseKindLabels,
  caseStatusLabels,
  caseSummary,
} from '../../features/backoffice/case-facts';
import { age, when } from '../../features/backoffice/format';
import { refuseUnlessAllowed } from '../../features/backoffice/operator.server';
import { refusalText } from '../../features/backoffice/refusal';
import { pageUrl } from '../../lib/request-url';
import type { Route } from './+types/cases';

const categories = ['aml', 'safer_gambling', 'payments'] as const;
type Category = (typeof categories)[number];
const isCategory = (value: string | null): value is Category => categories.includes(value as Category);

/** The cases the watch raised: unresolved ones soonest due first, or the latest resolved. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const url = pageUrl(request);
  const asked = url.searchParams.get('category');
  const category = isCategory(asked) ? asked : null;
  const resolved = url.searchParams.get('status') === 'resolved';
  const answer = await context.get(appContext).api(endpoints.riskCaseOperator.list, {
    query: { status: resolved ? 'resolved' : 'unresolved', ...(category ? { category } : {}), limit: 100 },
  });
  refuseUnlessAllowed(answer);
  return {
    cases: answer.ok ? answer.body : [],
    error: answer.ok ? null : refusalText(answer),
    category,
    resolved,
    readAt: Date.now(),
  };
}

export default function BackofficeCases({ loaderData }: Route.ComponentProps) {
  const { cases, error, category, resolved, readAt } = loaderData;
  const [now, setNow] = useState(readAt);
  useEffect(() => setNow(Date.now()), []);
  const filter = (next: { category?: Category | null; resolved?: boolean }) => {
    const query = new URLSearchParams();
    const chosen = next.category === undefined ? category : next.category;
    if (chosen) query.set('category', chosen);
    if (next.resolved ?? resolved) query.set('status', 'resolved');
    const text = query.toString();
    return text ? `/backoffice/cases?${text}` : '/backoffice/cases';
  };
  return (
    <section aria-labelledby="cases-title">
      <h1 id="cases-title">{resolved ? 'Resolved cases' : 'Cases to work'}</h1>
      <nav aria-label="Case filters" className="backoffice-filters">
        <Link to={filter({ category: null })} aria-current={category === null ? 'page' : undefined}>
          All
        </Link>
        {categories.map((each) => (
          <Link
            key={each}
            to={filter({ category: each })}
            aria-current={category === each ? 'page' : undefined}
          >
            {caseCategoryLabels[each]}
          </Link>
        ))}
        <Link to={filter({ resolved: !resolved })}>{resolved ? 'Show unresolved' : 'Show resolved'}</Link>
      </nav>
      {error ? (
        <p role="alert" className="backoffice__error">
          {error}
        </p>
      ) : cases.length === 0 ? (
        <p>{resolved ? 'No case has been resolved yet.' : 'No case is waiting.'}</p>
      ) : (
        <table className="backoffice-table">
          <thead>
            <tr>
              <th scope="col">{resolved ? 'Resolved' : 'Due'}</th>
              <th scope="col">Case</th>
              <th scope="col">Player</th>
              <th scope="col">What the watch saw</th>
              <th scope="col">Owner</th>
              <th scope="col">Status</th>
            </tr>
          </thead>
          <tbody>
            {cases.map((found) => {
              const overdue = !resolved && Date.parse(found.due_at) < now;
              return (
                <tr key={found.id} aria-label={`${caseKindLabels[found.kind]}: ${found.player_email}`}>
                  <td className={overdue ? 'backoffice__error' : undefined}>
                    {resolved && found.resolved_at
                      ? when(found.resolved_at)
                      : overdue
                        ? `Overdue ${age(found.due_at, now)}`
                        : when(found.due_at)}
                  </td>
                  <td>
                    <Link to={`/backoffice/cases/${found.id}`}>{caseKindLabels[found.kind]}</Link>
                    <br />
                    <span className="backoffice__muted">{caseCategoryLabels[found.category]}</span>
                  </td>
                  <td>
                    <Link to={`/backoffice/players/${found.player_id}`}>{found.player_email}</Link>
                  </td>
                  <td>{caseSummary(found)}</td>
                  <td>{found.owner_name ?? 'Nobody yet'}</td>
                  <td>{caseStatusLabels[found.status]}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
    </section>
  );
}
