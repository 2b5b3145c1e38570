import { z } from 'zod';

/**
 * One social sign-in provider of SOCIAL_PROVIDERS: an OpenID Connect issuer and this site's client
 * there. `name` appears in URLs (/users/auth/{name}), `label` on buttons.
 */
export const socialProvider = z.object({
  name: z.string().regex(/^[a-z][a-z0-9_-]{0,31}$/, 'provider names are lowercase ids such as google'),
  label: z.string().trim().min(1).max(60),
  issuer: z.url({ protocol: /^https?$/, error: 'expected the issuer as an https:// URL' }),
  client_id: z.string().min(1),
  client_secret: z.string().min(1),
});
export type SocialProvider = z.infer<typeof socialProvider>;

export const socialProviders = z.array(socialProvider).superRefine((providers, ctx) => {
  const seen = new Set<string>();
  providers.forEach((provider, index) => {
    if (seen.has(provider.name)) {
      ctx.addIssue({
        code: 'custom',
        path: [index, 'name'],
        message: `provider ${provider.name} is listed twice`,
      });
    }
    seen.add(provider.name);
  });
});

const loopbackHosts = new Set(['localhost', '127.0.0.1', '[::1]']);

/** Plain http is for development and test issuers, or one on this machine; production talks https. */
export function issuerAllowed(issuer: string, nodeEnv: string): boolean {
  const url = new URL(issuer);
  return url.protocol === 'https:' || nodeEnv !== 'production' || loopbackHosts.has(url.hostname);
}
