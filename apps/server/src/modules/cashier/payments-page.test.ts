import { fileURLToPath } from 'node:url';
import { createClient } from '@chrysos/contract/client';
import { type AppContext, appContext } from '@chrysos/web/app-context';
import { RouterContextProvider } from 'react-router';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cookieOf } from '../../testing/accounts.ts';
import { buildTestApp } from '../../testing/build-test-app.ts';
import { limitsFor, paymentMethods } from './methods.ts';

const contentDir = fileURLToPath(new URL('../../../../../content', import.meta.url));
/** The web app's route module, loaded at run time: the server's type check does not cover the web app. */
const pageModule = fileURLToPath(new URL('../../../../web/app/routes/payments.tsx', import.meta.url));

interface PageData {
  currency: string;
  currencies: string[];
  methods: {
    name: string;
    method: string;
    limits: {
      depositMin: number;
      depositMax: number;
      withdrawalMin: number | null;
      withdrawalMax: number | null;
    } | null;
  }[];
}
type PageLoader = (args: {
  request: Request;
  context: RouterContextProvider;
  params: object;
}) => Promise<PageData>;

/**
 * The /payments page against the cashier: the page's loader runs on the real content (en and el) and
 * the real API, and every limit it would print must be the one the cashier enforces (methods.ts).
 */
describe('the /payments page and the cashier', () => {
  let app: Awaited<ReturnType<typeof buildTestApp>>;
  let loader: PageLoader;

  beforeAll(async () => {
    app = await buildTestApp('pglite', { CONTENT_DIR: contentDir });
    ({ loader } = (await import(pageModule)) as { loader: PageLoader });
  });
  afterAll(() => app.closeAll());

  /** The page's data as the web app would render it for a visitor of `path`. */
  async function pageData(path: string): Promise<PageData> {
    const viewer = { groups: [], abVariants: {}, now: new Date(), timeZone: 'UTC' };
    const context = new RouterContextProvider();
    context.set(appContext, {
      origin: 'http://localhost:3000',
      player: null,
      content: {
        list: (collection, locale) => app.content.list(collection, locale, viewer),
        first: (collection, locale) => app.content.first(collection, locale, viewer),
      },
      api: createClient(async (request) => {
        const response = await app.inject({
          method: request.method,
          url: request.url,
          headers: request.headers,
        });
        return { status: response.statusCode, body: response.json() };
      }),
    } as Partial<AppContext> as AppContext);
    return loader({ request: new Request(`http://localhost:3000${path}`), context, params: {} });
  }

  for (const prefix of ['', '/el']) {
    it(`shows${prefix ? ' in Greek' : ''} only methods the cashier offers, with its limits in every currency`, async () => {
      const first = await pageData(`${prefix}/payments`);
      expect(first.currency).toBe('EUR');
      expect(first.methods.map((entry) => entry.name)).toEqual(['Visa', 'Mastercard']);
      const offered = (await app.inject({ url: '/api/info/currencies' })).json() as {
        code: string;
        subunits_to_unit: number;
      }[];
      expect(first.currencies).toEqual(offered.map((entry) => entry.code));
      for (const { code, subunits_to_unit: subunits } of offered) {
        const data = await pageData(`${prefix}/payments?currency=${code}`);
        expect(data.currency).toBe(code);
        for (const entry of data.methods) {
          expect(Object.keys(paymentMethods), entry.name).toContain(entry.method);
          const enforced = limitsFor(entry.method, code);
          if (!enforced) throw new Error(`${entry.method} has no limits in ${code}`);
          // Equal once both are in minor units, as the cashier compares them.
          const minor = (units: number | null | undefined) => Math.round((units ?? Number.NaN) * subunits);
          expect(
            [
              entry.limits?.depositMin,
              entry.limits?.depositMax,
              entry.limits?.withdrawalMin,
              entry.limits?.withdrawalMax,
            ].map(minor),
            `${entry.name} in ${code}`,
          ).toEqual(
            [enforced.depositMin, enforced.depositMax, enforced.withdrawalMin, enforced.withdrawalMax].map(
              minor,
            ),
          );
        }
      }
    });
  }

  it('refuses a card withdrawal above the limit the page shows, and takes one at that limit', async () => {
    const page = await pageData('/payments?currency=EUR');
    const visa = page.methods.find((entry) => entry.name === 'Visa');
    const max = Math.round((visa?.limits?.withdrawalMax ?? 0) * 100);
    expect(max).toBeGreaterThan(0);
    const created = await app.inject({
      method: 'POST',
      url: '/api/users',
      payload: {
        user: {
          email: 'page-limits@example.gr',
          password: 'correct horse battery',
          country: 'GR',
          terms_acceptance: true,
          age_acceptance: true,
        },
      },
    });
    const cookie = cookieOf(created);
    const withdraw = (amount: number) =>
      app.inject({
        method: 'POST',
        url: '/api/payments/withdrawals',
        headers: { cookie },
        payload: { currency: 'EUR', amount_cents: amount, method: 'card' },
      });
    const above = await withdraw(max + 1);
    expect(above.statusCode).toBe(422);
    expect(above.json()).toEqual({
      errors: { amount_cents: [`must be at most ${max}`] },
      codes: { amount_cents: ['cashier.amount_above_maximum'] },
      params: { amount_cents: [{ max, currency: 'EUR' }] },
    });
    // At the limit itself only the balance stands in the way.
    const at = await withdraw(max);
    expect(at.json()).toEqual({
      errors: { amount_cents: ['is more than the balance available to cash out'] },
      codes: { amount_cents: ['cashier.amount_over_available'] },
      params: { amount_cents: [{ available: 0, currency: 'EUR' }] },
    });
  });
});
