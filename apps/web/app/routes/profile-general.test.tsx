// @vitest-environment happy-dom
import type { Player } from '@chrysos/contract';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { type ApiCall, samplePlayer, stubAppContext } from '../testing/app-context-stub';
import { renderRoute } from '../testing/route-stub';
import ProfileGeneral, { action, loader } from './profile-general';

afterEach(cleanup);

const eleni = samplePlayer({
  first_name: 'Eleni',
  last_name: 'Papadopoulou',
  date_of_birth: '1990-03-24',
  city: 'Athens',
  receive_promos: true,
});

/** The API as the player's server answers: GET /player is the player, PATCH /player what `update` says. */
const answering =
  (
    player: Player,
    update: (call: ApiCall) => { status: number; body: unknown } = () => ({ status: 200, body: player }),
  ) =>
  (call: ApiCall) =>
    call.method === 'GET' ? { status: 200, body: player } : update(call);

/** The page for `player` as its loader reads it, submitting to its action against the same API. */
async function openPage(player: Player, url = '/profile/general', update?: Parameters<typeof answering>[1]) {
  const { context, calls } = stubAppContext({ player, answer: answering(player, update) });
  const loaderData = await loader({ context } as never);
  renderRoute({
    path: url,
    Component: ProfileGeneral,
    loaderData,
    locale: url.startsWith('/el/') ? 'el' : 'en',
    player,
    action: ({ request }) => action({ request, context } as never),
  });
  return calls;
}

const typedIn = (label: string) => (screen.getByLabelText(label) as HTMLInputElement).value;

describe('/profile/general', () => {
  it('shows the details its loader read, for each player their own', async () => {
    await openPage(eleni);
    expect(await screen.findByDisplayValue('Eleni')).toBeTruthy();
    expect(typedIn('Last name')).toBe('Papadopoulou');
    expect(typedIn('Date of birth')).toBe('24.03.1990');
    expect(screen.getByText('eleni@example.com')).toBeTruthy();
    cleanup();

    await openPage(samplePlayer({ email: 'nikos@example.com', first_name: 'Nikos', city: null }));
    expect(await screen.findByDisplayValue('Nikos')).toBeTruthy();
    expect(typedIn('City')).toBe('');
    expect(screen.queryByText('eleni@example.com')).toBeNull();
  });

  it('gives a visitor no form', async () => {
    const { context } = stubAppContext({ player: null, answer: () => ({ status: 401, body: {} }) });
    expect(await loader({ context } as never)).toMatchObject({ profile: null });
  });

  it('saves through the action, tidying the birth date, and says so', async () => {
    const calls = await openPage(eleni);
    fireEvent.change(await screen.findByLabelText('Date of birth'), { target: { value: '02011985' } });
    fireEvent.change(screen.getByLabelText('Mobile phone'), { target: { value: '+30 210 123 4567' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    expect((await screen.findByRole('status')).textContent).toBe('Your details have been saved.');
    expect(typedIn('Date of birth')).toBe('02.01.1985');
    expect(calls.find((call) => call.method === 'PATCH')?.request.body).toEqual({
      context: 'profile',
      player: {
        first_name: 'Eleni',
        last_name: 'Papadopoulou',
        date_of_birth: '02.01.1985',
        phone: '+30 210 123 4567',
        city: 'Athens',
        address: null,
        postal_code: null,
        receive_promos: true,
        receive_sms_promos: false,
        agreed_to_partner_promotions: false,
      },
    });
  });

  it('shows the problems the API found beside their fields, in Greek on /el, with the focus on the first', async () => {
    await openPage(eleni, '/el/profile/general', () => ({
      status: 422,
      body: {
        errors: { first_name: ['x'], date_of_birth: ['y'] },
        codes: { first_name: ['validation.notArabic'], date_of_birth: ['validation.adult'] },
      },
    }));
    fireEvent.click(await screen.findByRole('button', { name: 'Αποθήκευση αλλαγών' }));
    const firstName = await screen.findByLabelText('Όνομα');
    await waitFor(() => expect(firstName.getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getByText('Συμπληρώστε με λατινικούς χαρακτήρες')).toBeTruthy();
    expect(screen.getByText('Ανήλικος')).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(firstName));
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('refuses what the contract’s schema refuses without calling the API, never with a 500', async () => {
    const { context, calls } = stubAppContext({ player: eleni, answer: answering(eleni) });
    const form = new FormData();
    form.set('first_name', 'E'.repeat(101));
    form.set('city', 'Athens\u0007');
    const answer = (await action({
      request: new Request('http://casino.test/profile/general', { method: 'POST', body: form }),
      context,
    } as never)) as unknown as { init: { status: number }; data: { problems: Record<string, string> } };
    expect(answer.init.status).toBe(422);
    expect(answer.data.problems).toEqual({
      first_name: 'Must be at most 100 characters',
      city: 'Contains characters that are not allowed',
    });
    expect(calls.filter((call) => call.method === 'PATCH')).toEqual([]);
  });

  it('tells a player whose session ended to sign in again', async () => {
    await openPage(eleni, '/profile/general', () => ({
      status: 401,
      body: { errors: { base: ['x'] }, codes: { base: ['auth.sign_in_required'] } },
    }));
    fireEvent.click(await screen.findByRole('button', { name: 'Save changes' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Your session has ended. Please sign in again.',
    );
  });
});
