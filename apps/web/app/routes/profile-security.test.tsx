// @vitest-environment happy-dom
import type { Player } from '@chrysos/contract';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { type ApiCall, samplePlayer, stubAppContext } from '../testing/app-context-stub';
import { renderRoute } from '../testing/route-stub';
import ProfileSecurity, { action, loader } from './profile-security';

afterEach(cleanup);

const eleni = samplePlayer();

/** The security tab for `player` as its loader reads it, submitting to its action; PATCH answered by `update`. */
async function openTab(
  player: Player,
  update: (call: ApiCall) => { status: number; body: unknown },
  url = '/profile/general/security',
) {
  const { context, calls } = stubAppContext({
    player,
    answer: (call) => (call.method === 'GET' ? { status: 200, body: player } : update(call)),
  });
  renderRoute({
    path: url,
    Component: ProfileSecurity,
    loaderData: await loader({ context } as never),
    locale: url.startsWith('/el/') ? 'el' : 'en',
    player,
    action: ({ request }) => action({ request, context } as never),
  });
  return calls;
}

function fill(current: string, password: string, confirmation: string) {
  fireEvent.change(screen.getByLabelText('Current password'), { target: { value: current } });
  fireEvent.change(screen.getByLabelText('New password'), { target: { value: password } });
  fireEvent.change(screen.getByLabelText('Confirm password'), { target: { value: confirmation } });
  fireEvent.click(screen.getByRole('button', { name: 'Change password' }));
}

describe('/profile/general/security', () => {
  it('changes the password through the action and says so', async () => {
    const calls = await openTab(eleni, () => ({ status: 200, body: eleni }));
    await screen.findByLabelText('Current password');
    fill('a sturdy passphrase', 'a brand new passphrase', 'a brand new passphrase');
    expect((await screen.findByRole('status')).textContent).toMatch(/^Your password has been changed\./);
    expect(calls.find((call) => call.method === 'PATCH')?.request.body).toEqual({
      context: 'change_password',
      player: {
        current_password: 'a sturdy passphrase',
        password: 'a brand new passphrase',
        password_confirmation: 'a brand new passphrase',
      },
    });

    // "Change it again" brings back an empty form.
    fireEvent.click(screen.getByRole('link', { name: 'Change it again' }));
    expect((screen.getByLabelText('Current password') as HTMLInputElement).value).toBe('');
  });

  it('refuses a new password typed differently twice before calling the API', async () => {
    const calls = await openTab(eleni, () => ({ status: 200, body: eleni }));
    await screen.findByLabelText('Current password');
    fill('a sturdy passphrase', 'a brand new passphrase', 'a brand new passphrasf');
    expect(await screen.findByText('Passwords do not match!')).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('Confirm password')));
    expect(calls.filter((call) => call.method === 'PATCH')).toEqual([]);
  });

  it('says in Greek on /el that the current password is wrong', async () => {
    await openTab(
      eleni,
      () => ({
        status: 422,
        body: {
          errors: { current_password: ['x'] },
          codes: { current_password: ['auth.current_password_wrong'] },
        },
      }),
      '/el/profile/general/security',
    );
    fireEvent.change(await screen.findByLabelText('Τρέχων κωδικός'), { target: { value: 'not it' } });
    fireEvent.change(screen.getByLabelText('Νέος κωδικός'), { target: { value: 'a brand new passphrase' } });
    fireEvent.change(screen.getByLabelText('Επιβεβαίωση κωδικού'), {
      target: { value: 'a brand new passphrase' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Αλλαγή κωδικού' }));
    expect(await screen.findByText('Αυτός δεν είναι ο τρέχων κωδικός σας.')).toBeTruthy();
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('offers a player without a password the email link instead', async () => {
    await openTab(samplePlayer({ password_set: false }), () => ({ status: 200, body: eleni }));
    expect(await screen.findByText(/has no password yet/)).toBeTruthy();
    expect(screen.queryByLabelText('Current password')).toBeNull();
  });

  it('answers a body that is no form with field problems, not a 500', async () => {
    const { context, calls } = stubAppContext({
      player: eleni,
      answer: () => ({ status: 200, body: eleni }),
    });
    const answer = (await action({
      request: new Request('http://casino.test/profile/general/security', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{"current_password":',
      }),
      context,
    } as never)) as unknown as { init: { status: number }; data: { problems: Record<string, string> } };
    expect(answer.init.status).toBe(422);
    expect(answer.data.problems).toMatchObject({ current_password: 'Field is required' });
    expect(calls).toEqual([]);
  });

  it('gives a visitor no form', async () => {
    const { context } = stubAppContext({ player: null, answer: () => ({ status: 401, body: {} }) });
    expect(await loader({ context } as never)).toEqual({ account: null });
  });
});
