import { z } from 'zod';
import { endpoint } from './endpoint.ts';
import { errorBody } from './errors.ts';
import { oneLine } from './text.ts';

/*
 * The casino's operators as principals (issue 38, docs/decisions/0045): each has an account with a
 * role, signs in with a password and a TOTP code, and acts under their own name; automation calls with
 * an API token of its own role. What each role may do is data here, in CASL's raw-rule form, so the
 * server enforces it (@casl/ability) and the back office hides what a role cannot do from the same rules.
 *
 *   POST   /api/operator/session              signs an operator in (email, password, TOTP code)
 *   DELETE /api/operator/session              signs them out
 *   GET    /api/operator/me                   who is signed in, with their role's rules
 *   GET    /api/operator/api_tokens           every API token (admin)
 *   POST   /api/operator/api_tokens           makes one; its secret is shown once (admin)
 *   DELETE /api/operator/api_tokens/:id       revokes one (admin)
 *   GET    /api/operator/operators            every operator account (admin)
 *   POST   /api/operator/operators            makes one; its TOTP secret is shown once (admin)
 */

export const operatorRoles = [
  'admin',
  'support',
  'finance',
  'risk',
  'compliance',
  'marketing',
  'content',
] as const;
export type OperatorRole = (typeof operatorRoles)[number];

/** What an operator route does, CASL's action; `manage` is CASL's "every action". */
export const operatorActions = ['read', 'create', 'update', 'delete', 'approve', 'grant', 'manage'] as const;
export type OperatorAction = (typeof operatorActions)[number];

/** What an operator route acts on, CASL's subject; `all` is CASL's "every subject". */
export const operatorSubjects = [
  'Analytics',
  'AuditLog',
  'BalanceAdjustment',
  'BonusCampaign',
  'Clock',
  'CompPoints',
  'CrmEvent',
  'Document',
  'Exclusion',
  'Experiment',
  'GameRound',
  'Intervention',
  'Jackpot',
  'Ledger',
  'Operator',
  'Payment',
  'PlayerAccount',
  'PlayerBonus',
  'PlayerGroup',
  'PlayerNote',
  'PlayerSession',
  'RiskCase',
  'Withdrawal',
  'WithdrawalHold',
  'all',
] as const;
export type OperatorSubject = (typeof operatorSubjects)[number];

/** The ability an operator route needs: an action on a subject. */
export type OperatorAbility = readonly [OperatorAction, Exclude<OperatorSubject, 'all'>];

/** One rule of a role, as @casl/ability's raw rules are written. */
export interface OperatorRule {
  action: OperatorAction;
  subject: OperatorSubject;
}

const rules = (subject: OperatorSubject, ...actions: OperatorAction[]): OperatorRule[] =>
  actions.map((action) => ({ action, subject }));

/**
 * Each role's rules: every role that works with players reads their account (Player 360) and its
 * notes, and writes notes; support, risk and compliance read their ledger, game rounds and sign-in
 * sessions, finance their ledger and rounds. Support helps players (reads their bonuses, points, exclusions and journey,
 * grants goodwill bonuses, sends a password reset); finance decides withdrawals and corrects balances
 * (asked, and approved by a second operator above four eyes), holds a player's withdrawals, and reads the cases, a big win among them,
 * before paying out; risk watches play and payments, works the cases the watch raises and moves
 * players between groups; compliance reviews documents and exclusions, works AML and safer-gambling
 * cases and reads the audit trail; marketing runs campaigns, groups, points, CRM events and
 * experiments; content the experiments that pick a page's variant. Admin does everything, operators
 * and API tokens included. The test clock and the jackpot's test drop (test configurations only) are
 * admin's alone.
 */
export const operatorRoleRules: Record<OperatorRole, readonly OperatorRule[]> = {
  admin: rules('all', 'manage'),
  support: [
    ...rules('Analytics', 'read'),
    ...rules('PlayerAccount', 'read', 'update'),
    ...rules('PlayerNote', 'read', 'create'),
    ...rules('BonusCampaign', 'read'),
    ...rules('PlayerBonus', 'read', 'grant'),
    ...rules('CompPoints', 'read'),
    ...rules('Exclusion', 'read'),
    ...rules('PlayerGroup', 'read'),
    ...rules('Withdrawal', 'read'),
    ...rules('Ledger', 'read'),
    ...rules('GameRound', 'read'),
    ...rules('PlayerSession', 'read'),
    ...rules('Payment', 'read'),
    ...rules('WithdrawalHold', 'read'),
  ],
  finance: [
    ...rules('PlayerAccount', 'read'),
    ...rules('PlayerNote', 'read', 'create'),
    ...rules('BalanceAdjustment', 'read', 'create', 'approve'),
    ...rules('Withdrawal', 'read', 'approve'),
    ...rules('Payment', 'read'),
    ...rules('WithdrawalHold', 'read', 'create', 'delete'),
    ...rules('PlayerBonus', 'read'),
    ...rules('RiskCase', 'read'),
    ...rules('Ledger', 'read'),
    ...rules('GameRound', 'read'),
  ],
  risk: [
    ...rules('Analytics', 'read'),
    ...rules('PlayerAccount', 'read', 'update'),
    ...rules('PlayerNote', 'read', 'create'),
    ...rules('Withdrawal', 'read'),
    ...rules('Exclusion', 'read'),
    ...rules('PlayerBonus', 'read'),
    ...rules('CompPoints', 'read'),
    ...rules('PlayerGroup', 'read', 'update'),
    ...rules('RiskCase', 'read', 'update'),
    ...rules('Intervention', 'read', 'create'),
    ...rules('Ledger', 'read'),
    ...rules('GameRound', 'read'),
    ...rules('PlayerSession', 'read'),
    ...rules('Payment', 'read'),
    ...rules('WithdrawalHold', 'read', 'create', 'delete'),
  ],
  compliance: [
    ...rules('PlayerAccount', 'read', 'update'),
    ...rules('PlayerNote', 'read', 'create'),
    ...rules('Document', 'read', 'approve'),
    ...rules('Exclusion', 'read', 'create'),
    ...rules('AuditLog', 'read'),
    ...rules('Withdrawal', 'read'),
    ...rules('Analytics', 'read'),
    ...rules('RiskCase', 'read', 'update'),
    ...rules('Intervention', 'read', 'create'),
    ...rules('Ledger', 'read'),
    ...rules('GameRound', 'read'),
    ...rules('PlayerSession', 'read'),
    ...rules('Payment', 'read'),
    ...rules('WithdrawalHold', 'read', 'create', 'delete'),
  ],
  marketing: [
    ...rules('Analytics', 'read'),
    ...rules('BonusCampaign', 'read', 'update'),
    ...rules('PlayerBonus', 'read', 'grant'),
    ...rules('CompPoints', 'read', 'grant'),
    ...rules('CrmEvent', 'create'),
    ...rules('PlayerGroup', 'read', 'update'),
    ...rules('Experiment', 'read', 'update'),
  ],
  content: [...rules('Experiment', 'read', 'update'), ...rules('BonusCampaign', 'read')],
};

const iso = z.iso.datetime({ offset: true });
const operatorTags = ['operator'];

/** A six-digit code of the operator's authenticator app (RFC 6238, 30 s steps). */
export const totpCode = z.string().regex(/^\d{6}$/);

export const operatorSignIn = z.object({
  email: z.string().trim().toLowerCase().email().max(254),
  password: z.string().min(1).max(200),
  code: totpCode,
});

export const operatorIdentity = z
  .object({
    id: z.uuid(),
    email: z.string(),
    name: z.string(),
    role: z.enum(operatorRoles),
    /** The role's rules (CASL raw rules): what the back office may offer them. */
    rules: z.array(z.object({ action: z.enum(operatorActions), subject: z.enum(operatorSubjects) })),
    /** How this request was authenticated: a signed-in session or an API token. */
    via: z.enum(['session', 'api_token']),
  })
  .meta({ id: 'OperatorIdentity' });
export type OperatorIdentity = z.infer<typeof operatorIdentity>;

export const operatorApiToken = z
  .object({
    id: z.uuid(),
    name: z.string(),
    role: z.enum(operatorRoles),
    /** The operator who made it, answerable for what it does. */
    created_by: z.uuid(),
    created_at: iso,
    last_used_at: iso.nullable(),
    revoked_at: iso.nullable(),
  })
  .meta({ id: 'OperatorApiToken' });

export const operatorAccount = z
  .object({
    id: z.uuid(),
    email: z.string(),
    name: z.string(),
    role: z.enum(operatorRoles),
    /** Addresses or CIDR blocks the operator may work from; empty: anywhere. */
    ip_allow_list: z.array(z.string()),
    created_at: iso,
    disabled_at: iso.nullable(),
  })
  .meta({ id: 'OperatorAccount' });

export const newOperatorAccount = z.object({
  email: z.string().trim().toLowerCase().email().max(254),
  name: z.string().trim().min(1).max(120).check(oneLine),
  role: z.enum(operatorRoles),
  /** The first password, which the operator is given in person; at least 12 characters, not a common one. */
  password: z.string().min(12).max(200),
  ip_allow_list: z.array(z.string().trim().max(64)).max(20).default([]),
});

export const operatorApi = {
  signIn: endpoint({
    method: 'POST',
    path: '/operator/session',
    tags: operatorTags,
    summary: "Signs an operator in with their password and their authenticator's code",
    description:
      "Sets the operator's own session cookie (never a player's), ended after a short idle time. Every operator signs in with a TOTP code; an operator with an address allow-list only from those addresses.",
    body: operatorSignIn,
    responses: { 200: operatorIdentity, 401: errorBody, 403: errorBody, 422: errorBody, 429: errorBody },
  }),
  signOut: endpoint({
    method: 'DELETE',
    path: '/operator/session',
    tags: operatorTags,
    summary: "Ends the operator's session",
    responses: { 204: z.undefined(), 401: errorBody },
  }),
  me: endpoint({
    method: 'GET',
    path: '/operator/me',
    tags: operatorTags,
    summary: 'The operator (or API token) making the request, with their role and its rules',
    responses: { 200: operatorIdentity, 401: errorBody, 403: errorBody },
  }),
  listTokens: endpoint({
    method: 'GET',
    path: '/operator/api_tokens',
    tags: operatorTags,
    summary: 'Every API token, revoked ones included',
    ability: ['read', 'Operator'],
    responses: { 200: z.array(operatorApiToken), 401: errorBody, 403: errorBody },
  }),
  createToken: endpoint({
    method: 'POST',
    path: '/operator/api_tokens',
    tags: operatorTags,
    summary: 'Makes an API token with a role, for automation; its secret is in this answer only',
    body: z.object({
      name: z.string().trim().min(1).max(120).check(oneLine),
      role: z.enum(operatorRoles),
    }),
    ability: ['create', 'Operator'],
    responses: {
      201: operatorApiToken.extend({ token: z.string() }),
      401: errorBody,
      403: errorBody,
      422: errorBody,
    },
  }),
  listOperators: endpoint({
    method: 'GET',
    path: '/operator/operators',
    tags: operatorTags,
    summary: 'Every operator account, disabled ones included',
    ability: ['read', 'Operator'],
    responses: { 200: z.array(operatorAccount), 401: errorBody, 403: errorBody },
  }),
  createOperator: endpoint({
    method: 'POST',
    path: '/operator/operators',
    tags: operatorTags,
    summary:
      "Makes an operator's account; its TOTP secret, for their authenticator app, is in this answer only",
    body: newOperatorAccount,
    ability: ['create', 'Operator'],
    responses: {
      201: operatorAccount.extend({ totp_secret: z.string(), totp_uri: z.string() }),
      401: errorBody,
      403: errorBody,
      409: errorBody,
      422: errorBody,
    },
  }),
  revokeToken: endpoint({
    method: 'DELETE',
    path: '/operator/api_tokens/:id',
    tags: operatorTags,
    summary: 'Revokes an API token: its next call is refused',
    params: z.object({ id: z.uuid() }),
    ability: ['delete', 'Operator'],
    responses: { 200: operatorApiToken, 401: errorBody, 403: errorBody, 404: errorBody },
  }),
};
