import { z } from 'zod';
import { type ConfigSection, commaList, requireWhenSeveral } from '../../platform/config.ts';
import { issuerAllowed, socialProviders } from './social-providers.ts';

/** The auth module's settings: sign-up, captcha and social sign-in (composed by modules/config.ts). */
export const authSettings = z.object({
  /**
   * When set, only these email domains may register; other sign-ups are silently skipped (spec §5).
   * The player module's settings answer passes the list on to the registration form.
   */
  ALLOWED_EMAIL_DOMAINS: commaList(
    'lower',
    z.string().regex(/^[a-z0-9.-]+\.[a-z]{2,}$/, 'expected comma-separated domains such as example.com'),
  ).optional(),
  /** Secret that signs captcha challenges; a random one per process when unset (fine for one instance). */
  CAPTCHA_HMAC_KEY: z.string().min(32, 'use at least 32 characters').optional(),
  /** Failed sign-ins from one address within 15 minutes after which sign-in needs a captcha; 0 never. */
  CAPTCHA_AFTER_FAILED_SIGN_INS: z.coerce.number().int().min(0).default(5),
  /**
   * Sign-ups from one address, or naming one email address, within 15 minutes after which sign-up
   * needs a captcha (issue 31 item 9); 0 never.
   */
  CAPTCHA_AFTER_SIGN_UPS: z.coerce.number().int().min(0).default(5),
  /** Ask every sign-up for a captcha. */
  CAPTCHA_ON_SIGN_UP: z
    .enum(['true', 'false'])
    .transform((value) => value === 'true')
    .default(false),
  /**
   * Whether the registration form checks addresses with POST /api/v2/validate-email (auth's) while
   * typing; the player module's settings answer tells the form.
   */
  VALIDATE_EMAIL: z
    .enum(['true', 'false'])
    .transform((value) => value === 'true')
    .default(false),
  /**
   * Social sign-in over OpenID Connect as JSON:
   * [{"name":"google","label":"Google","issuer":"https://accounts.google.com","client_id":"…","client_secret":"…"}].
   */
  SOCIAL_PROVIDERS: z
    .string()
    .transform((value, ctx) => {
      try {
        return JSON.parse(value) as unknown;
      } catch {
        ctx.addIssue({ code: 'custom', message: 'expected a JSON array such as [{"name":"google",…}]' });
        return z.NEVER;
      }
    })
    .pipe(socialProviders)
    .default([]),
});

export type AuthConfig = z.output<typeof authSettings>;

declare module '../../platform/config.ts' {
  interface Config extends AuthConfig {}
}

export const authConfig: ConfigSection<typeof authSettings> = {
  settings: authSettings,
  /** Plain-http issuers only outside production or on this machine; checked after parsing, as it needs NODE_ENV. */
  refine(config, ctx) {
    requireWhenSeveral(
      config,
      ctx,
      ['CAPTCHA_HMAC_KEY'],
      'a captcha one instance asks for is checked by another',
    );
    config.SOCIAL_PROVIDERS.forEach((provider, index) => {
      if (issuerAllowed(provider.issuer, config.NODE_ENV)) return;
      // The path names the entry rather than the variable, so the client secrets are not echoed.
      ctx.addIssue({
        code: 'custom',
        path: ['SOCIAL_PROVIDERS', index, 'issuer'],
        message: 'expected an https:// issuer in production (http only for localhost)',
      });
    });
  },
  secrets: ['CAPTCHA_HMAC_KEY', 'SOCIAL_PROVIDERS'],
};
