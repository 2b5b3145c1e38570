import { redirect } from 'react-router';
import { appContext } from '#app-context';
import { sectionsFor } from '../../features/backoffice/BackofficeShell';
import { requireOperator } from '../../features/backoffice/operator.server';
import type { Route } from './+types/home';

/** /backoffice opens the first section the operator's role may use. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const operator = await requireOperator(context.get(appContext), request);
  const [first] = sectionsFor(operator);
  if (first) throw redirect(first.to);
  return null;
}

export default function BackofficeHome() {
  return (
    <section>
      <h1>Back office</h1>
      <p>Your role has no section of the back office yet. An administrator can change your role.</p>
    </section>
  );
}
