import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';

/** The test client the site is registered as at the provider. */
export const testClient = { client_id: 'chrysos', client_secret: 'a-client-secret-only-the-tests-know' };

/**
 * A real OpenID Provider (oidc-provider) on an ephemeral port, with its development login and consent
 * pages. `site` is the casino's public origin; the provider redirects to its `acme` callback. `accounts`
 * are the provider's players by id (the login the dev form takes) with their claims.
 */
export async function startIssuer(site: string, accounts: Record<string, Record<string, unknown>>) {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const provider = new Provider(issuer, {
    clients: [
      {
        ...testClient,
        redirect_uris: [`${site}/users/auth/acme/callback`],
        token_endpoint_auth_method: 'client_secret_post',
      },
    ],
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['given_name', 'family_name'] },
    findAccount: (_context, sub) => {
      const claims = accounts[sub];
      return claims ? { accountId: sub, claims: () => ({ sub, ...claims }) } : undefined;
    },
    features: { devInteractions: { enabled: true } },
    ttl: {
      AccessToken: 600,
      AuthorizationCode: 60,
      Grant: 600,
      IdToken: 600,
      Interaction: 600,
      Session: 600,
    },
    cookies: { keys: ['a-cookie-signing-key-for-the-test-issuer'] },
  });
  server.on('request', provider.callback());
  return {
    issuer,
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** The provider's cookies as a browser would keep them (by name; paths do not matter here). */
class CookieJar {
  readonly #cookies = new Map<string, string>();

  store(response: Response) {
    for (const line of response.headers.getSetCookie()) {
      const [pair = ''] = line.split(';');
      const split = pair.indexOf('=');
      const name = pair.slice(0, split).trim();
      const value = pair.slice(split + 1).trim();
      if (!value || /expires=Thu, 01 Jan 1970/i.test(line)) this.#cookies.delete(name);
      else this.#cookies.set(name, value);
    }
  }

  header() {
    return [...this.#cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }
}

/**
 * Plays the browser at the provider: follows redirects, fills the login form with the account id and
 * accepts the consent form, until the provider sends the browser back to the site. Returns that URL.
 */
export async function throughProvider(
  site: string,
  authorizationUrl: string,
  account: string,
): Promise<string> {
  const jar = new CookieJar();
  let url = authorizationUrl;
  let form: URLSearchParams | undefined;
  for (let step = 0; step < 12; step++) {
    if (url.startsWith(site)) return url;
    const response = await fetch(url, {
      method: form ? 'POST' : 'GET',
      redirect: 'manual',
      headers: {
        cookie: jar.header(),
        ...(form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
      },
      body: form?.toString(),
    });
    jar.store(response);
    form = undefined;
    const location = response.headers.get('location');
    if (location) {
      url = new URL(location, url).href;
      continue;
    }
    const html = await response.text();
    const action = /<form[^>]* action="([^"]+)"/.exec(html)?.[1];
    const prompt = /name="prompt" value="(\w+)"/.exec(html)?.[1];
    if (!action || !prompt)
      throw new Error(`unexpected provider page (${response.status}): ${html.slice(0, 500)}`);
    url = new URL(action, url).href;
    form = new URLSearchParams(prompt === 'login' ? { prompt, login: account, password: 'any' } : { prompt });
  }
  throw new Error('the provider never sent the browser back to the site');
}
