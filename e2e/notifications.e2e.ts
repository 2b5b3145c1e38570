import { cp, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, live, visit } from './browser.ts';
import { copy, locales } from './harness/copy.ts';
import { createPlayer, signInContext, uniqueAddress } from './harness/players.ts';
import { type RunningProduct, scratchDir, startProduct } from './server.ts';

/**
 * The notifications centre in the browser, English and Greek: the header bell counts the unread
 * notifications ("9+" above 9), the NotificationsList modal and the /notifications page list them
 * unread first and then five read ones, opening one marks it read, read records live on the device
 * (WB_NOTIF_READ, the last 100) and on the server (a second device agrees), content notifications
 * follow their visibility settings, and the browser's permission prompt is never asked for on load.
 *
 * The product runs on a copy of the content with notifications of this spec's own added (the shipped
 * five are real copy; these stand beside them), so the counter passes nine.
 */
const contentRoot = fileURLToPath(new URL('../content', import.meta.url));

/** Added per locale: ten everyone sees, one only for VIPs, one whose date has passed, one hidden from a group the players are not in. */
const added = {
  en: { title: (n: number) => `Daily drop ${n}`, text: (n: number) => `Prize drop number ${n} is live.` },
  el: {
    title: (n: number) => `Ημερήσια κλήρωση ${n}`,
    text: (n: number) => `Η κλήρωση αριθμός ${n} ξεκίνησε.`,
  },
} as const;

const words = {
  en: {
    bell: 'Notifications',
    markAll: 'Mark all as read',
    earlier: 'Earlier',
    turnOn: 'Turn on notifications',
    seeAll: 'See all notifications',
    empty: 'You have no notifications yet. News about games, promotions and your account will appear here.',
  },
  el: {
    bell: 'Ειδοποιήσεις',
    markAll: 'Σήμανση όλων ως αναγνωσμένων',
    earlier: 'Παλαιότερες',
    turnOn: 'Ενεργοποίηση ειδοποιήσεων',
    seeAll: 'Όλες οι ειδοποιήσεις',
    empty:
      'Δεν έχετε ακόμη ειδοποιήσεις. Νέα για παιχνίδια, προσφορές και τον λογαριασμό σας θα εμφανίζονται εδώ.',
  },
} as const;

function notificationFile(slug: string, createdAt: string, title: string, text: string, visibility = '') {
  return `---\nslug: ${slug}\ncreatedAt: "${createdAt}"\ntype: content\npreview:\n  title: "${title}"\n  text: "${text}"\n${visibility}---\n\n${text}\n`;
}

let product: RunningProduct;
let browser: Browser;
beforeAll(async () => {
  const content = await scratchDir('notifications-content-');
  await cp(contentRoot, content, { recursive: true });
  for (const locale of locales) {
    const folder = path.join(content, locale, 'notificationsCollection');
    const { title, text } = added[locale];
    for (let n = 1; n <= 10; n++) {
      const day = String(n).padStart(2, '0');
      await writeFile(
        path.join(folder, `50-daily-drop-${day}.md`),
        notificationFile(`daily-drop-${day}`, `2026-11-${day}T12:00:00Z`, title(n), text(n)),
      );
    }
    await writeFile(
      path.join(folder, '60-vip-only.md'),
      notificationFile(
        'vip-evening',
        '2026-11-21T18:00:00Z',
        'VIP',
        'VIP',
        'visibilitySettings:\n  show:\n    group: [vip]\n',
      ),
    );
    await writeFile(
      path.join(folder, '61-expired.md'),
      notificationFile(
        'summer-sale',
        '2026-07-01T00:00:00Z',
        'Summer',
        'Summer',
        'visibilitySettings:\n  show:\n    date: "01.07.2026-31.07.2026"\n',
      ),
    );
    await writeFile(
      path.join(folder, '62-hidden-from-others.md'),
      notificationFile(
        'returning-players',
        '2026-11-22T09:00:00Z',
        title(11),
        text(11),
        'visibilitySettings:\n  hide:\n    group: [blocked-from-promotions]\n',
      ),
    );
  }
  product = await startProduct({ env: { CONTENT_DIR: content } });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await product?.stop();
});

/** Counts the permission prompts and push subscriptions a page asks for. */
async function watchPermissionPrompts(context: BrowserContext) {
  await context.addInitScript(() => {
    const counts = { prompts: 0 };
    (window as unknown as { __prompts: typeof counts }).__prompts = counts;
    if ('Notification' in window) {
      // A browser that has not been asked yet (headless Chromium would say denied).
      Object.defineProperty(Notification, 'permission', { get: () => 'default' });
      Notification.requestPermission = () => {
        counts.prompts++;
        return Promise.resolve('denied' as NotificationPermission);
      };
    }
  });
}
const promptsAsked = (page: Page) =>
  page.evaluate(() => (window as unknown as { __prompts: { prompts: number } }).__prompts.prompts);

describe.each(locales)('the notifications centre (%s)', (locale) => {
  const text = copy[locale];
  const word = words[locale];
  const email = uniqueAddress(`notifications-${locale}`);
  const password = 'a notable passphrase';
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    await createPlayer(product.url, { email, password, language: locale });
    context = await browser.newContext();
    await watchPermissionPrompts(context);
    await signInContext(context, product.url, email, password);
    page = await context.newPage();
  });
  afterAll(() => context?.close());

  const bell = () => page.getByRole('banner').getByRole('button', { name: new RegExp(`^${word.bell}`) });
  const counter = () => page.locator('.header__bell-count');
  const modal = () => page.locator('[data-modal="NotificationsList"]');

  it('counts the unread in the bell, "9+" above 9, and asks for no permission on load', async () => {
    await visit(page, `${product.url}${text.prefix}/`);
    await page.waitForLoadState('networkidle');
    await counter().waitFor();
    // 5 shipped + 10 daily drops + the one hidden only from another group; not the VIP one, not the expired one.
    expect(await counter().textContent()).toBe('9+');
    expect(await bell().getAttribute('aria-label')).toContain('16');
    expect(await promptsAsked(page)).toBe(0);
  });

  it('lists them in the modal, unread first, only what the player may see', async () => {
    await bell().click();
    await modal().locator('[data-list="unread"]').waitFor();
    const slugs = await modal()
      .locator('[data-list="unread"] [data-notification]')
      .evaluateAll((items) => items.map((item) => item.getAttribute('data-notification')));
    expect(slugs).toHaveLength(16);
    expect(slugs[0]).toBe('returning-players');
    expect(slugs).not.toContain('vip-evening');
    expect(slugs).not.toContain('summer-sale');
    expect(await modal().getByText(added[locale].title(3), { exact: true }).count()).toBe(1);
    // The prompt only after the player asks for it.
    expect(await promptsAsked(page)).toBe(0);
    await modal().getByRole('button', { name: word.turnOn }).click();
    await page.waitForFunction(
      () => (window as unknown as { __prompts: { prompts: number } }).__prompts.prompts === 1,
    );
  });

  it('opens an item on the notifications page and marks it read', async () => {
    await modal().locator('[data-notification="daily-drop-02"] button').click();
    await page.waitForURL(`${product.url}${text.prefix}/notifications?item=daily-drop-02`);
    await page.locator('.notification__body').waitFor();
    expect(await page.locator('.notification__body').textContent()).toContain(added[locale].text(2));
    await page.waitForFunction(() => document.querySelector('.header__bell-count')?.textContent === '9+');
    expect(await page.locator('[data-list="read"] [data-notification="daily-drop-02"]').count()).toBe(1);
  });

  it('opens the modal an item names', async () => {
    await page.locator('[data-notification="new-game-aegean-treasures"] button').click();
    await page.locator('[data-modal="Prize"]').waitFor();
    await page.keyboard.press('Escape');
  });

  it('marks all read: the bell empties and five read ones stay on show', async () => {
    await page.getByRole('button', { name: word.markAll }).click();
    await counter().waitFor({ state: 'detached' });
    expect(await page.locator('[data-list="unread"]').count()).toBe(0);
    expect(await page.locator('[data-list="read"] [data-notification]').count()).toBe(5);
    expect(await page.getByRole('heading', { name: word.earlier }).count()).toBe(1);
    const stored = await page.evaluate(
      () => JSON.parse(localStorage.getItem('WB_NOTIF_READ') ?? '[]').length,
    );
    expect(stored).toBe(16);
  });

  it('agrees on a second device: the server kept the read records', async () => {
    const second = await browser.newContext();
    await signInContext(second, product.url, email, password);
    const other = await second.newPage();
    await other.goto(`${product.url}${text.prefix}/notifications`);
    await other.locator('[data-list="read"]').waitFor();
    expect(await other.locator('.header__bell-count').count()).toBe(0);
    expect(await other.locator('[data-list="read"] [data-notification]').count()).toBe(5);
    await second.close();
  });

  it('keeps the last 100 read records on the device and shows 5', async () => {
    await page.evaluate(() => {
      const records = Array.from({ length: 120 }, (_, index) => ({
        slug: `old-${index}`,
        createdAt: '2026-01-01T00:00:00Z',
        readAt: new Date(Date.UTC(2026, 0, 2, 0, index)).toISOString(),
      }));
      localStorage.setItem('WB_NOTIF_READ', JSON.stringify(records));
    });
    await page.reload();
    // The list is in the server's HTML: the device's records are merged once the page is live.
    await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
    await page.locator('[data-list="read"]').waitFor();
    await page.waitForLoadState('networkidle');
    const kept = await page.evaluate(
      () => JSON.parse(localStorage.getItem('WB_NOTIF_READ') ?? '[]') as { slug: string }[],
    );
    expect(kept).toHaveLength(100);
    expect(await page.locator('[data-list="read"] [data-notification]').count()).toBe(5);
    expect(await page.locator('.header__bell-count').count()).toBe(0);
    expect(await promptsAsked(page)).toBe(0);
  });
});

/**
 * The notifications page arrives whole (issue 35, the worst layout-shift cell): the server's HTML already
 * lists the player's own notifications, read here with JavaScript off. Player A read "Daily drop 10" on
 * another device (the server keeps the record), player B nothing: each page as sent shows only its own
 * player's, in English and in Greek.
 */
describe("the notifications page in the server's HTML", () => {
  const password = 'a notable passphrase';
  const drop = { slug: 'daily-drop-10', createdAt: '2026-11-10T12:00:00Z' };
  const players: Record<'a' | 'b', BrowserContext> = {} as never;

  async function player(label: 'a' | 'b') {
    const email = uniqueAddress(`notifications-html-${label}`);
    await createPlayer(product.url, { email, password, language: 'en' });
    const context = await browser.newContext({ javaScriptEnabled: false });
    await signInContext(context, product.url, email, password);
    if (label === 'a') {
      const answer = await context.request.post(`${product.url}/api/player/notification_reads`, {
        data: { records: [{ ...drop, readAt: '2026-11-11T08:00:00Z' }] },
      });
      expect(answer.status(), await answer.text()).toBe(200);
    }
    return context;
  }

  beforeAll(async () => {
    [players.a, players.b] = await Promise.all([player('a'), player('b')]);
  });
  afterAll(async () => {
    for (const context of Object.values(players)) await context?.close();
  });

  it.each(locales)('lists to each player their own notifications, read and unread (%s)', async (locale) => {
    const text = copy[locale];
    const sent = async (context: BrowserContext) => {
      const page = await context.newPage();
      const answer = await page.goto(`${product.url}${text.prefix}/notifications`);
      expect(answer?.status()).toBe(200);
      return page;
    };
    const item = (page: Page, list: 'read' | 'unread') =>
      page.locator(`[data-list="${list}"] [data-notification="${drop.slug}"]`);

    const a = await sent(players.a);
    expect(await item(a, 'read').locator('.notification__title').textContent()).toBe(added[locale].title(10));
    expect(await item(a, 'unread').count()).toBe(0);
    expect(await a.getByRole('heading', { name: words[locale].earlier }).count()).toBe(1);

    const b = await sent(players.b);
    expect(await item(b, 'unread').locator('.notification__title').textContent()).toBe(
      added[locale].title(10),
    );
    expect(await item(b, 'read').count()).toBe(0);
    expect(await b.locator('[data-list="read"]').count()).toBe(0);
  });
});

describe('push auto-subscribe (spec §6)', () => {
  it('subscribes a signed-in player whose browser already allows notifications, and unsubscribes on sign-out', async () => {
    const email = uniqueAddress('notifications-push');
    const password = 'a notable passphrase';
    await createPlayer(product.url, { email, password, language: 'el' });
    const context = await browser.newContext();
    await context.grantPermissions(['notifications'], { origin: product.url });
    // The browser's push service (FCM for Chromium) is out of reach here: its side of subscribe() answers
    // as it would, with an endpoint of its own and the browser's keys.
    await context.addInitScript(() => {
      const subscription = {
        endpoint: 'https://fcm.googleapis.com/fcm/send/e2e-notifications',
        options: { applicationServerKey: null as ArrayBuffer | null },
        toJSON: () => ({
          endpoint: 'https://fcm.googleapis.com/fcm/send/e2e-notifications',
          expirationTime: null,
          keys: {
            p256dh: `B${'A'.repeat(86)}`,
            auth: 'AAAAAAAAAAAAAAAAAAAAAA',
          },
        }),
        unsubscribe: async () => true,
      };
      let subscribed = false;
      PushManager.prototype.getSubscription = async () =>
        (subscribed ? subscription : null) as unknown as PushSubscription;
      PushManager.prototype.subscribe = async (options) => {
        subscribed = true;
        subscription.options.applicationServerKey = options?.applicationServerKey as ArrayBuffer;
        const bytes = new Uint8Array(options?.applicationServerKey as ArrayBuffer);
        (window as unknown as { subscribedWith: string }).subscribedWith = btoa(String.fromCharCode(...bytes))
          .replace(/\+/g, '-')
          .replace(/\//g, '_')
          .replace(/=+$/, '');
        return subscription as unknown as PushSubscription;
      };
    });
    await signInContext(context, product.url, email, password);
    const page = await context.newPage();
    const stored = page.waitForResponse(
      (response) =>
        response.url().endsWith('/api/player/push_subscriptions') && response.request().method() === 'POST',
    );
    await page.goto(`${product.url}/el/`);
    expect((await stored).status()).toBe(201);
    const key = await page.evaluate(async () => {
      const answer = await fetch('/api/player/push_subscriptions/key');
      return ((await answer.json()) as { publicKey: string }).publicKey;
    });
    expect(key).toMatch(/^[A-Za-z0-9_-]{87}$/);
    expect(await page.evaluate(() => (window as unknown as { subscribedWith: string }).subscribedWith)).toBe(
      key,
    );

    const removed = page.waitForRequest(
      (request) => request.url().endsWith('/api/player/push_subscriptions') && request.method() === 'DELETE',
    );
    await page.getByRole('banner').getByRole('button', { name: copy.el.account }).click();
    await page.getByRole('banner').getByRole('button', { name: copy.el.signOut, exact: true }).click();
    expect((await removed).postDataJSON()).toEqual({
      endpoint: 'https://fcm.googleapis.com/fcm/send/e2e-notifications',
    });
    await context.close();
  });
});

describe('when the content cannot be fetched', () => {
  it('logs it and shows an empty list', async () => {
    const email = uniqueAddress('notifications-offline');
    const password = 'a notable passphrase';
    await createPlayer(product.url, { email, password, language: 'en' });
    const context = await browser.newContext();
    await signInContext(context, product.url, email, password);
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    await page.route('**/api/content/query', (route) => route.fulfill({ status: 503, body: '' }));
    // The /notifications page reads the list on the server: the browser reads it for the header's bell
    // and its list on any other page.
    await visit(page, `${product.url}/`);
    const bell = page.getByRole('banner').getByRole('button', { name: new RegExp(`^${words.en.bell}`) });
    await live(bell);
    await bell.click();
    await page.locator('[data-modal="NotificationsList"]').getByText(words.en.empty).waitFor();
    expect(await page.locator('[data-notification]').count()).toBe(0);
    expect(await page.locator('.header__bell-count').count()).toBe(0);
    expect(errors.some((text) => text.includes('content notifications could not be loaded'))).toBe(true);
    await context.close();
  });
});

describe('the service worker and pushes', () => {
  it('shows a push as a notification whose link stays on this site', async () => {
    const context = await browser.newContext();
    await context.grantPermissions(['notifications'], { origin: product.url });
    const page = await context.newPage();
    await page.goto(`${product.url}/`);
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    // The push service's side: Chromium delivers a push message to the registration, as FCM would.
    const cdp = await context.newCDPSession(page);
    const { registrationId } = await new Promise<{ registrationId: string }>((resolve) => {
      cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
        const registration = (registrations as { registrationId: string; scopeURL: string }[]).find(
          (entry) => entry.scopeURL === `${product.url}/`,
        );
        if (registration) resolve(registration);
      });
      void cdp.send('ServiceWorker.enable');
    });
    const deliver = (message: object) =>
      cdp.send('ServiceWorker.deliverPushMessage', {
        origin: product.url,
        registrationId,
        data: JSON.stringify(message),
      });
    const shown = async () =>
      page.evaluate(async () =>
        (await (await navigator.serviceWorker.ready).getNotifications()).map((notification) => ({
          title: notification.title,
          body: notification.body,
          url: (notification.data as { url: string }).url,
        })),
      );
    // A push service delivers at least once: a message is sent again until it shows (its tag keeps a
    // second delivery from showing twice), as a worker still starting may miss the first.
    const deliverUntilShown = async (message: object, count: number) =>
      expect
        .poll(
          async () => {
            if ((await shown()).length < count) await deliver(message);
            return (await shown()).length;
          },
          { interval: 1_000 },
        )
        .toBe(count);
    await deliverUntilShown(
      {
        title: 'Η κατάθεση πιστώθηκε',
        body: 'Τα 50,00 € προστέθηκαν στο υπόλοιπό σας.',
        url: '/el/profile/wallet/transactions',
        tag: 'payment-1',
        kind: 'transactional',
      },
      1,
    );
    await deliverUntilShown(
      { title: 'Elsewhere', body: '', url: 'https://attacker.example/phish', tag: 'x', kind: 'promotional' },
      2,
    );
    expect(await shown()).toEqual(
      expect.arrayContaining([
        {
          title: 'Η κατάθεση πιστώθηκε',
          body: 'Τα 50,00 € προστέθηκαν στο υπόλοιπό σας.',
          url: `${product.url}/el/profile/wallet/transactions`,
        },
        { title: 'Elsewhere', body: '', url: product.url },
      ]),
    );
    await context.close();
  });
});
