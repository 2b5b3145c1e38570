// @vitest-environment happy-dom
import type { WheelState } from '@chrysos/contract';
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { appContext } from '#app-context';
import { loadPlayerWheel } from '../features/wheel/wheel-page.server';
import { stubAppContext } from '../testing/app-context-stub';
import { eleni, firstRender, nikos, renderForPlayer } from '../testing/route-stub';
import WheelOfFortune from './wheel-of-fortune';

afterEach(cleanup);

const content = {
  title: 'Wheel of Fortune',
  lead: 'One free spin a day.',
  sectors: ['10 FS', '€5', 'No win', '20 FS', '€10', 'Secret', '50 FS', '€2'],
  noWinSector: 2,
  secretSector: 5,
  minDepSpin: 20,
  promoCode: 'WHEEL',
  html: '<p>Rules.</p>',
};
const modal = { title: 'Wheel', text: 'Spin it', spinText: 'Spin the wheel', depositText: 'Deposit' };

function aWheel(overrides: Partial<WheelState> = {}): WheelState {
  return {
    can_spin: true,
    reason: null,
    seed_hash: 'a'.repeat(64),
    nonce: 7,
    next_spin_at: null,
    promo_code: 'WHEEL',
    min_deposit_cents: 2_000,
    currency: 'EUR',
    last_spin: null,
    ...overrides,
  };
}

/** The page as its loader read it for `player`, the wheel API answering `status` and `body`. */
async function openPage(player: typeof eleni, status: number, body: unknown) {
  const { context, calls } = stubAppContext({ player, answer: () => ({ status, body }) });
  const personal = await loadPlayerWheel(context.get(appContext));
  renderForPlayer(player, {
    path: '/wheel-of-fortune',
    Component: WheelOfFortune as never,
    loaderData: { origin: 'https://casino.example', content, modal, personal },
  });
  return calls;
}

describe('/wheel-of-fortune', () => {
  it('reads no wheel for a visitor', async () => {
    const { context, calls } = stubAppContext({ player: null, answer: () => ({ status: 401, body: {} }) });
    expect(await loadPlayerWheel(context.get(appContext))).toBeNull();
    expect(calls).toEqual([]);
  });

  it("shows a player whose spin is ready the committed seed's hash from the loader, nothing loading", async () => {
    const calls = await openPage(eleni, 200, aWheel());
    expect(calls.map((call) => `${call.method} ${call.path}`)).toEqual(['GET /player/wheel']);
    const hash = await screen.findByText('a'.repeat(64), {}, firstRender);
    expect(hash.hasAttribute('data-wheel-seed-hash')).toBe(true);
    expect(document.querySelector('[data-wheel-ready]')).not.toBeNull();
    expect(screen.queryByText('Loading…')).toBeNull();
  });

  it('shows another player, who spun today, when they can spin again, in Greek', async () => {
    await openPage(
      nikos,
      200,
      aWheel({
        can_spin: false,
        reason: 'spun_today',
        seed_hash: null,
        nonce: null,
        next_spin_at: '2026-12-01T22:00:00.000Z',
      }),
    );
    await screen.findByText(/Χρησιμοποιήσατε το σημερινό γύρισμα/, {}, firstRender);
    expect(document.querySelector('[data-wheel-ready]')).toBeNull();
    expect(document.querySelector('[data-wheel-seed-hash]')).toBeNull();
  });

  it('says in Greek when the wheel could not be read', async () => {
    await openPage(nikos, 503, { errors: [] });
    const alert = await screen.findByRole('alert', {}, firstRender);
    expect(alert.textContent).toContain('Ο Τροχός της Τύχης δεν φορτώθηκε');
  });
});
