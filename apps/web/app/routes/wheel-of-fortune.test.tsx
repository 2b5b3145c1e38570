// @vitest-environment happy-dom
import type { WheelState } from '@chrysos/contract';
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { appContext } from '#app-context';
import { loadPlayerWheel } from '../features/wheel/wheel-page.server';
import { formPost, stubAppContext } from '../testing/app-context-stub';
import { eleni, firstRender, nikos, renderForPlayer } from '../testing/route-stub';
import WheelOfFortune, { action } from './wheel-of-fortune';

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

describe('the /wheel-of-fortune action', () => {
  const spun = {
    sector: 1,
    prize: { kind: 'bonus', amount_cents: 500, currency: 'EUR' },
    server_seed: 'b'.repeat(64),
    server_seed_hash: 'a'.repeat(64),
    client_seed: 'lucky',
    nonce: 7,
    at: '2026-12-01T10:00:00.000Z',
  };

  /** The action for `player` posting `fields`, the API answering `answer` (a throw: no answer at all). */
  async function spin(
    player: typeof eleni,
    fields: Record<string, string>,
    answer: () => { status: number; body: unknown } = () => ({ status: 200, body: spun }),
  ) {
    const { context, calls } = stubAppContext({ player, answer });
    const request = formPost('/wheel-of-fortune', fields);
    const result = (await action({ request, context } as never)) as
      | { ok: true; spin: unknown }
      | { data: { ok: false; key: string; field?: string }; init: { status: number } };
    return { result, calls: calls.map((call) => call.request) };
  }

  it("spends each player's spin under the key their page posted, with their own seed", async () => {
    const mine = await spin(eleni, { idempotency_key: 'eleni-key-0001', client_seed: ' lucky ' });
    const theirs = await spin(nikos, { idempotency_key: 'nikos-key-0002' });
    expect(mine.result).toEqual({ ok: true, spin: spun });
    expect(mine.calls).toEqual([
      { body: { client_seed: 'lucky' }, headers: { 'idempotency-key': 'eleni-key-0001' } },
    ]);
    expect(theirs.calls).toEqual([{ body: {}, headers: { 'idempotency-key': 'nikos-key-0002' } }]);
  });

  it('keeps the key after no answer (the retry is the same spin) and names a new one after a refusal', async () => {
    const lost = await spin(eleni, { idempotency_key: 'eleni-key-0001' }, () => {
      throw new Error('the network went away');
    });
    expect(lost.result).toMatchObject({ data: { ok: false, key: 'eleni-key-0001' }, init: { status: 503 } });
    const refused = await spin(eleni, { idempotency_key: 'eleni-key-0001' }, () => ({
      status: 409,
      body: { errors: { base: ['Spun today'] } },
    }));
    if (!('data' in refused.result)) throw new Error('not refused');
    expect(refused.result.init.status).toBe(409);
    expect(refused.result.data.key).toMatch(/^[A-Za-z0-9_-]{8,64}$/);
    expect(refused.result.data.key).not.toBe('eleni-key-0001');
  });

  it('refuses a seed the draw cannot take, or no key, without asking the API', async () => {
    const unsent: Record<string, string>[] = [
      { idempotency_key: 'eleni-key-0001', client_seed: 'with space' },
      { client_seed: 'lucky' },
    ];
    for (const fields of unsent) {
      const { result, calls } = await spin(eleni, fields);
      expect(result).toMatchObject({ data: { ok: false, field: 'seed' }, init: { status: 422 } });
      expect(calls).toEqual([]);
    }
  });
});
