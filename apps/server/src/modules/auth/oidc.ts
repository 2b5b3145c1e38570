import { randomBytes } from 'node:crypto';
import * as client from 'openid-client';
import type { SharedState } from '../../platform/shared-state.ts';
import type { SocialProvider } from './social-providers.ts';

/** What the site asks every provider for: an ID token with the address and the name. */
export const scope = 'openid email profile';

/** The claims a sign-in uses, from the ID token and, where it lacks them, the UserInfo endpoint. */
export interface SocialClaims {
  sub: string;
  email?: string | undefined;
  email_verified?: boolean | undefined;
  given_name?: string | undefined;
  family_name?: string | undefined;
}

/**
 * The openid-client Configuration of each provider, discovered from its issuer on first use and
 * kept for the life of the process. A failed discovery is not kept, so the next sign-in tries again.
 */
export class SocialClients {
  readonly #providers: Map<string, SocialProvider>;
  readonly #discovered = new Map<string, Promise<client.Configuration>>();

  constructor(providers: readonly SocialProvider[]) {
    this.#providers = new Map(providers.map((provider) => [provider.name, provider]));
  }

  get(name: string): SocialProvider | undefined {
    return this.#providers.get(name);
  }

  list(): SocialProvider[] {
    return [...this.#providers.values()];
  }

  configuration(provider: SocialProvider): Promise<client.Configuration> {
    let found = this.#discovered.get(provider.name);
    if (!found) {
      const insecure = new URL(provider.issuer).protocol === 'http:';
      found = client.discovery(
        new URL(provider.issuer),
        provider.client_id,
        provider.client_secret,
        undefined,
        // Config only lets plain http through outside production or on this machine.
        insecure ? { execute: [client.allowInsecureRequests], timeout: 10 } : { timeout: 10 },
      );
      const discovering = found;
      discovering.catch(() => {
        if (this.#discovered.get(provider.name) === discovering) this.#discovered.delete(provider.name);
      });
      this.#discovered.set(provider.name, found);
    }
    return found;
  }

  /** The provider's authorization URL for one sign-in, with PKCE, state and nonce. */
  async startSignIn(provider: SocialProvider, redirectUri: string) {
    const config = await this.configuration(provider);
    const codeVerifier = client.randomPKCECodeVerifier();
    const state = client.randomState();
    const nonce = client.randomNonce();
    const url = client.buildAuthorizationUrl(config, {
      redirect_uri: redirectUri,
      scope,
      code_challenge: await client.calculatePKCECodeChallenge(codeVerifier),
      code_challenge_method: 'S256',
      state,
      nonce,
    });
    return { url, checks: { codeVerifier, state, nonce } };
  }

  /** Exchanges the code of a callback URL for tokens and returns the player's claims. Throws on any mismatch. */
  async finishSignIn(
    provider: SocialProvider,
    callbackUrl: URL,
    checks: { codeVerifier: string; state: string; nonce: string },
  ): Promise<SocialClaims> {
    const config = await this.configuration(provider);
    const tokens = await client.authorizationCodeGrant(config, callbackUrl, {
      pkceCodeVerifier: checks.codeVerifier,
      expectedState: checks.state,
      expectedNonce: checks.nonce,
      idTokenExpected: true,
    });
    const idToken = tokens.claims();
    if (!idToken) throw new Error('the provider returned no ID token');
    let claims: Record<string, unknown> = idToken;
    // Many providers put the address and name only in UserInfo unless asked otherwise.
    const incomplete = idToken.email === undefined || idToken.given_name === undefined;
    if (incomplete && config.serverMetadata().userinfo_endpoint) {
      const userInfo = await client.fetchUserInfo(config, tokens.access_token, idToken.sub);
      claims = { ...userInfo, ...idToken };
    }
    return {
      sub: idToken.sub,
      email: text(claims.email),
      email_verified: claims.email_verified === true || claims.email_verified === 'true',
      given_name: text(claims.given_name),
      family_name: text(claims.family_name),
    };
  }
}

const text = (value: unknown) =>
  typeof value === 'string' && value.trim() !== '' ? value.trim().slice(0, 255) : undefined;

export interface PendingSignIn {
  provider: string;
  redirectUri: string;
  checks: { codeVerifier: string; state: string; nonce: string };
  referralParams: Record<string, string>;
  locale: 'en' | 'el';
}

/**
 * Sign-ins between the redirect to the provider and the callback, keyed by a random id the browser
 * keeps in a short-lived cookie. They live in the shared state for ten minutes, so the callback may
 * reach any instance, and are used once. Their number is bounded by the rate limit on starting one.
 */
export class PendingSignIns {
  static readonly lifetimeMs = 10 * 60 * 1000;
  readonly #state: SharedState;
  readonly #lifetimeMs: number;

  constructor(state: SharedState, lifetimeMs = PendingSignIns.lifetimeMs) {
    this.#state = state;
    this.#lifetimeMs = lifetimeMs;
  }

  async add(pending: PendingSignIn): Promise<string> {
    const id = randomBytes(24).toString('base64url');
    await this.#state.add(pendingKey(id), JSON.stringify(pending), this.#lifetimeMs);
    return id;
  }

  /** The sign-in with this id, removed so it cannot be replayed; undefined when unknown or expired. */
  async take(id: string): Promise<PendingSignIn | undefined> {
    const found = await this.#state.take(pendingKey(id));
    return found === undefined ? undefined : (JSON.parse(found) as PendingSignIn);
  }
}

/** The id is 192 random bits: the key needs no hashing to be unguessable, only a bounded length. */
const pendingKey = (id: string) => `social-sign-in:${id.slice(0, 64)}`;
