import { Outlet } from 'react-router';
import { appContext } from '#app-context';
import { BackofficeShell } from '../../features/backoffice/BackofficeShell';
import { requireOperator } from '../../features/backoffice/operator.server';
import { bareHandle } from '../../features/studio/bare-page';
import type { Route } from './+types/layout';
import '../../styles/backoffice.css';

/** The back office renders bare: none of the casino's header, modals or player effects. */
export const handle = bareHandle;

/** The signed-in operator, or the sign-in page. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const operator = await requireOperator(context.get(appContext), request);
  return { lang: 'en' as const, operator };
}

export function headers() {
  return { 'Cache-Control': 'private, no-store', 'X-Robots-Tag': 'noindex, nofollow' };
}

export const meta: Route.MetaFunction = () => [
  { title: 'Back office · Chrysos' },
  { name: 'robots', content: 'noindex, nofollow' },
];

export default function BackofficeLayout({ loaderData }: Route.ComponentProps) {
  return (
    <BackofficeShell operator={loaderData.operator}>
      <Outlet context={loaderData.operator} />
    </BackofficeShell>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const message = (error as { data?: { message?: string } } | null)?.data?.message;
  return (
    <main className="backoffice__main">
      <h1>Back office</h1>
      <p role="alert">{message ?? 'This page could not be shown. Try again in a moment.'}</p>
    </main>
  );
}
