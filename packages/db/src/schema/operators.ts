import { sql } from 'drizzle-orm';
import { bigint, check, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

const roles = ['admin', 'support', 'finance', 'risk', 'compliance', 'marketing', 'content'] as const;

/**
 * The casino's staff as principals (issue 38, decision 45): an account per person with a role, an
 * argon2id password and a TOTP secret (every sign-in asks for a code), and optionally the addresses
 * they may sign in from. Disabled, never deleted: the audit trail names them.
 */
export const operators = pgTable(
  'operators',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Lower-cased. */
    email: text('email').notNull().unique(),
    name: text('name').notNull(),
    role: text('role', { enum: roles }).notNull(),
    passwordHash: text('password_hash').notNull(),
    /** Base32, as authenticator apps take it; answered once, when the account is made, never again. */
    totpSecret: text('totp_secret').notNull(),
    /** The last TOTP time step accepted: a code is taken once, so one overheard is of no use. */
    totpLastStep: bigint('totp_last_step', { mode: 'number' }),
    /** CIDR blocks or addresses; empty: anywhere. */
    ipAllowList: text('ip_allow_list').array().notNull().default(sql`'{}'::text[]`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    disabledAt: timestamp('disabled_at', { withTimezone: true }),
  },
  (table) => [check('operators_email_lower', sql`${table.email} = lower(${table.email})`)],
);

/**
 * An operator's signed-in session, behind their own cookie (never a player's): only the token's
 * SHA-256 is kept. It ends after a short idle time (`last_seen_at`) or a working day, whichever first.
 */
export const operatorSessions = pgTable(
  'operator_sessions',
  {
    tokenHash: text('token_hash').primaryKey(),
    operatorId: uuid('operator_id')
      .notNull()
      .references(() => operators.id),
    ip: text('ip'),
    userAgent: text('user_agent'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (table) => [index('operator_sessions_operator_idx').on(table.operatorId)],
);

/**
 * An API token for automation, with a role of its own and the operator who made it answerable for it:
 * what it does is audited under that operator. Only the token's SHA-256 is kept.
 */
export const operatorApiTokens = pgTable('operator_api_tokens', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull(),
  role: text('role', { enum: roles }).notNull(),
  tokenHash: text('token_hash').notNull().unique(),
  createdBy: uuid('created_by')
    .notNull()
    .references(() => operators.id),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
  revokedAt: timestamp('revoked_at', { withTimezone: true }),
});
