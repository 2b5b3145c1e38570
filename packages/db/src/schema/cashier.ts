import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { currencies } from './info.ts';
import { players } from './player.ts';

/**
 * A deposit or withdrawal through a payment provider. Deposits: pending → succeeded | failed (only a
 * verified webhook decides). Withdrawals: pending (awaiting approval) → approved → paid | failed,
 * or cancelled by the player / rejected by an operator while pending.
 */
export const payments = pgTable(
  'payments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    playerId: uuid('player_id')
      .notNull()
      .references(() => players.id),
    kind: text('kind').notNull(),
    provider: text('provider').notNull(),
    method: text('method').notNull(),
    currency: text('currency')
      .notNull()
      .references(() => currencies.code),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    status: text('status').notNull(),
    /** The provider's id for this payment, once it has one. */
    providerReference: text('provider_reference'),
    /** Deposit bonus code the player entered, for the bonuses capability to honour. */
    bonusCode: text('bonus_code'),
    /** Why a payment failed or was rejected, in words a player can read. */
    failureReason: text('failure_reason'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /** When a withdrawal was approved (by an operator or below the automatic threshold): a step of its timeline. */
    approvedAt: timestamp('approved_at', { withTimezone: true }),
    /**
     * Four eyes (WITHDRAWAL_FOUR_EYES_ABOVE): the operator (`operator:<id>`) who gave a large withdrawal its
     * first approval, and when; the second must be another operator's.
     */
    firstApprovedBy: text('first_approved_by'),
    firstApprovedAt: timestamp('first_approved_at', { withTimezone: true }),
    /** When the payment reached its outcome: succeeded or failed, paid out, cancelled or rejected. */
    settledAt: timestamp('settled_at', { withTimezone: true }),
  },
  (table) => [
    index('payments_player_idx').on(table.playerId, table.createdAt),
    index('payments_status_idx').on(table.kind, table.status),
    uniqueIndex('payments_provider_reference_unique').on(table.provider, table.providerReference),
    check('payments_amount_positive', sql`${table.amount} > 0`),
  ],
);

/** Every webhook a provider delivered, verified or not: the audit trail of what the PSP told us. */
export const paymentWebhooks = pgTable('payment_webhooks', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  provider: text('provider').notNull(),
  eventId: text('event_id'),
  verified: boolean('verified').notNull(),
  body: text('body').notNull(),
  outcome: text('outcome').notNull(),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The built-in sandbox PSP's own books (it stands in for an external provider): each hosted payment
 * or payout and the webhook it owes the casino, kept until delivered so a restart loses none.
 */
export const sandboxPspOperations = pgTable('sandbox_psp_operations', {
  id: text('id').primaryKey(),
  kind: text('kind').notNull(),
  merchantReference: text('merchant_reference').notNull(),
  amount: bigint('amount', { mode: 'number' }).notNull(),
  currency: text('currency').notNull(),
  status: text('status').notNull(),
  returnUrl: text('return_url'),
  webhookUrl: text('webhook_url').notNull(),
  /** The event to deliver, once the outcome is known. */
  pendingEvent: text('pending_event'),
  failureReason: text('failure_reason'),
  deliveryAttempts: integer('delivery_attempts').notNull().default(0),
  nextDeliveryAt: timestamp('next_delivery_at', { withTimezone: true }),
  deliveredAt: timestamp('delivered_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * An operator's correction of a player's real balance (issue 38): never an edit of a balance, always a
 * booked ledger movement against the house, made when the adjustment is booked. Above the four-eyes
 * amount of its currency it waits (`pending`) for a second operator, not the one who asked.
 */
export const balanceAdjustments = pgTable(
  'balance_adjustments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    playerId: uuid('player_id')
      .notNull()
      .references(() => players.id),
    currency: text('currency')
      .notNull()
      .references(() => currencies.code),
    /** Minor units: positive credits the player, negative debits them. */
    amount: bigint('amount', { mode: 'number' }).notNull(),
    reason: text('reason').notNull(),
    status: text('status', { enum: ['pending', 'booked', 'rejected'] }).notNull(),
    /** `operator:<id>` of who asked for it. */
    requestedBy: text('requested_by').notNull(),
    requestedAt: timestamp('requested_at', { withTimezone: true }).notNull(),
    /** `operator:<id>` of who booked or rejected it: the asker when one pair of eyes is enough. */
    decidedBy: text('decided_by'),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    /** Why a second operator refused it. */
    rejectionReason: text('rejection_reason'),
  },
  (table) => [
    check('balance_adjustments_amount_not_zero', sql`${table.amount} <> 0`),
    index('balance_adjustments_pending').on(table.requestedAt).where(sql`${table.status} = 'pending'`),
    index('balance_adjustments_player').on(table.playerId, table.requestedAt),
  ],
);

/**
 * A hold on a player's withdrawals (issue 38), placed by an operator with a reason while something is
 * checked (a big win, a chargeback, documents): none of the player's withdrawals is approved, not even
 * below the automatic threshold, until an operator lifts it with a reason of their own.
 */
export const withdrawalHolds = pgTable(
  'withdrawal_holds',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    playerId: uuid('player_id')
      .notNull()
      .references(() => players.id),
    reason: text('reason').notNull(),
    /** `operator:<id>` of who placed it, and of who lifted it. */
    placedBy: text('placed_by').notNull(),
    placedAt: timestamp('placed_at', { withTimezone: true }).notNull(),
    liftedBy: text('lifted_by'),
    liftedAt: timestamp('lifted_at', { withTimezone: true }),
    liftReason: text('lift_reason'),
  },
  // One hold in force per player.
  (table) => [
    uniqueIndex('withdrawal_holds_in_force').on(table.playerId).where(sql`${table.liftedAt} is null`),
  ],
);
