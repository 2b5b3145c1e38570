import { email, fallbackMessages, messageFor, required } from '@chrysos/rules';
import { z } from 'zod';

const requiredText = (check?: (value: string) => ReturnType<typeof required>) =>
  z
    .string({ error: fallbackMessages.required })
    .trim()
    .superRefine((value, ctx) => {
      const problem = required(value) ?? check?.(value) ?? null;
      if (problem) ctx.addIssue({ code: 'custom', message: messageFor(problem) });
    });

const emailField = requiredText((value) => email(value));
const acceptance = z.literal(true, { error: fallbackMessages.required });

/** Spec §3/§4 registration context: email, password, terms and age acceptance always included. */
export const signUpBody = z
  .object({
    user: z
      .object({
        email: emailField,
        password: z
          .string({ error: fallbackMessages.required })
          .min(8, messageFor({ key: 'min', params: { min: 8 } }))
          .max(128, messageFor({ key: 'max', params: { max: 128 } })),
        password_confirmation: z.string().optional(),
        currency: z
          .string()
          .regex(/^[A-Z]{3,5}$/)
          .optional(),
        country: z.string().length(2).optional(),
        language: z.enum(['en', 'el']).optional(),
        terms_acceptance: acceptance,
        age_acceptance: acceptance,
        receive_promos: z.boolean().default(false),
        receive_sms_promos: z.boolean().default(false),
        agreed_to_partner_promotions: z.boolean().default(false),
        deposit_bonus_code: z.string().trim().max(64).optional(),
      })
      .superRefine((user, ctx) => {
        if (user.password_confirmation !== undefined && user.password_confirmation !== user.password) {
          ctx.addIssue({
            code: 'custom',
            path: ['password_confirmation'],
            message: fallbackMessages.confirmed,
          });
        }
        // receive_sms_promos depends on receive_promos (spec §4).
        if (user.receive_sms_promos && !user.receive_promos) {
          ctx.addIssue({ code: 'custom', path: ['receive_sms_promos'], message: 'Requires receive_promos' });
        }
      }),
  })
  .meta({ id: 'SignUp' });
export type SignUpBody = z.input<typeof signUpBody>;

export const signInBody = z
  .object({ user: z.object({ email: z.string().trim().max(255), password: z.string().max(128) }) })
  .meta({ id: 'SignIn' });

/** Spec §3 Player, as the API returns it. Timestamps are ISO 8601 in UTC. */
export const player = z
  .object({
    id: z.uuid(),
    email: z.string(),
    first_name: z.string().nullable(),
    last_name: z.string().nullable(),
    language: z.enum(['en', 'el']),
    currency: z.string(),
    country: z.string().nullable(),
    statuses: z.array(z.object({ id: z.string() })),
    auth_fields_missed: z.array(z.string()),
    receive_promos: z.boolean(),
    receive_sms_promos: z.boolean(),
    agreed_to_partner_promotions: z.boolean(),
    confirmed: z.boolean(),
    created_at: z.iso.datetime(),
    current_sign_in_at: z.iso.datetime().nullable(),
  })
  .meta({ id: 'Player' });
export type Player = z.infer<typeof player>;

/** Spec §7 POST /player/groups: `{ groups: { add: [...] } }`. */
export const addGroupsBody = z
  .object({
    groups: z.object({
      add: z
        .array(z.string().regex(/^[a-z0-9_]{1,40}$/, 'expected a group name'))
        .min(1)
        .max(20),
    }),
  })
  .meta({ id: 'AddGroups' });

/** A field of the player forms and the rules the client shows before sending (spec §3 Player context fields). */
export const playerField = z
  .object({
    name: z.string(),
    type: z.enum(['email', 'password', 'boolean', 'text', 'select']),
    rules: z.object({
      required: z.boolean().optional(),
      min: z.number().int().optional(),
      max: z.number().int().optional(),
    }),
    /** Once true, a boolean cannot be set back to false. */
    cannotUnset: z.boolean().optional(),
    /** The field applies only when this one is set (spec §4 dependencies). */
    dependsOn: z.string().optional(),
  })
  .meta({ id: 'PlayerField' });

export const playerFields = z
  .object({
    fields: z.array(playerField),
    /** Field names per form: login, registration and, for a signed-in player, complete_registration. */
    contexts: z.record(z.string(), z.array(z.string())),
  })
  .meta({ id: 'PlayerFields' });
export type PlayerFields = z.infer<typeof playerFields>;
