import type { Browser, BrowserContext, Page, Route } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, visit } from './browser.ts';
import { copy } from './harness/copy.ts';
import {
  browserAgent,
  createPlayer,
  signInContext,
  uniqueAddress,
  visitorAddress,
} from './harness/players.ts';
import { type SharedProduct, sharedProduct } from './harness/products.ts';

/**
 * Every refusal of the API a player can meet on the Greek site, read on the page in Greek: the page says
 * each in its own words, chosen by the answer's code, and neither the server's English nor (where the
 * page words it differently) the server's own Greek shows. Refusals the page's own checks keep a player
 * from sending (an amount outside the limits, a detail the rules refuse, a contact form with a bad
 * address) are provoked by changing the request on its way out, as a page older than the server's rules
 * would send it; the real server answers each. Forms that submit to their page's route action (the
 * profile's, the "email me a link" pages') are answered there, from the API called in-process.
 */
const text = copy.el;
const passphrase = 'a sturdy passphrase';
/** Money as the Greek site shows it: `50,00 €` (no-break space), `5.000,00 €`. */
const euros = (units: number) =>
  `${units.toLocaleString('el-GR', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}\u00a0€`;

let product: SharedProduct;
let browser: Browser;
beforeAll(async () => {
  [product, browser] = await Promise.all([sharedProduct('standard'), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
});

const url = (path: string) => `${product.url}${text.prefix}${path}`;

/**
 * A visitor's page of its own (cookies are per context), or a signed-in Greek player's: from an address
 * of its own too, so its wrong passwords count towards no one else's captcha.
 */
async function visitor(address = visitorAddress()): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ extraHTTPHeaders: { 'x-forwarded-for': address } });
  return { context, page: await context.newPage() };
}
async function player(label: string) {
  const email = uniqueAddress(`errors-${label}`);
  await createPlayer(product.url, { email, password: passphrase, language: 'el' });
  const { context, page } = await visitor();
  await signInContext(context, product.url, email, passphrase);
  return { email, context, page };
}

/** Changes the JSON body of the page's next form sent to `path` (an API path) before the server reads it. */
async function rewrite(page: Page, path: string, change: (body: Record<string, unknown>) => void) {
  const matches = (address: URL) => address.pathname === `/api${path}`;
  const handler = async (route: Route) => {
    if (route.request().method() === 'GET') return route.fallback();
    const body = route.request().postDataJSON() as Record<string, unknown>;
    change(body);
    await route.continue({ postData: JSON.stringify(body) });
    await page.unroute(matches, handler);
  };
  await page.route(matches, handler);
}

/** Changes the fields of the page's next form posted to its route's action at `path` (a page path). */
async function rewriteForm(page: Page, path: string, change: (fields: URLSearchParams) => void) {
  const matches = (address: URL) => address.pathname === `${text.prefix}${path}.data`;
  const handler = async (route: Route) => {
    if (route.request().method() !== 'POST') return route.fallback();
    const fields = new URLSearchParams(route.request().postData() ?? '');
    change(fields);
    await route.continue({ postData: fields.toString() });
    await page.unroute(matches, handler);
  };
  await page.route(matches, handler);
}

/** The server's answer to the page's next form sent to `path`, as it arrived (its status and codes). */
const refusal = (page: Page, path: string) =>
  page.waitForResponse(
    (response) => new URL(response.url()).pathname === `/api${path}` && response.request().method() !== 'GET',
  );

/**
 * The answer of the page's route action to its next form (React Router posts to `<page>.data`): the
 * route calls the API in-process and answers with the problems in the page's words.
 */
const pageRefusal = (page: Page, path: string) =>
  page.waitForResponse(
    (response) =>
      new URL(response.url()).pathname === `${text.prefix}${path}.data` &&
      response.request().method() === 'POST',
  );

/** Waits for each Greek text on the page, and checks that none of the server's own words show. */
async function expectShown(page: Page, shown: (string | RegExp)[], hidden: string[]) {
  for (const words of shown) await page.getByText(words, { exact: true }).first().waitFor();
  // What a person sees: the page's scripts (the catalogue it ships) are not on screen.
  // biome-ignore lint/performance/useDomNodeTextContent: the rendered text is the point
  const onScreen = await page.locator('body').innerText();
  for (const words of hidden) expect(onScreen, words).not.toContain(words);
}

describe('API refusals on the Greek site', () => {
  const contexts: BrowserContext[] = [];
  afterAll(async () => {
    await Promise.all(contexts.map((context) => context.close()));
  });
  async function open<T extends { context: BrowserContext }>(made: Promise<T>): Promise<T> {
    const opened = await made;
    contexts.push(opened.context);
    return opened;
  }

  it('a wrong password', async () => {
    const { email } = await open(player('wrong'));
    const { page } = await open(visitor());
    await visit(page, url('/users/sign_in'));
    await page.waitForLoadState('networkidle');
    await page.getByLabel(text.email, { exact: true }).fill(email);
    await page.getByLabel(text.password, { exact: true }).fill('not the passphrase');
    const answer = refusal(page, '/users/sign_in');
    await page.getByRole('button', { name: text.signIn, exact: true }).click();
    expect((await (await answer).json()).codes).toEqual({ base: ['auth.invalid_credentials'] });
    await expectShown(page, [text.invalid], ['Invalid email or password']);
  });

  it('a locked account', async () => {
    const { email } = await open(player('locked'));
    // Ten wrong passwords, each from an address of its own as behind the load balancer: no captcha is
    // asked of any.
    for (let attempt = 1; attempt <= 10; attempt++) {
      const wrong = await fetch(`${product.url}/api/users/sign_in`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'user-agent': browserAgent,
          'x-forwarded-for': visitorAddress(),
        },
        body: JSON.stringify({ user: { email, password: `guess ${attempt}` } }),
      });
      expect(wrong.status).toBe(401);
    }
    const { page } = await open(visitor());
    await visit(page, url('/users/sign_in'));
    await page.waitForLoadState('networkidle');
    await page.getByLabel(text.email, { exact: true }).fill(email);
    await page.getByLabel(text.password, { exact: true }).fill(passphrase);
    await page.getByRole('button', { name: text.signIn, exact: true }).click();
    await expectShown(
      page,
      [text.locked, text.unlockByEmail],
      [
        'Your account is locked. Try again in an hour or unlock it from the email we sent.',
        'Ο λογαριασμός σας είναι κλειδωμένος. Δοκιμάστε ξανά σε μία ώρα ή ξεκλειδώστε τον από το email που σας στείλαμε.',
      ],
    );
  });

  describe('signing up', () => {
    async function signUp(page: Page, email: string, password: string) {
      await visit(page, url('/users/sign_up'));
      await page.waitForLoadState('networkidle');
      await page.getByLabel(text.email, { exact: true }).fill(email);
      await page.getByLabel(text.password, { exact: true }).fill(password);
      await page.getByLabel(text.terms).check();
      await page.getByLabel(text.age).check();
      const answer = refusal(page, '/users');
      await page.getByRole('button', { name: text.create }).click();
      return (await (await answer).json()).codes;
    }

    it('with an address that is already registered', async () => {
      const { email } = await open(player('taken'));
      const { page } = await open(visitor());
      expect(await signUp(page, email, passphrase)).toEqual({ email: ['auth.email_taken'] });
      await expectShown(
        page,
        ['Αυτό το email είναι ήδη εγγεγραμμένο. Μήπως θέλετε να συνδεθείτε;'],
        ['has already been taken', 'Αυτό το email χρησιμοποιείται ήδη'],
      );
    });

    it('with one of the most common passwords', async () => {
      const { page } = await open(visitor());
      expect(await signUp(page, uniqueAddress('errors-common'), 'iloveyou1')).toEqual({
        password: ['auth.common_password'],
      });
      await expectShown(
        page,
        ['Αυτός ο κωδικός είναι από τους πιο συνηθισμένους. Επιλέξτε έναν που μαντεύεται δυσκολότερα.'],
        [
          'is among the most common passwords; choose one that is harder to guess',
          'Ο κωδικός είναι από τους πιο συνηθισμένους· επιλέξτε έναν που μαντεύεται δυσκολότερα',
        ],
      );
    });

    it('without confirming the minimum age', async () => {
      const { page } = await open(visitor());
      await rewrite(page, '/users', (body) => {
        (body.user as Record<string, unknown>).age_acceptance = false;
      });
      expect(await signUp(page, uniqueAddress('errors-age'), passphrase)).toEqual({
        age_acceptance: ['validation.required'],
      });
      await expectShown(page, [text.required], ['Field is required']);
    });
  });

  it('a reset link that is not valid', async () => {
    const { page } = await open(visitor());
    await visit(page, url('/users/password/edit?reset_password_token=not-a-token-we-sent'));
    await page.waitForLoadState('networkidle');
    await page.getByLabel(text.newPassword, { exact: true }).fill('a brand new passphrase');
    await page.getByLabel(text.confirmPassword, { exact: true }).fill('a brand new passphrase');
    const answer = refusal(page, '/users/password');
    await page.getByRole('button', { name: text.saveNewPassword }).click();
    expect((await (await answer).json()).codes).toEqual({
      reset_password_token: ['auth.reset_link_invalid'],
    });
    await expectShown(
      page,
      ['Αυτός ο σύνδεσμος έχει λήξει ή έχει ήδη χρησιμοποιηθεί.'],
      [
        'This link is invalid or has expired. Please ask for a new one.',
        'Ο σύνδεσμος δεν είναι έγκυρος ή έχει λήξει. Ζητήστε έναν νέο.',
      ],
    );
  });

  it('a wrong current password when changing it', async () => {
    const { page } = await open(player('current'));
    await visit(page, url('/profile/general/security'));
    await page.waitForLoadState('networkidle');
    await page.getByLabel('Τρέχων κωδικός', { exact: true }).fill('not the passphrase');
    await page.getByLabel(text.newPassword, { exact: true }).fill('a brand new passphrase');
    await page.getByLabel(text.confirmPassword, { exact: true }).fill('a brand new passphrase');
    const answer = pageRefusal(page, '/profile/general/security');
    await page.getByRole('button', { name: 'Αλλαγή κωδικού', exact: true }).click();
    expect((await answer).status()).toBe(422);
    await expectShown(
      page,
      ['Αυτός δεν είναι ο τρέχων κωδικός σας.'],
      ['is incorrect', 'Ο τρέχων κωδικός δεν είναι σωστός'],
    );
  });

  it('personal details the rules refuse: a name in Arabic letters, a player under age', async () => {
    const { page } = await open(player('profile'));
    await visit(page, url('/profile/general'));
    await page.waitForLoadState('networkidle');
    await page.getByLabel('Όνομα', { exact: true }).fill('محمد');
    await page
      .getByLabel('Ημερομηνία γέννησης', { exact: true })
      .fill(`01.01.${new Date().getUTCFullYear() - 10}`);
    const answer = pageRefusal(page, '/profile/general');
    await page.getByRole('button', { name: 'Αποθήκευση αλλαγών' }).click();
    expect((await answer).status()).toBe(422);
    await expectShown(
      page,
      ['Συμπληρώστε με λατινικούς χαρακτήρες', 'Ανήλικος'],
      ['Please enter data in English letters', 'Underage'],
    );
  });

  describe('the cashier', () => {
    /** Deposits `units` euros through the sandbox card page (as its form posts), until the balance has them. */
    async function fund(context: BrowserContext, units: number) {
      const started = await context.request.post(`${product.url}/api/payments/deposits`, {
        headers: { 'user-agent': browserAgent },
        data: { currency: 'EUR', amount_cents: units * 100, method: 'card' },
      });
      expect(started.status()).toBe(201);
      const { redirect_url: page } = (await started.json()) as { redirect_url: string };
      await fetch(new URL(page, product.url), {
        method: 'POST',
        redirect: 'manual',
        headers: { 'content-type': 'application/x-www-form-urlencoded', 'user-agent': browserAgent },
        body: new URLSearchParams({
          number: '4242 4242 4242 4242',
          expiry: '12/39',
          cvc: '123',
          name: 'Eleni P',
          action: 'pay',
        }),
      });
      await expect
        .poll(async () => {
          const accounts = await context.request.get(`${product.url}/api/player/accounts`);
          return ((await accounts.json()) as { available_to_cashout_cents: number }[])[0]
            ?.available_to_cashout_cents;
        })
        .toBe(units * 100);
    }

    /**
     * Posts a €20 deposit from the deposit page with its fields changed on the way, as a tampered or
     * outdated page would send them: the route's action passes the API's refusal on (its status).
     */
    async function deposit(page: Page, change: (fields: URLSearchParams) => void) {
      await visit(page, url('/profile/wallet/deposit'));
      await page.getByLabel(text.wallet.amount('EUR')).fill('20');
      await rewriteForm(page, '/profile/wallet/deposit', change);
      const answer = pageRefusal(page, '/profile/wallet/deposit');
      await page.getByRole('button', { name: text.wallet.depositAmount(euros(20)) }).click();
      return (await answer).status();
    }

    it('a deposit below the minimum and one above the maximum, in the player’s money format', async () => {
      const { page } = await open(player('limits'));
      expect(await deposit(page, (fields) => fields.set('amount_minor', '999'))).toBe(422);
      await expectShown(
        page,
        [`Το ελάχιστο ποσό είναι ${euros(10)}.`],
        ['must be at least 1000', 'Το ποσό πρέπει να είναι τουλάχιστον 1000 (σε λεπτά)'],
      );
      expect(await deposit(page, (fields) => fields.set('amount_minor', '500001'))).toBe(422);
      await expectShown(
        page,
        [`Το μέγιστο ποσό είναι ${euros(5000)}.`],
        ['must be at most 500000', 'Το ποσό πρέπει να είναι το πολύ 500000 (σε λεπτά)'],
      );
    });

    it('a deposit in a currency the player holds no account in', async () => {
      const { page } = await open(player('currency'));
      expect(await deposit(page, (fields) => fields.set('currency', 'USD'))).toBe(422);
      await expectShown(
        page,
        ['Δεν έχετε λογαριασμό σε USD. Προσθέστε τον πρώτα στους λογαριασμούς σας.'],
        [
          'You have no USD account: add it to your accounts first',
          'Δεν έχετε λογαριασμό σε USD· προσθέστε τον πρώτα στους λογαριασμούς σας',
        ],
      );
    });

    it('a withdrawal of more than the balance available to cash out', async () => {
      const { context, page } = await open(player('available'));
      await fund(context, 50);
      await visit(page, url('/profile/wallet/withdrawal'));
      await page.getByLabel(text.wallet.amount('EUR')).fill('20');
      await rewriteForm(page, '/profile/wallet/withdrawal', (fields) => fields.set('amount_minor', '6000'));
      const answer = pageRefusal(page, '/profile/wallet/withdrawal');
      await page.getByRole('button', { name: text.wallet.withdrawAmount(euros(20)) }).click();
      expect((await answer).status()).toBe(422);
      await expectShown(
        page,
        [`Μπορείτε να κάνετε ανάληψη έως ${euros(50)}.`],
        [
          'is more than the balance available to cash out',
          'Το ποσό υπερβαίνει το υπόλοιπο που μπορείτε να αναλάβετε',
        ],
      );
    });
  });

  it('too many attempts, with how long to wait', async () => {
    // Five requests for a reset link from the visitor's address spend the quarter hour's allowance.
    const address = visitorAddress();
    for (let request = 0; request < 5; request++) {
      const sent = await fetch(`${product.url}/api/users/password`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'user-agent': browserAgent,
          'x-forwarded-for': address,
        },
        body: JSON.stringify({ user: { email: 'someone@example.gr' } }),
      });
      expect(sent.status).toBe(200);
    }
    const { page } = await open(visitor(address));
    await visit(page, url('/users/password/new'));
    await page.waitForLoadState('networkidle');
    await page.getByLabel(text.email, { exact: true }).fill('someone@example.gr');
    const answer = pageRefusal(page, '/users/password/new');
    await page.getByRole('button', { name: text.sendResetLink }).click();
    expect((await answer).status()).toBe(429);
    await expectShown(
      page,
      [/^Πάρα πολλές προσπάθειες\. Δοκιμάστε ξανά σε 1[45] λεπ\.$/],
      ['Too many attempts', 'Παρακαλούμε δοκιμάστε ξανά σε'],
    );
  });

  it('a contact form the server refuses', async () => {
    const { page } = await open(visitor());
    await visit(page, url('/support'));
    await page.waitForLoadState('networkidle');
    await page.getByLabel('Το όνομά σας', { exact: true }).fill('Eleni');
    await page.getByLabel('Διεύθυνση email', { exact: true }).fill('eleni@example.gr');
    await page.getByLabel('Θέμα', { exact: true }).fill('Ανάληψη');
    await page.getByLabel('Μήνυμα', { exact: true }).fill('Πότε θα φτάσει η ανάληψή μου;');
    // Past the form's own check, as a page that did not check would send it.
    await rewriteForm(page, '/support', (fields) => {
      fields.set('email', 'not-an-address');
      fields.set('subject', ' ');
    });
    const answer = pageRefusal(page, '/support');
    await page.getByRole('button', { name: 'Αποστολή μηνύματος' }).click();
    expect((await answer).status()).toBe(422);
    await expectShown(
      page,
      [text.invalidEmail, text.required],
      ['Must be a valid email', 'Field is required'],
    );
  });
});
