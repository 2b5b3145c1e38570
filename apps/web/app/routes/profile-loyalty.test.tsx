// @vitest-environment happy-dom
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { type ApiCall, formPost, stubAppContext } from '../testing/app-context-stub';
import { someCompPoints } from '../testing/panel-fixtures';
import { eleni, firstRender, nikos, renderForPlayer } from '../testing/route-stub';
import ProfileLoyaltyPage, { action, loader } from './profile-loyalty';

afterEach(cleanup);

/** The tab as its loader reads it for `player`, the comp points API answering `status` and `body`. */
async function openTab(player: typeof eleni, status: number, body: unknown) {
  const { context, calls } = stubAppContext({ player, answer: () => ({ status, body }) });
  const loaderData = await loader({ context } as never);
  renderForPlayer(player, { path: '/profile/loyalty', Component: ProfileLoyaltyPage, loaderData });
  return calls;
}

describe('/profile/loyalty', () => {
  it('gives a visitor nothing and reads nobody’s comp points', async () => {
    const { context, calls } = stubAppContext({ player: null, answer: () => ({ status: 401, body: {} }) });
    expect(await loader({ context } as never)).toBeNull();
    expect(calls).toEqual([]);
  });

  it('shows the comp points its loader read, with the exchange, and nothing loading', async () => {
    const calls = await openTab(eleni, 200, someCompPoints({ points: 1_200, collected: 1_200 }));
    expect(calls.map((call) => `${call.method} ${call.path}`)).toEqual(['GET /player/comp_points']);
    const points = await screen.findByText('1,200', {}, firstRender);
    expect(points.getAttribute('data-comp-points')).toBe('1200');
    expect(screen.getByText('Level: Bronze')).toBeTruthy();
    expect(screen.getByText('Your points are worth €1.20 now.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Exchange' })).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('shows another player their own points, in Greek', async () => {
    await openTab(nikos, 200, someCompPoints({ points: 300, collected: 300 }));
    const points = await screen.findByText('300', {}, firstRender);
    expect(points.getAttribute('data-comp-points')).toBe('300');
    expect(screen.getByText('Επίπεδο: Bronze')).toBeTruthy();
    expect(screen.queryByText('1.200')).toBeNull();
  });

  it('says in Greek when the comp points could not be read, with a retry', async () => {
    await openTab(nikos, 503, { errors: [] });
    const alert = await screen.findByRole('alert', {}, firstRender);
    expect(alert.textContent).toContain('Δοκιμάστε ξανά');
    expect(document.querySelector('[data-comp-points]')).toBeNull();
  });
});

describe('the exchange on /profile/loyalty', () => {
  const exchanged = (points: number, cents: number) => ({
    points_exchanged: points,
    amount_cents: cents,
    currency: 'EUR',
    comp_points: someCompPoints({ points: 0, collected: points }),
  });

  /** The tab for `player`, its exchange posting to the action, the API answering `exchange`. */
  async function openTab(
    player: typeof eleni,
    points: number,
    exchange: (call: ApiCall) => { status: number; body: unknown },
  ) {
    const { context, calls } = stubAppContext({
      player,
      answer: (call) =>
        call.method === 'GET'
          ? { status: 200, body: someCompPoints({ points, collected: points }) }
          : exchange(call),
    });
    const loaderData = await loader({ context } as never);
    renderForPlayer(player, {
      path: '/profile/loyalty',
      Component: ProfileLoyaltyPage,
      loaderData,
      action: ({ request }) => action({ request, context } as never),
    });
    return () => calls.filter((call) => call.method === 'POST');
  }

  const exchange = async (points: string, button: string) => {
    fireEvent.change(await screen.findByRole('spinbutton', {}, firstRender), { target: { value: points } });
    fireEvent.click(screen.getByRole('button', { name: button }));
  };

  it("exchanges each player's own points once per key, saying what was paid in", async () => {
    const posted = await openTab(eleni, 1_200, () => ({ status: 200, body: exchanged(1_000, 100) }));
    await exchange('1000', 'Exchange');
    expect((await screen.findByRole('status')).textContent).toBe(
      '1,000 points exchanged: €1.00 added to your real balance.',
    );
    expect(posted().map((call) => (call.request.body as { points: number }).points)).toEqual([1_000]);
    const [first] = posted().map(
      (call) => (call.request.body as { idempotency_key: string }).idempotency_key,
    );
    expect(first).toMatch(/^[A-Za-z0-9_-]{8,64}$/);
    cleanup();

    const greek = await openTab(nikos, 300, () => ({ status: 200, body: exchanged(300, 30) }));
    await exchange('300', 'Ανταλλαγή');
    await screen.findByRole('status');
    const [second] = greek().map(
      (call) => (call.request.body as { idempotency_key: string }).idempotency_key,
    );
    expect(second).not.toBe(first);
  });

  it('keeps the key after no answer, so the retry pays once, and takes a new one after a refusal', async () => {
    let answer: { status: number; body: unknown } | null = null;
    const posted = await openTab(eleni, 1_200, () => {
      if (!answer) throw new Error('the network went away');
      return answer;
    });
    await exchange('1000', 'Exchange');
    expect((await screen.findByRole('alert')).textContent).toBe(
      'We could not reach the casino. Please try again.',
    );
    answer = { status: 422, body: { errors: { points: ['Too few'] } } };
    fireEvent.click(screen.getByRole('button', { name: 'Exchange' }));
    await screen.findByText('Too few');
    answer = { status: 200, body: exchanged(1_000, 100) };
    fireEvent.click(screen.getByRole('button', { name: 'Exchange' }));
    await screen.findByRole('status');
    const keys = posted().map((call) => (call.request.body as { idempotency_key: string }).idempotency_key);
    expect(keys).toHaveLength(3);
    expect(keys[1]).toBe(keys[0]);
    expect(keys[2]).not.toBe(keys[1]);
  });

  it('refuses points that are not a whole number without asking the API', async () => {
    const { context, calls } = stubAppContext({ player: eleni, answer: () => ({ status: 200, body: {} }) });
    const request = formPost('/profile/loyalty', { points: '12.5', idempotency_key: 'a-key-of-ours-1' });
    const result = (await action({ request, context } as never)) as {
      data: unknown;
      init: { status: number };
    };
    expect(result.init.status).toBe(422);
    expect(result.data).toEqual({ ok: false, refusal: null, field: 'whole', key: 'a-key-of-ours-1' });
    expect(calls).toEqual([]);
  });
});
