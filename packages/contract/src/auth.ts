import { email, fallbackMessages, messageFor, required } from '@chrysos/rules';
import { z } from 'zod';
import { endpoint } from './endpoint.ts';
import { errorBody, ruleIssue } from './errors.ts';
import { oneLine } from './text.ts';

const requiredText = (check?: (value: string) => ReturnType<typeof required>) =>
  z
    .string({ error: fallbackMessages.required })
    .trim()
    .check(oneLine)
    .superRefine((value, ctx) => {
      const problem = required(value) ?? check?.(value) ?? null;
      if (problem) ctx.addIssue(ruleIssue(problem));
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
        deposit_bonus_code: z.string().trim().max(64).check(oneLine).optional(),
        captcha: z.string().max(4096).optional(),
      })
      .superRefine((user, ctx) => {
        if (user.password_confirmation !== undefined && user.password_confirmation !== user.password) {
          ctx.addIssue({ ...ruleIssue({ key: 'confirmed' }), path: ['password_confirmation'] });
        }
        // receive_sms_promos depends on receive_promos (spec §4).
        if (user.receive_sms_promos && !user.receive_promos) {
          ctx.addIssue({
            ...ruleIssue({ key: 'requires', params: { field: 'receive_promos' } }),
            path: ['receive_sms_promos'],
          });
        }
      }),
  })
  .meta({ id: 'SignUp' });
export type SignUpBody = z.input<typeof signUpBody>;

export const signInBody = z
  .object({
    user: z.object({
      email: z.string().trim().max(255).check(oneLine),
      password: z.string().max(128),
      /** The solved proof-of-work captcha, when an earlier answer asked for one. */
      captcha: z.string().max(4096).optional(),
    }),
  })
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
    date_of_birth: z.string().nullable(),
    phone: z.string().nullable(),
    city: z.string().nullable(),
    address: z.string().nullable(),
    postal_code: z.string().nullable(),
    confirmed: z.boolean(),
    /** Identity verified: an approved identity document and an approved proof of address (issue 17). */
    verified: z.boolean(),
    /** True for an account made through a social sign-in that never chose a password. */
    password_set: z.boolean(),
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

/** A one-line confirmation that a request was taken, in the language of the request. */
export const noticeBody = z.object({ message: z.string() }).meta({ id: 'Notice' });

/**
 * GET /users/confirmation: the address is confirmed. A confirmation link signs nobody in (anyone may
 * open a link sent to someone else); `signed_in` says whether this browser already holds that
 * player's session, the one that registered. Otherwise the player signs in with their password.
 */
export const confirmationBody = z
  .object({ message: z.string(), signed_in: z.boolean() })
  .meta({ id: 'Confirmation' });
export type ConfirmationBody = z.infer<typeof confirmationBody>;

/**
 * POST /users/password, /users/confirmation and /users/unlock: send the email again. The answer is
 * the same whether or not the address has an account, so it reveals nothing.
 */
export const emailRequestBody = z
  .object({
    user: z.object({
      email: z.string().trim().max(255).check(oneLine),
      captcha: z.string().max(4096).optional(),
    }),
  })
  .meta({ id: 'EmailRequest' });

/** PUT /users/password: choose a new password with the token from the reset email. */
export const passwordResetBody = z
  .object({
    user: z
      .object({
        reset_password_token: z.string().min(1).max(200),
        password: z
          .string({ error: fallbackMessages.required })
          .min(8, messageFor({ key: 'min', params: { min: 8 } }))
          .max(128, messageFor({ key: 'max', params: { max: 128 } })),
        password_confirmation: z.string().max(128).optional(),
      })
      .superRefine((user, ctx) => {
        if (user.password_confirmation !== undefined && user.password_confirmation !== user.password) {
          ctx.addIssue({ ...ruleIssue({ key: 'confirmed' }), path: ['password_confirmation'] });
        }
      }),
  })
  .meta({ id: 'PasswordReset' });

/** PATCH /player with context `change_password`: the current password proves it is the player. */
export const changePasswordFields = z.object({
  current_password: z.string({ error: fallbackMessages.required }).min(1, fallbackMessages.required).max(128),
  password: z
    .string({ error: fallbackMessages.required })
    .min(8, messageFor({ key: 'min', params: { min: 8 } }))
    .max(128, messageFor({ key: 'max', params: { max: 128 } })),
  password_confirmation: z.string().max(128).optional(),
});

/** Personal details a player edits on /profile/general (context `profile`). */
export const profileFields = z.object({
  first_name: z.string().trim().max(100).check(oneLine).nullable().optional(),
  last_name: z.string().trim().max(100).check(oneLine).nullable().optional(),
  date_of_birth: z.string().trim().max(10).check(oneLine).nullable().optional(),
  phone: z.string().trim().max(32).check(oneLine).nullable().optional(),
  city: z.string().trim().max(100).check(oneLine).nullable().optional(),
  address: z.string().trim().max(200).check(oneLine).nullable().optional(),
  postal_code: z.string().trim().max(20).check(oneLine).nullable().optional(),
  receive_promos: z.boolean().optional(),
  receive_sms_promos: z.boolean().optional(),
  agreed_to_partner_promotions: z.boolean().optional(),
});

/** Fields the CompleteRegistration modal sends (context `complete_registration`). */
export const completeRegistrationFields = z.object({
  country: z.string().length(2).optional(),
  currency: z
    .string()
    .regex(/^[A-Z]{3,5}$/)
    .optional(),
  email: z.string().trim().max(255).check(oneLine).optional(),
  terms_acceptance: z.literal(true).optional(),
  age_acceptance: z.literal(true).optional(),
  receive_promos: z.boolean().optional(),
  receive_sms_promos: z.boolean().optional(),
});

export type CompleteRegistrationFields = z.infer<typeof completeRegistrationFields>;

/** PATCH /player (spec §7: context, player). The context says which form the fields come from. */
export const updatePlayerBody = z
  .discriminatedUnion('context', [
    z.object({ context: z.literal('profile'), player: profileFields }),
    z.object({ context: z.literal('change_password'), player: changePasswordFields }),
    z.object({ context: z.literal('complete_registration'), player: completeRegistrationFields }),
  ])
  .meta({ id: 'UpdatePlayer' });
export type UpdatePlayerBody = z.input<typeof updatePlayerBody>;

/**
 * Realtime connection settings (spec §3 Realtime settings): the Centrifugo-protocol WebSocket URL; for a
 * signed-in player the suffix of their private channels (`balance#<user>`) and a short-lived connection
 * token issued at `timestamp` (Unix seconds). A visitor gets no user or token: public channels only.
 */
export const realtimeSettings = z
  .object({
    url: z.string(),
    user: z.string().nullable(),
    token: z.string().nullable(),
    timestamp: z.number().int(),
  })
  .meta({ id: 'RealtimeSettings' });
export type RealtimeSettings = z.infer<typeof realtimeSettings>;

/** GET /player/settings: what the client needs before sending account forms. */
export const playerSettings = z
  .object({
    /** Where a proof-of-work captcha challenge is fetched (ALTCHA), when the server may ask for one. */
    captcha: z.object({ provider: z.literal('altcha'), challenge_url: z.string() }),
    /** Whether the registration form asks the server to check email addresses while typing. */
    validate_email: z.boolean(),
    /** When set, registration with another email domain is silently skipped (spec §5). */
    allowed_email_domains: z.array(z.string()).nullable(),
    /** Realtime settings (spec §3): where to connect, and for a signed-in player their channel suffix and token. */
    cent: realtimeSettings,
  })
  .meta({ id: 'PlayerSettings' });
export type PlayerSettings = z.infer<typeof playerSettings>;

/** GET /info/auth_providers (spec §3 Social auth provider). */
export const authProviders = z
  .array(
    z.object({
      name: z.string(),
      url: z.string(),
      /** What the sign-in button calls the provider, as the operator configured it. */
      label: z.string().optional(),
    }),
  )
  .meta({ id: 'AuthProviders' });
export type AuthProvider = z.infer<typeof authProviders>[number];

/** POST /auth_providers/update_details: the details a social sign-in lacked. */
export const updateDetailsBody = z
  .object({
    user: z.object({
      email: z.string().trim().max(255).check(oneLine),
      profile_attributes: completeRegistrationFields.omit({ email: true }).default({}),
    }),
  })
  .meta({ id: 'UpdateDetails' });

/** POST /v2/validate-email (core API). */
export const validateEmailBody = z
  .object({ email: z.string().max(255).check(oneLine) })
  .meta({ id: 'ValidateEmail' });
export const validateEmailResult = z.object({ valid: z.boolean() }).meta({ id: 'ValidateEmailResult' });

/** A proof-of-work captcha challenge (ALTCHA), solved before repeating a refused request. */
export const captchaChallenge = z
  .object({
    algorithm: z.string(),
    challenge: z.string(),
    maxnumber: z.number().optional(),
    salt: z.string(),
    signature: z.string(),
  })
  .meta({ id: 'CaptchaChallenge' });
export type CaptchaChallenge = z.infer<typeof captchaChallenge>;

const emailRequest = (path: '/users/password' | '/users/confirmation' | '/users/unlock', summary: string) =>
  endpoint({
    method: 'POST',
    path,
    tags: ['auth'],
    summary,
    body: emailRequestBody,
    responses: { 200: noticeBody, 400: errorBody, 429: errorBody },
  });

/** Sign-up, sign-in and out, recovery by email, social sign-in's details, the captcha (spec §7 Auth). */
export const authApi = {
  captchaChallenge: endpoint({
    method: 'GET',
    path: '/captcha/challenge',
    tags: ['auth'],
    summary: 'A proof-of-work captcha challenge (ALTCHA) to solve before repeating a refused request',
    responses: { 200: captchaChallenge },
  }),
  signUp: endpoint({
    method: 'POST',
    path: '/users',
    tags: ['auth'],
    summary: 'Create a player account and sign in',
    description: 'Referral tags of the landing page (stag, btag, utm_source, …) come as query parameters.',
    query: z.record(z.string(), z.unknown()),
    body: signUpBody,
    responses: { 201: player, 422: errorBody, 429: errorBody },
  }),
  signIn: endpoint({
    method: 'POST',
    path: '/users/sign_in',
    tags: ['auth'],
    summary: 'Sign in with email and password',
    body: signInBody,
    responses: { 200: player, 401: errorBody, 429: errorBody },
  }),
  signOut: endpoint({
    method: 'DELETE',
    path: '/users/sign_out',
    tags: ['auth'],
    summary: 'Sign out of this session',
    responses: { 204: z.null() },
  }),
  requestPasswordReset: emailRequest('/users/password', 'Email a link to choose a new password'),
  resendConfirmation: emailRequest('/users/confirmation', 'Email the confirmation link again'),
  resendUnlock: emailRequest('/users/unlock', 'Email the unlock link again'),
  resetPassword: endpoint({
    method: 'PUT',
    path: '/users/password',
    tags: ['auth'],
    summary: 'Choose a new password with the emailed token; signs the player in',
    body: passwordResetBody,
    responses: { 200: player, 422: errorBody, 429: errorBody },
  }),
  confirmEmail: endpoint({
    method: 'GET',
    path: '/users/confirmation',
    tags: ['auth'],
    summary: 'Confirm the email address with the emailed token (valid 3 days); signs nobody in',
    query: z.object({ confirmation_token: z.string().min(1).max(200) }),
    responses: { 200: confirmationBody, 422: errorBody, 429: errorBody },
  }),
  unlock: endpoint({
    method: 'GET',
    path: '/users/unlock',
    tags: ['auth'],
    summary: 'Unlock a locked account with the emailed token',
    query: z.object({ unlock_token: z.string().min(1).max(200) }),
    responses: { 200: noticeBody, 422: errorBody, 429: errorBody },
  }),
  validateEmail: endpoint({
    method: 'POST',
    path: '/v2/validate-email',
    tags: ['core'],
    summary: 'Whether an email address looks deliverable',
    body: validateEmailBody,
    responses: { 200: validateEmailResult },
  }),
  authProviders: endpoint({
    method: 'GET',
    path: '/info/auth_providers',
    tags: ['info'],
    summary: 'Social sign-in providers; the url starts the sign-in (add the referral tags as query)',
    responses: { 200: authProviders },
  }),
  updateDetails: endpoint({
    method: 'POST',
    path: '/auth_providers/update_details',
    tags: ['auth'],
    summary: 'Give the details a social sign-in did not provide (the CompleteRegistration modal)',
    body: updateDetailsBody,
    responses: { 200: player, 401: errorBody, 422: errorBody },
  }),
};

/** The signed-in player's own record, settings and groups (spec §7 Player). */
export const playerApi = {
  player: endpoint({
    method: 'GET',
    path: '/player',
    tags: ['player'],
    summary: 'The signed-in player',
    responses: { 200: player, 401: errorBody },
  }),
  fields: endpoint({
    method: 'GET',
    path: '/info/player_fields',
    tags: ['info'],
    summary: 'Fields of the player forms with their rules',
    responses: { 200: playerFields },
  }),
  update: endpoint({
    method: 'PATCH',
    path: '/player',
    tags: ['player'],
    summary:
      "Update the player's details; the context names the form (profile, change_password, complete_registration)",
    body: updatePlayerBody,
    responses: { 200: player, 401: errorBody, 422: errorBody },
  }),
  settings: endpoint({
    method: 'GET',
    path: '/player/settings',
    tags: ['player'],
    summary: 'What the client needs before sending account forms, and its realtime connection settings',
    responses: { 200: playerSettings },
  }),
  updateLocale: endpoint({
    method: 'PATCH',
    path: '/player/update_locale',
    tags: ['player'],
    summary: "Set the player's language",
    body: z.object({ locale: z.enum(['en', 'el']) }),
    responses: { 200: player, 401: errorBody, 422: errorBody },
  }),
  addGroups: endpoint({
    method: 'POST',
    path: '/player/groups',
    tags: ['player'],
    summary: "Add groups to the player's own account",
    body: addGroupsBody,
    responses: { 200: player, 401: errorBody, 422: errorBody },
  }),
};

/** Support's part in a player's account (issue 38): actions taken with a reason, each audited. */
export const authOperatorApi = {
  sendPasswordReset: endpoint({
    method: 'POST',
    path: '/operator/players/:id/password_reset',
    ability: ['update', 'PlayerAccount'],
    tags: ['operator'],
    summary: 'Sends the player the usual password reset email, for a reason the audit trail keeps',
    description:
      'The same email as the player asking for it themselves: a link to /users/password/edit, valid for 6 hours, in their language. Asked again within a minute, no second email goes (`sent: false`); the action is audited either way.',
    params: z.object({ id: z.uuid() }),
    body: z.object({ reason: z.string().trim().min(3).max(300).check(oneLine) }),
    responses: {
      202: z.object({ sent: z.boolean() }),
      401: errorBody,
      403: errorBody,
      404: errorBody,
      422: errorBody,
    },
  }),
};
