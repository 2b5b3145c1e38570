import { z } from 'zod';
import { type ConfigSection, commaList } from '../../platform/config.ts';

/** The notifications module's settings: web push. */
export const notificationsSettings = z.object({
  /**
   * The VAPID key pair web pushes are signed with (RFC 8292, base64url, as `npx web-push
   * generate-vapid-keys` prints them): both or neither. Unset, a pair is generated on the first start
   * and kept in the database, so every instance signs alike.
   */
  VAPID_PUBLIC_KEY: z
    .string()
    .regex(/^[A-Za-z0-9_-]{87}$/, 'expected a base64url P-256 public key (87 characters)')
    .optional(),
  VAPID_PRIVATE_KEY: z
    .string()
    .regex(/^[A-Za-z0-9_-]{43}$/, 'expected a base64url P-256 private key (43 characters)')
    .optional(),
  /** Contact for the push services (mailto: or https:); mailto:SUPPORT_EMAIL when unset. */
  VAPID_SUBJECT: z
    .string()
    .regex(/^(mailto:[^\s@]+@[^\s@]+|https:\/\/\S+)$/, 'expected mailto:address or an https:// URL')
    .optional(),
  /**
   * Push services whose endpoints a browser subscription may name (the host or a subdomain of it),
   * comma-separated: pushes are sent nowhere else, and only over https to public addresses.
   */
  PUSH_SERVICE_HOSTS: commaList(
    'lower',
    z.string().regex(/^[a-z0-9.-]+\.[a-z]{2,}$/, 'expected comma-separated host names'),
  ).default(['fcm.googleapis.com', 'push.services.mozilla.com', 'push.apple.com', 'notify.windows.com']),
  /** Tests and local development only: accept a push service on this machine (http://127.0.0.1:…). */
  PUSH_LOOPBACK_SERVICE: z
    .enum(['true', 'false'])
    .transform((value) => value === 'true')
    .default(false),
});

export type NotificationsConfig = z.output<typeof notificationsSettings>;

declare module '../../platform/config.ts' {
  interface Config extends NotificationsConfig {}
}

export const notificationsConfig: ConfigSection<typeof notificationsSettings> = {
  settings: notificationsSettings,
  refine(config, ctx) {
    if (Boolean(config.VAPID_PUBLIC_KEY) !== Boolean(config.VAPID_PRIVATE_KEY)) {
      ctx.addIssue({
        code: 'custom',
        path: [config.VAPID_PUBLIC_KEY ? 'VAPID_PRIVATE_KEY' : 'VAPID_PUBLIC_KEY'],
        message: 'set both VAPID keys or neither (then a pair is generated and stored)',
      });
    }
    if (config.NODE_ENV === 'production' && config.PUSH_LOOPBACK_SERVICE) {
      ctx.addIssue({
        code: 'custom',
        path: ['PUSH_LOOPBACK_SERVICE'],
        message: 'not in production: pushes go to public push services only',
      });
    }
  },
  secrets: ['VAPID_PRIVATE_KEY'],
};
