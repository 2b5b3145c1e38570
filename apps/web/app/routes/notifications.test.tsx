// @vitest-environment happy-dom
import type { Player } from '@chrysos/contract';
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { resetNotifications } from '../features/notifications/notifications-store';
import { type ApiCall, samplePlayer, stubAppContext } from '../testing/app-context-stub';
import { firstRender, renderRoute } from '../testing/route-stub';
import { aWallet } from '../testing/wallet-fixtures';
import Notifications, { loader } from './notifications';

afterEach(() => {
  cleanup();
  resetNotifications();
  localStorage.clear();
});

const eleni = samplePlayer();
const nikos = samplePlayer({ id: '0b6b3c8e-4a0d-4c55-9a53-0d6f1f3c2a22', email: 'nikos@example.com' });

/** A content notification as the content query answers it, in the language asked for. */
const note = (slug: string, title: string, createdAt: string) => ({
  data: { slug, createdAt, preview: { title, text: `${title}: read on.` } },
  bodyHtml: null,
});

/**
 * The API as each player's server answers: the content query gives each player the notifications
 * their visibility settings allow (Eleni two, one of them read on another device; Nikos one), in the
 * language asked for.
 */
const answering = (player: Player) => (call: ApiCall) => {
  const hers = player.id === eleni.id;
  if (call.path === '/content/query') {
    const greek = (call.request.body as { locale: string }).locale === 'el';
    const items = hers
      ? [
          note('autumn-drops', greek ? 'Φθινοπωρινές κληρώσεις' : 'Autumn drops', '2026-11-20T10:00:00.000Z'),
          note('new-slots', greek ? 'Νέοι κουλοχέρηδες' : 'New slots', '2026-11-10T10:00:00.000Z'),
        ]
      : [note('vip-evening', greek ? 'Βραδιά VIP' : 'VIP evening', '2026-11-25T10:00:00.000Z')];
    return { status: 200, body: { items, total: items.length } };
  }
  if (call.path === '/player/notification_reads') {
    const records = hers
      ? [{ slug: 'new-slots', createdAt: '2026-11-10T10:00:00.000Z', readAt: '2026-11-11T10:00:00.000Z' }]
      : [];
    return { status: 200, body: { records } };
  }
  return { status: 200, body: [] };
};

/** The page for `player` as its loader reads it, at `url`. */
async function openPage(player: Player | null, url: string) {
  const { context, calls } = stubAppContext({
    player,
    answer: player ? answering(player) : () => ({ status: 401, body: {} }),
  });
  const request = new Request(`http://casino.test${url}`);
  const loaderData = await loader({ request, context } as never);
  renderRoute({
    path: url,
    Component: Notifications,
    loaderData,
    locale: url.startsWith('/el/') ? 'el' : 'en',
    player,
    wallet: player ? aWallet() : null,
  });
  return { calls, loaderData };
}

describe('/notifications', () => {
  it("renders each player's own notifications from its loader, unread first, then the read ones", async () => {
    await openPage(eleni, '/notifications');
    expect(await screen.findByText('Autumn drops', {}, firstRender)).toBeTruthy();
    const unread = document.querySelector('[data-list="unread"]');
    const read = document.querySelector('[data-list="read"]');
    expect(unread?.textContent).toContain('Autumn drops');
    expect(read?.textContent).toContain('New slots');
    expect(screen.queryByText('VIP evening')).toBeNull();
    cleanup();
    resetNotifications();
    // Read records are kept per device: another player's browser.
    localStorage.clear();

    await openPage(nikos, '/notifications');
    expect(await screen.findByText('VIP evening', {}, firstRender)).toBeTruthy();
    expect(screen.queryByText('Autumn drops')).toBeNull();
    expect(document.querySelector('[data-list="read"]')).toBeNull();
  });

  it('reads them in Greek on the Greek page', async () => {
    const { calls } = await openPage(eleni, '/el/notifications');
    expect(await screen.findByText('Φθινοπωρινές κληρώσεις', {}, firstRender)).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Παλαιότερες' })).toBeTruthy();
    const query = calls.find((call) => call.path === '/content/query');
    expect(query?.request.body).toMatchObject({ collection: 'notificationsCollection', locale: 'el' });
  });

  it('reads nothing for a visitor and asks them to sign in', async () => {
    const { calls, loaderData } = await openPage(null, '/notifications');
    expect(loaderData).toBeNull();
    expect(calls).toEqual([]);
    expect(await screen.findByText(/Sign in to see your notifications/, {}, firstRender)).toBeTruthy();
  });
});
