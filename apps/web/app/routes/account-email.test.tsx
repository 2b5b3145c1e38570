// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { type ApiCall, stubAppContext } from '../testing/app-context-stub';
import { renderRoute } from '../testing/route-stub';
import AccountEmail, { action, loader } from './account-email';

afterEach(cleanup);

/** /users/password/new for a visitor, its form posting to its action; POST /users/password answered by `answer`. */
async function openPage(
  answer: (call: ApiCall) => { status: number; body: unknown },
  url = '/users/password/new',
) {
  const { context, calls } = stubAppContext({ player: null, answer });
  renderRoute({
    path: url,
    Component: AccountEmail,
    loaderData: await loader({ context } as never),
    locale: url.startsWith('/el/') ? 'el' : 'en',
    action: ({ request }) => action({ request, context } as never),
  });
  return calls;
}

describe('/users/password/new', () => {
  it('sends the reset link through the action and says so, whether or not the address has an account', async () => {
    const calls = await openPage(() => ({ status: 200, body: { message: 'ok' } }));
    fireEvent.change(await screen.findByLabelText('Email address'), {
      target: { value: ' eleni@example.com ' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect((await screen.findByRole('status')).textContent).toMatch(
      /^If an account exists for eleni@example\.com, we've sent it a link/,
    );
    expect(calls).toEqual([
      {
        method: 'POST',
        path: '/users/password',
        request: { body: { user: { email: 'eleni@example.com' } } },
      },
    ]);
  });

  it('refuses an address that is not one, in Greek on /el, before calling the API', async () => {
    const calls = await openPage(() => ({ status: 200, body: { message: 'ok' } }), '/el/users/password/new');
    const field = await screen.findByLabelText('Διεύθυνση email');
    fireEvent.change(field, { target: { value: 'not an address' } });
    fireEvent.click(screen.getByRole('button', { name: 'Αποστολή συνδέσμου' }));
    await waitFor(() => expect(field.getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getByText('Πρέπει να είναι έγκυρο email')).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(field));
    expect(calls).toEqual([]);
  });

  it('says when the visitor has asked too often', async () => {
    await openPage(() => ({
      status: 429,
      body: {
        errors: { base: ['x'] },
        codes: { base: ['rate_limited'] },
        params: { base: [{ minutes: 5 }] },
      },
    }));
    fireEvent.change(await screen.findByLabelText('Email address'), {
      target: { value: 'eleni@example.com' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect((await screen.findByRole('alert')).textContent).toMatch(/5/);
  });
});
