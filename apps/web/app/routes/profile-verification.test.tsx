// @vitest-environment happy-dom
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { stubAppContext } from '../testing/app-context-stub';
import { someVerification } from '../testing/panel-fixtures';
import { firstRender, renderRoute } from '../testing/route-stub';
import { aPlayer, aWallet } from '../testing/wallet-fixtures';
import ProfileVerificationPage, { loader } from './profile-verification';

afterEach(cleanup);

const eleni = aPlayer({ verified: false });
const nikos = aPlayer({
  id: '00000000-0000-4000-8000-000000000002',
  email: 'nikos@example.gr',
  language: 'el',
});

/** The page as its loader reads it for `player`, the documents API answering `status` and `body`. */
async function openPage(player: typeof eleni, status: number, body: unknown) {
  const { context, calls } = stubAppContext({ player, answer: () => ({ status, body }) });
  const loaderData = await loader({ context } as never);
  const locale = player.language === 'el' ? 'el' : 'en';
  renderRoute({
    path: `${locale === 'el' ? '/el' : ''}/profile/general/verification`,
    locale,
    Component: ProfileVerificationPage,
    player,
    wallet: aWallet({ amount_cents: 5_000 }),
    loaderData,
  });
  return calls;
}

const passport = {
  id: '00000000-0000-4000-8000-0000000000d1',
  kind: 'identity' as const,
  status: 'pending' as const,
  rejection_code: null,
  rejection_note: null,
  file_name: 'passport.jpg',
  content_type: 'image/jpeg',
  size: 120_000,
  pages: null,
  created_at: '2026-11-30T09:00:00.000Z',
  reviewed_at: null,
};

describe('/profile/general/verification', () => {
  it('gives a visitor nothing and reads nobody’s documents', async () => {
    const { context, calls } = stubAppContext({ player: null, answer: () => ({ status: 401, body: {} }) });
    expect(await loader({ context } as never)).toBeNull();
    expect(calls).toEqual([]);
  });

  it('shows the state and documents its loader read, and why documents are asked for', async () => {
    const calls = await openPage(eleni, 200, someVerification({ documents: [passport] }));
    expect(calls.map((call) => `${call.method} ${call.path}`)).toEqual(['GET /player/documents']);
    const state = await screen.findByTestId('verification-state', {}, firstRender);
    expect(state.textContent).toBe('Your identity is not verified yet.');
    expect(screen.getByText('A withdrawal of €2,000.00 or more needs your identity verified.')).toBeTruthy();
    const sent = document.querySelectorAll('.verification__document');
    expect([...sent].map((li) => li.getAttribute('data-status'))).toEqual(['pending']);
    expect(sent[0]?.textContent).toContain('passport.jpg');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('shows another player, verified, their own state and no documents of anyone else, in Greek', async () => {
    await openPage(nikos, 200, someVerification({ verified: true, missing: [] }));
    const state = await screen.findByTestId('verification-state', {}, firstRender);
    expect(state.textContent).toBe(
      'Η ταυτότητά σας έχει επαληθευτεί. Οι μεγάλες αναλήψεις και καταθέσεις είναι διαθέσιμες για εσάς.',
    );
    expect(screen.getByText('Δεν έχετε ανεβάσει ακόμη έγγραφα.')).toBeTruthy();
    expect(document.querySelectorAll('.verification__document')).toHaveLength(0);
  });

  it("gives each player the KYC team's reason in their own language, with the operator's note", async () => {
    const blurred = {
      ...passport,
      status: 'rejected' as const,
      rejection_code: 'blurred' as const,
      reviewed_at: '2026-11-30T10:00:00.000Z',
    };
    await openPage(eleni, 200, someVerification({ documents: [blurred] }));
    await screen.findByTestId('verification-state', {}, firstRender);
    expect(document.querySelector('.verification__reason')?.textContent).toBe(
      "The image is blurred, so we can't read it. Please upload a sharp photo or scan taken in good light.",
    );
    cleanup();

    const other = {
      ...passport,
      id: '00000000-0000-4000-8000-0000000000d2',
      kind: 'address' as const,
      status: 'rejected' as const,
      rejection_code: 'other' as const,
      rejection_note: 'The bill is in another name',
    };
    await openPage(nikos, 200, someVerification({ documents: [other] }));
    await screen.findByTestId('verification-state', {}, firstRender);
    const reason = document.querySelector('.verification__reason');
    expect([...(reason?.querySelectorAll('p') ?? [])].map((p) => p.textContent)).toEqual([
      'Δεν μπορέσαμε να δεχτούμε αυτό το έγγραφο. Διαβάστε τη σημείωσή μας και ανεβάστε ένα νέο.',
      'Σημείωση της ομάδας μας: The bill is in another name',
    ]);
  });

  it('says in Greek when the documents could not be read, with a retry', async () => {
    await openPage(nikos, 503, { errors: [] });
    const alert = await screen.findByRole('alert', {}, firstRender);
    expect(alert.textContent).toBe('Δεν μπορέσαμε να φορτώσουμε τα έγγραφά σας. Παρακαλούμε δοκιμάστε ξανά.');
    expect(screen.queryByTestId('verification-state')).toBeNull();
  });
});
