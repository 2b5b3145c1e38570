import { fileURLToPath } from 'node:url';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, visit } from './browser.ts';
import { browserAgent, createPlayer, signInContext, uniqueAddress } from './harness/players.ts';
import { sharedProduct } from './harness/products.ts';

const { url: baseUrl } = await sharedProduct('standard');
const screenshot = (name: string) => fileURLToPath(new URL(`./screenshots/${name}.png`, import.meta.url));
const gamesApi = { accept: 'application/vnd.s.v2+json', 'user-agent': browserAgent };

interface ApiGame {
  identifier: string;
  seo_title: string;
  title: string;
  provider: string;
}

async function firstGames(
  filter: Record<string, unknown> = {},
): Promise<{ games: ApiGame[]; total: number }> {
  const response = await fetch(`${baseUrl}/api/games_filter?locale=en`, {
    method: 'POST',
    headers: { ...gamesApi, 'content-type': 'application/json' },
    body: JSON.stringify(filter),
  });
  const body = (await response.json()) as { games: ApiGame[]; pagination: { total: number } };
  return { games: body.games, total: body.pagination.total };
}

async function providers(): Promise<{ slug: string; name: string; games_count: number }[]> {
  return (await fetch(`${baseUrl}/api/games/providers`, { headers: gamesApi })).json();
}

describe('games lobby and game page', () => {
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser?.close());

  async function open(path: string, viewport = { width: 1280, height: 900 }) {
    context = await browser.newContext({ viewport });
    page = await context.newPage();
    await visit(page, `${baseUrl}${path}`);
    await page.waitForLoadState('networkidle');
  }

  it('renders the first page of games on the server, artwork through the image optimiser', async () => {
    const { games } = await firstGames();
    const response = await fetch(`${baseUrl}/games/all`, { headers: { 'user-agent': browserAgent } });
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain(`href="/game/${games[0]?.seo_title}"`);
    expect(html).toMatch(/srcSet="\/_ipx\/w_\d+,f_webp\/[^"]+ \d+w/);
    const greek = await (
      await fetch(`${baseUrl}/el/games/all`, { headers: { 'user-agent': browserAgent } })
    ).text();
    expect(greek).toContain('Όλα τα παιχνίδια');
  });

  it('answers unknown filters with a 404 and sends a bare studio to its catalogue', async () => {
    const [studio] = await providers();
    const get = (path: string) =>
      fetch(`${baseUrl}${path}`, { redirect: 'manual', headers: { 'user-agent': browserAgent } });
    expect((await get('/games/no-such-category')).status).toBe(404);
    expect((await get('/games/slots/no-such-studio')).status).toBe(404);
    const bare = await get(`/games/${studio?.slug}`);
    expect(bare.status).toBe(301);
    expect(bare.headers.get('location')).toBe(`/games/all/${studio?.slug}`);
  });

  it('changes filters without jumping to the top and loads more games on the way down', async () => {
    await open('/games/all');
    await page.screenshot({ path: screenshot('games-lobby') });
    await page.evaluate(() => window.scrollTo(0, 120));
    const [studio] = await providers();
    await page.getByRole('navigation', { name: 'Studios' }).getByRole('link', { name: studio?.name }).click();
    await page.waitForURL(`${baseUrl}/games/all/${studio?.slug}`);
    await page.locator('.lobby__count').waitFor();
    expect(await page.evaluate(() => window.scrollY)).toBe(120);

    const { total } = await firstGames();
    await visit(page, `${baseUrl}/games/all`);
    await page.waitForLoadState('networkidle');
    if (total > 24) {
      await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
      await page.waitForFunction(() => document.querySelectorAll('.game-grid .game-card').length > 24);
    }
    expect(await page.locator('.game-grid .game-card').count()).toBeGreaterThan(Math.min(total, 24) - 1);
    await context.close();
  });

  it('keeps the scroll when a filter leads back to a view seen before (spec §2, issue 31 item 14)', async () => {
    context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    page = await context.newPage();
    // Slots seen first (at the top), then all games: coming back to slots by its chip is a filter change.
    await visit(page, `${baseUrl}/games/slots`);
    const categories = page.getByRole('navigation', { name: 'Categories' });
    await categories.getByRole('link', { name: 'All games' }).click();
    await page.waitForURL(`${baseUrl}/games/all`);
    await page.locator('.lobby .game-grid .game-card').first().waitFor();
    // Scrolled down as far as the category chips stay in view below the sticky header.
    const before = await categories.evaluate((nav) => {
      const header = document.querySelector('header.header');
      const below = (header?.getBoundingClientRect().bottom ?? 0) + 16;
      window.scrollTo(0, nav.getBoundingClientRect().top + window.scrollY - below);
      return window.scrollY;
    });
    expect(before).toBeGreaterThan(0);

    await categories.getByRole('link', { name: 'Slots', exact: true }).click();
    await page.waitForURL(`${baseUrl}/games/slots`);
    await page.getByRole('heading', { level: 1, name: 'Slots' }).waitFor();
    await page.locator('.lobby .game-grid .game-card').first().waitFor();
    expect(await page.evaluate(() => window.scrollY)).toBe(before);
    await context.close();
  });

  it('finds a game with instant search and opens it with the keyboard', async () => {
    const [game] = (await firstGames()).games;
    if (!game) throw new Error('the catalogue is empty');
    await open('/games/all');
    await page.keyboard.press('/');
    const dialog = page.getByRole('dialog', { name: 'Search games' });
    await dialog.waitFor();
    await page.keyboard.type(game.title.slice(0, 6));
    // The results of what was typed, not the popular games shown before typing.
    await dialog.getByRole('option', { name: game.title }).waitFor();
    await dialog.locator('[role="listbox"]:not(.is-stale)').waitFor();
    await page.keyboard.press('ArrowDown');
    expect(await dialog.getByRole('option', { selected: true }).count()).toBe(1);
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/game\//);
    await dialog.waitFor({ state: 'detached' });

    await page.getByRole('banner').getByRole('button', { name: 'Search games', exact: true }).click();
    await dialog.waitFor();
    await page.keyboard.type('qqqzzzxxx');
    await dialog.getByRole('paragraph').filter({ hasText: 'No game matches “qqqzzzxxx”.' }).last().waitFor();
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await context.close();
  });

  it('plays the demo in an iframe, asks a visitor to sign in for real money, and closes on /exit_iframe', async () => {
    const [game] = (await firstGames()).games;
    if (!game) throw new Error('the catalogue is empty');
    const launch = (await (
      await fetch(
        `${baseUrl}/api/games/launch_options/${game.provider}/${game.seo_title}?mode=demo&locale=en`,
        { headers: gamesApi },
      )
    ).json()) as { game_url: string };

    await open('/games/all');
    await page.goto(`${baseUrl}/game/${game.seo_title}`);
    await page.waitForLoadState('domcontentloaded');
    const frame = page.locator('iframe.game-stage__frame');
    // Each launch opens its own demo session: the same game client, another session.
    expect((await frame.getAttribute('src'))?.split('?')[0]).toBe(launch.game_url.split('?')[0]);
    expect(await frame.getAttribute('allow')).toBe('fullscreen');
    await page.screenshot({ path: screenshot('game-demo') });

    // Full screen: the game's stage covers the whole window until the browser leaves full screen.
    await page.getByRole('button', { name: 'Full screen', exact: true }).click();
    await page.getByRole('button', { name: 'Exit full screen', exact: true }).waitFor({ state: 'attached' });
    const viewport = await page.evaluate(() => ({ width: window.innerWidth, height: window.innerHeight }));
    const covered = await frame.evaluate((element) => {
      const box = element.getBoundingClientRect();
      return { width: Math.round(box.width), bottom: Math.round(box.bottom) };
    });
    expect(covered).toEqual({ width: viewport.width, bottom: viewport.height });
    // As the browser does on Escape (a key it handles itself, out of a page's reach).
    await page.evaluate(() => document.exitFullscreen());
    await page.getByRole('button', { name: 'Full screen', exact: true }).waitFor();

    await page.getByRole('button', { name: 'Real money' }).click();
    await page.getByRole('dialog', { name: 'Sign in' }).waitFor();
    await page.waitForURL(/mode=real/);
    await page.keyboard.press('Escape');
    await page.getByText('Sign in to play for real money').waitFor();
    await page.getByRole('button', { name: 'Play the demo instead' }).click();
    await frame.waitFor();

    // A game that sends the player back loads /exit_iframe in its frame.
    await frame.evaluate((element: HTMLIFrameElement) => {
      element.src = '/exit_iframe';
    });
    await page.waitForURL(`${baseUrl}/games/all`);
    await context.close();
  });

  it('answers an unknown game with the games 404 text', async () => {
    await open('/el/game/no-such-game');
    expect(await page.textContent('h1')).toBe('Δεν βρήκαμε αυτό το παιχνίδι');
    const response = await fetch(`${baseUrl}/game/no-such-game`, { headers: { 'user-agent': browserAgent } });
    expect(response.status).toBe(404);
    await context.close();
  });

  it('lets a player keep favourites, play for real money and see the balance follow the game', async () => {
    const email = uniqueAddress('lobby');
    const password = 'Harbour-Lantern-42';
    await createPlayer(baseUrl, { email, password, language: 'en' });
    context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    await signInContext(context, baseUrl, email, password);
    page = await context.newPage();
    await visit(page, `${baseUrl}/games/all`);
    await page.waitForLoadState('networkidle');

    const card = page.locator('.game-grid .game-card').first();
    const title = await card.locator('.game-card__title').textContent();
    const heart = card.getByRole('button', { name: `Favourite: ${title}` });
    const saved = page.waitForResponse((response) => response.url().includes('/api/player/favorite_games/'));
    await heart.click();
    expect((await saved).status()).toBe(204);
    expect(await heart.getAttribute('aria-pressed')).toBe('true');
    await page
      .getByRole('navigation', { name: 'Categories' })
      .getByRole('link', { name: 'Favourites' })
      .click();
    await page.waitForURL(`${baseUrl}/games/favorites`);
    await page.locator('.game-grid .game-card__title', { hasText: title ?? '' }).waitFor();

    await page.locator('.game-grid .game-card a').first().click();
    await page.waitForURL(/\/game\//);
    await page.getByRole('button', { name: 'Real money' }).click();
    // Real play runs in the frame the launch options name, with the mode they confirm.
    await page.locator('.game-stage[data-mode="real"] iframe.game-stage__frame').waitFor();
    // The game tells the page a round changed the balance: the header reads the accounts again.
    const accounts = page.waitForRequest((request) => request.url().endsWith('/api/player/accounts'));
    await page.evaluate(() => window.postMessage({ type: 'chrysos:balance' }, window.location.origin));
    await accounts;

    await page.goto(`${baseUrl}/games/all`);
    await page.getByRole('heading', { name: 'Recently played' }).waitFor();
    await context.close();
  });

  it('opens the categories from a button on a phone', async () => {
    await open('/el/games/all', { width: 390, height: 844 });
    await page.getByRole('button', { name: /Κατηγορίες/ }).click();
    const menu = page.getByRole('dialog', { name: 'Κατηγορίες παιχνιδιών' });
    await menu.waitFor();
    await page.screenshot({ path: screenshot('games-categories-mobile') });
    await menu.getByRole('link', { name: 'Ρουλέτα' }).click();
    await page.waitForURL(`${baseUrl}/el/games/roulette`);
    await context.close();
  });
});
