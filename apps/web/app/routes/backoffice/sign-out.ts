import { endpoints } from '@chrysos/contract/client';
import { redirect } from 'react-router';
import { appContext } from '#app-context';
import { signInPath } from '../../features/backoffice/operator.server';
import type { Route } from './+types/sign-out';

/**
 * Ends the operator's session on the server (audited there) and forgets the cookie in the browser,
 * whether or not the session was still alive.
 */
export async function action({ context }: Route.ActionArgs) {
  await context
    .get(appContext)
    .api(endpoints.operator.signOut, {})
    .catch(() => null);
  return redirect(signInPath, {
    headers: { 'Set-Cookie': 'chrysos_operator=; Path=/; Max-Age=0; HttpOnly; SameSite=Strict' },
  });
}

export function loader() {
  return redirect(signInPath);
}
