import { z } from 'zod';
import type { ConfigSection } from '../../platform/config.ts';

/** The mail module's settings (composed into the one configuration by modules/config.ts). */
export const mailSettings = z.object({
  /** Where emails go, e.g. smtp://user:pass@mail.example:587; without it they stay in the database outbox. */
  SMTP_URL: z.url({ protocol: /^smtps?$/, error: 'expected an smtp:// or smtps:// URL' }).optional(),
  MAIL_FROM: z.string().min(3).default('Chrysos Casino <no-reply@chrysos.casino>'),
});

export type MailConfig = z.output<typeof mailSettings>;

declare module '../../platform/config.ts' {
  interface Config extends MailConfig {}
}

export const mailConfig: ConfigSection<typeof mailSettings> = {
  settings: mailSettings,
  secrets: ['SMTP_URL'],
};
