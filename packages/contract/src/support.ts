import { email, fallbackMessages, maxLength, required } from '@chrysos/rules';
import { z } from 'zod';
import { endpoint } from './endpoint.ts';
import { errorBody, ruleIssue } from './errors.ts';
import { multiLine, oneLine } from './text.ts';

const field = (max: number, lines: typeof oneLine = oneLine) =>
  z
    .string({ error: fallbackMessages.required })
    .trim()
    .check(lines)
    .superRefine((value, ctx) => {
      const problem = required(value) ?? maxLength(value, max);
      if (problem) ctx.addIssue(ruleIssue(problem));
    });

/** The support page's contact form (spec §7 POST /send_contact_message). */
export const contactMessage = z
  .object({
    name: field(120),
    email: z
      .string({ error: fallbackMessages.required })
      .trim()
      .check(oneLine)
      .superRefine((value, ctx) => {
        const problem = required(value) ?? email(value);
        if (problem) ctx.addIssue(ruleIssue(problem));
      }),
    subject: field(160),
    message: field(5000, multiLine),
    locale: z.enum(['en', 'el']).default('en'),
  })
  .meta({ id: 'ContactMessage' });
export type ContactMessage = z.input<typeof contactMessage>;

export const contactMessageReceipt = z
  .object({ id: z.uuid(), received: z.literal(true) })
  .meta({ id: 'ContactMessageReceipt' });

/** The support endpoints of the player API. */
export const supportApi = {
  sendContactMessage: endpoint({
    method: 'POST',
    path: '/send_contact_message',
    tags: ['support'],
    summary: 'Send a message to customer support',
    body: contactMessage,
    responses: { 201: contactMessageReceipt, 422: errorBody, 429: errorBody },
  }),
};
