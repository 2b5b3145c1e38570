import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';

/** What the provider knows of one of its users; the development login page takes the key as login. */
export type ProviderAccounts = Record<
  string,
  { email?: string; email_verified?: boolean; given_name?: string; family_name?: string }
>;

export interface RunningProvider {
  /** The issuer URL, for the product's SOCIAL_PROVIDERS. */
  issuer: string;
  close: () => Promise<void>;
}

/**
 * A real OpenID Provider (the oidc-provider package) on an ephemeral port of this machine, with its
 * development login and consent pages (any password is accepted for a known login). Its one client is
 * static configuration, so the product's callback URL must be known before it starts.
 */
export async function startOpenIdProvider(options: {
  client: { client_id: string; client_secret: string; redirect_uris: string[] };
  accounts: ProviderAccounts;
}): Promise<RunningProvider> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const provider = new Provider(issuer, {
    clients: [{ ...options.client, token_endpoint_auth_method: 'client_secret_post' }],
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['given_name', 'family_name'] },
    findAccount: (_context, sub) => {
      const claims = options.accounts[sub];
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
    cookies: { keys: ['a-cookie-signing-key-for-the-e2e-issuer'] },
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
