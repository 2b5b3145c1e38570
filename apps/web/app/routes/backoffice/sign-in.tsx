import { endpoints } from '@chrysos/contract/client';
import { Form, redirect, useNavigation } from 'react-router';
import { appContext } from '#app-context';
import { refusalText } from '../../features/backoffice/refusal';
import { bareHandle } from '../../features/studio/bare-page';
import { api } from '../../lib/api';
import { pageUrl } from '../../lib/request-url';
import type { Route } from './+types/sign-in';
import '../../styles/backoffice.css';

export const handle = bareHandle;

/** Only a path of the console itself is a place to go back to after signing in. */
const backOf = (url: URL) => {
  const back = url.searchParams.get('back') ?? '';
  return /^\/backoffice(?:[/?]|$)/.test(back) ? back : '/backoffice';
};

/** An operator already signed in goes on to the console. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const url = pageUrl(request);
  const me = await context.get(appContext).api(endpoints.operator.me, {});
  if (me.ok) throw redirect(backOf(url));
  return { lang: 'en' as const, expired: url.searchParams.get('expired') === '1' };
}

export function headers() {
  return { 'Cache-Control': 'private, no-store', 'X-Robots-Tag': 'noindex, nofollow' };
}

export const meta: Route.MetaFunction = () => [
  { title: 'Sign in · Back office · Chrysos' },
  { name: 'robots', content: 'noindex, nofollow' },
];

/**
 * Signs in from the browser, so the API's answer sets the operator's own cookie there (an in-process
 * call's cookie would stay on the server).
 */
export async function clientAction({ request }: Route.ClientActionArgs) {
  const form = await request.formData();
  const field = (name: string) => String(form.get(name) ?? '').trim();
  const answer = await api(endpoints.operator.signIn, {
    body: { email: field('email'), password: String(form.get('password') ?? ''), code: field('code') },
  });
  if (answer.ok) return redirect(backOf(new URL(request.url)));
  return { error: answer.status === 0 ? 'The back office could not be reached.' : refusalText(answer) };
}

export default function BackofficeSignIn({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state !== 'idle';
  return (
    <main className="backoffice-sign-in">
      <h1>Chrysos back office</h1>
      {loaderData.expired ? (
        <p className="backoffice__notice">
          Your session ended after a while without activity. Sign in again.
        </p>
      ) : null}
      <Form method="post" className="backoffice-form">
        <label className="field">
          <span>Email</span>
          <input name="email" type="email" autoComplete="username" required />
        </label>
        <label className="field">
          <span>Password</span>
          <input name="password" type="password" autoComplete="current-password" required />
        </label>
        <label className="field">
          <span>Code from your authenticator app</span>
          <input
            name="code"
            inputMode="numeric"
            autoComplete="one-time-code"
            pattern="[0-9]{6}"
            maxLength={6}
            required
          />
        </label>
        {actionData?.error ? (
          <p role="alert" className="backoffice__error">
            {actionData.error}
          </p>
        ) : null}
        <button type="submit" className="button button--primary" disabled={busy}>
          Sign in
        </button>
      </Form>
    </main>
  );
}
