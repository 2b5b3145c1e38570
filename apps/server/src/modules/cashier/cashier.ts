import { type Db, schema } from '@chrysos/db';
import { and, desc, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../platform/clock.ts';
import { AppError } from '../../platform/errors.ts';
import type { EventBus } from '../../platform/events.ts';
import { type AuditActor, recordAudit } from '../compliance/public.ts';
import type { ReferenceData } from '../info/public.ts';
import type { Wallet } from '../wallet/public.ts';
import { InsufficientFunds, listAccounts } from '../wallet/public.ts';
import type { PaymentFacts } from './events.ts';
import { limitsFor, paymentMethods } from './methods.ts';
import { holdInForce } from './payments-desk/hold-in-force.ts';
import type { PaymentEvent, PaymentProvider } from './provider.ts';

export type Payment = typeof schema.payments.$inferSelect;

/** First key of the advisory lock that puts one player's deposit checks and inserts in one line. */
const depositLockSpace = 0x64657073;

/** Who decided on a withdrawal and from where, for the compliance audit trail. */
export interface DecidedBy {
  actor: AuditActor;
  ip?: string | null;
}

export interface CashierOptions {
  /**
   * Per currency, in its minor units: withdrawals below the amount are approved without an operator.
   * A currency not listed always waits for one.
   */
  autoApproveBelow: Readonly<Record<string, number>>;
  /**
   * Per currency, in its minor units: an operator's approval of a withdrawal above the amount is a first
   * one, and a second operator's makes it (four eyes). A currency not listed needs one approval.
   */
  fourEyesAbove?: Readonly<Record<string, number>>;
  /** The bonus engine's part in payments: its hooks, so the cashier knows nothing of bonus rules. */
  bonuses?: CashierBonusHooks;
  /** Identity verification's part: the payments that need approved documents first. */
  verification?: CashierVerificationHooks;
  /** The player's own limits (issue 17): a deposit over a deposit limit is refused before the provider is asked. */
  limits?: CashierLimitHooks;
}

export interface CashierLimitHooks {
  /**
   * Refuses a deposit over the player's deposit limit in the currency (compliance.deposit_limit
   * {remaining, currency}). `db` is the deposit's transaction, which holds the player's deposit lock.
   */
  checkDeposit(db: Db, playerId: string, currency: string, amount: number): Promise<void>;
}

export interface CashierVerificationHooks {
  /**
   * Refuses a deposit that brings the window's deposits to the AML threshold of an unverified player
   * (`db`: the deposit's transaction, as for the limit).
   */
  checkDeposit(db: Db, playerId: string, currency: string, amount: number): Promise<void>;
  /** Refuses a withdrawal at or above the licence's threshold while the player is not verified. */
  checkWithdrawal(playerId: string, currency: string, amount: number): Promise<void>;
}

/**
 * A deposit code another capability owns (the fortune wheel's): true when `code` is its own, refused
 * with its own error when this deposit does not qualify; false leaves the code to the bonus engine.
 */
export type DepositCodeCheck = (
  db: Db,
  playerId: string,
  currency: string,
  amount: number,
  code: string,
) => Promise<boolean>;

export interface CashierBonusHooks {
  /** Refuses a deposit bonus code that cannot give a bonus with this deposit (before the provider is asked). */
  checkDepositCode(db: Db, playerId: string, currency: string, amount: number, code: string): Promise<void>;
  /**
   * Inside the withdrawal's transaction: forfeits the bonus running in the currency if the player
   * confirmed it, refuses the withdrawal (cashier.bonus_active) if not.
   */
  settleRunningBonus(tx: Db, playerId: string, currency: string, confirmed: boolean): Promise<void>;
}

/**
 * Deposits and withdrawals through a payment provider, booked on the ledger. A deposit is credited
 * only by the provider's verified webhook; a withdrawal's money is held at request, released if it is
 * cancelled, rejected or fails, and leaves only when the provider reports it paid. Each booking and
 * its status change commit together, and each booking's key makes a repeated webhook harmless.
 */
export class Cashier {
  readonly #db: Db;
  readonly #wallet: Wallet;
  readonly #provider: PaymentProvider;
  readonly #referenceData: ReferenceData;
  readonly #log: FastifyBaseLogger;
  readonly #events: Pick<EventBus, 'publish'>;
  readonly #clock: Pick<Clock, 'now'>;
  readonly #options: CashierOptions;

  constructor(
    deps: {
      db: Db;
      wallet: Wallet;
      provider: PaymentProvider;
      referenceData: ReferenceData;
      log: FastifyBaseLogger;
      events: Pick<EventBus, 'publish'>;
      clock: Pick<Clock, 'now'>;
    },
    options: CashierOptions,
  ) {
    this.#db = deps.db;
    this.#wallet = deps.wallet;
    this.#provider = deps.provider;
    this.#referenceData = deps.referenceData;
    this.#log = deps.log;
    this.#events = deps.events;
    this.#clock = deps.clock;
    this.#options = options;
  }

  get provider(): PaymentProvider {
    return this.#provider;
  }

  /** Limits of every method in minor units of the currency. */
  async methods(currency: string) {
    const subunits = await this.#subunits(currency);
    return Object.keys(paymentMethods).flatMap((id) => {
      const limits = limitsFor(id, currency);
      if (!limits) return [];
      const minor = (units: number) => Math.round(units * subunits);
      return [
        {
          id,
          deposit: { min_cents: minor(limits.depositMin), max_cents: minor(limits.depositMax) },
          withdrawal: { min_cents: minor(limits.withdrawalMin), max_cents: minor(limits.withdrawalMax) },
        },
      ];
    });
  }

  async #subunits(currency: string): Promise<number> {
    const known = await this.#referenceData.currency(currency);
    if (!known) throw new AppError('info.currency_not_offered', { field: 'currency' });
    return known.subunits_to_unit;
  }

  /**
   * Money moves only in one of the player's accounts, the ones GET /player/accounts lists: a deposit
   * in another currency would be credited to a balance the player never sees.
   */
  async #checkAccount(playerId: string, currency: string) {
    const accounts = await listAccounts(this.#db, this.#wallet.ledger, playerId);
    if (!accounts.some((account) => account.currency === currency)) {
      throw new AppError('cashier.no_account', { field: 'currency', params: { currency } });
    }
  }

  async #checkLimits(kind: 'deposit' | 'withdrawal', method: string, currency: string, amount: number) {
    const [limits] = (await this.methods(currency)).filter((entry) => entry.id === method);
    if (!limits) throw new AppError('cashier.method_unavailable', { field: 'method' });
    const { min_cents: min, max_cents: max } = limits[kind];
    const field = 'amount_cents';
    if (amount < min)
      throw new AppError('cashier.amount_below_minimum', { field, params: { min, currency } });
    if (amount > max)
      throw new AppError('cashier.amount_above_maximum', { field, params: { max, currency } });
  }

  readonly #codeChecks: DepositCodeCheck[] = [];

  /** Lets a capability own deposit codes: checked before the bonus engine sees a code. */
  acceptDepositCodes(check: DepositCodeCheck): void {
    this.#codeChecks.push(check);
  }

  async #ownCode(db: Db, playerId: string, currency: string, amount: number, code: string): Promise<boolean> {
    for (const check of this.#codeChecks) if (await check(db, playerId, currency, amount, code)) return true;
    return false;
  }

  async startDeposit(
    playerId: string,
    request: { currency: string; amount: number; method: string; bonusCode?: string | undefined },
    page: { returnUrl: (paymentId: string) => string; language: 'en' | 'el' },
  ): Promise<{ payment: Payment; redirectUrl: string }> {
    await this.#checkLimits('deposit', request.method, request.currency, request.amount);
    await this.#checkAccount(playerId, request.currency);
    const payment = await this.#db.transaction(async (tx) => {
      // The limit and the verification threshold count pending deposits: checked and stored as one
      // step per player, so deposits started together cannot pass either together (issue 31 item 3).
      await tx.execute(sql`select pg_advisory_xact_lock(${depositLockSpace}, hashtext(${playerId}))`);
      await this.#options.limits?.checkDeposit(tx, playerId, request.currency, request.amount);
      await this.#options.verification?.checkDeposit(tx, playerId, request.currency, request.amount);
      if (
        request.bonusCode &&
        !(await this.#ownCode(tx, playerId, request.currency, request.amount, request.bonusCode))
      ) {
        await this.#options.bonuses?.checkDepositCode(
          tx,
          playerId,
          request.currency,
          request.amount,
          request.bonusCode,
        );
      }
      const [created] = await tx
        .insert(schema.payments)
        .values({
          playerId,
          kind: 'deposit',
          provider: this.#provider.name,
          method: request.method,
          currency: request.currency,
          amount: request.amount,
          status: 'pending',
          bonusCode: request.bonusCode ?? null,
        })
        .returning();
      return created;
    });
    if (!payment) throw new Error('payment not stored');
    const started = await this.#provider.startDeposit({
      id: payment.id,
      amount: payment.amount,
      currency: payment.currency,
      returnUrl: page.returnUrl(payment.id),
      language: page.language,
    });
    const [stored] = await this.#db
      .update(schema.payments)
      .set({ providerReference: started.providerReference, updatedAt: this.#clock.now() })
      .where(eq(schema.payments.id, payment.id))
      .returning();
    return { payment: stored ?? payment, redirectUrl: started.redirectUrl };
  }

  /**
   * Applies a verified provider event. Safe to receive twice and in any order: bookings are keyed by
   * payment, status changes only move forward, and a success always credits what was captured.
   */
  async apply(event: PaymentEvent): Promise<'applied' | 'duplicate' | 'ignored'> {
    const [payment] = await this.#db
      .select()
      .from(schema.payments)
      .where(eq(schema.payments.id, event.paymentId));
    if (!payment || payment.provider !== this.#provider.name) return this.#ignore(event, 'unknown payment');
    if (payment.providerReference !== null && payment.providerReference !== event.providerReference) {
      return this.#ignore(event, 'provider reference does not match');
    }
    if (payment.amount !== event.amount || payment.currency !== event.currency) {
      return this.#ignore(event, 'amount or currency does not match');
    }
    const movement = { playerId: payment.playerId, currency: payment.currency, amount: payment.amount };

    return this.#db.transaction(async (tx) => {
      const wallet = this.#wallet.using(tx);
      const advance = async (from: string[], to: string, reason?: string) => {
        const changed = await tx
          .update(schema.payments)
          .set({
            status: to,
            providerReference: event.providerReference,
            failureReason: reason ?? null,
            updatedAt: this.#clock.now(),
            // Every status a provider event moves to is an outcome (the timeline's last step).
            settledAt: this.#clock.now(),
          })
          .where(and(eq(schema.payments.id, payment.id), inArray(schema.payments.status, from)))
          .returning({ id: schema.payments.id });
        return changed.length > 0;
      };
      const facts = factsOf(payment);
      if (payment.kind === 'deposit' && event.type === 'payment.succeeded') {
        // The PSP captured the money: it is credited even if a failure was reported before.
        const booking = await wallet.deposit({ ...movement, key: `deposit:${payment.id}` });
        if (await advance(['pending', 'failed'], 'succeeded')) {
          await this.#events.publish(tx, 'cashier.deposit_succeeded', {
            ...facts,
            bonusCode: payment.bonusCode,
          });
        }
        return booking.status === 'booked' ? 'applied' : 'duplicate';
      }
      if (payment.kind === 'deposit' && event.type === 'payment.failed') {
        if (!(await advance(['pending'], 'failed', event.reason))) return 'duplicate';
        await this.#events.publish(tx, 'cashier.deposit_failed', { ...facts, reason: event.reason ?? null });
        return 'applied';
      }
      if (payment.kind === 'withdrawal' && event.type === 'payout.paid') {
        if (payment.status !== 'approved' && payment.status !== 'paid')
          return this.#ignore(event, `payout.paid while ${payment.status}`);
        const booking = await wallet.payOut({
          ...movement,
          key: `payout:${payment.id}`,
          reference: payment.id,
        });
        if (await advance(['approved'], 'paid')) {
          await this.#events.publish(tx, 'cashier.withdrawal_paid', facts);
        }
        return booking.status === 'booked' ? 'applied' : 'duplicate';
      }
      if (payment.kind === 'withdrawal' && event.type === 'payout.failed') {
        if (payment.status !== 'approved' && payment.status !== 'failed')
          return this.#ignore(event, `payout.failed while ${payment.status}`);
        const booking = await wallet.releaseWithdrawal({
          ...movement,
          key: `withdrawal:${payment.id}:release`,
          reference: payment.id,
        });
        if (await advance(['approved'], 'failed', event.reason)) {
          await this.#events.publish(tx, 'cashier.withdrawal_failed', {
            ...facts,
            reason: event.reason ?? null,
          });
        }
        return booking.status === 'booked' ? 'applied' : 'duplicate';
      }
      return this.#ignore(event, `${event.type} does not apply to a ${payment.kind}`);
    });
  }

  #ignore(event: PaymentEvent, reason: string): 'ignored' {
    this.#log.error({ eventId: event.eventId, paymentId: event.paymentId, reason }, 'payment event ignored');
    return 'ignored';
  }

  async requestWithdrawal(
    playerId: string,
    request: { currency: string; amount: number; method: string; forfeitBonus?: boolean | undefined },
  ): Promise<Payment> {
    await this.#checkLimits('withdrawal', request.method, request.currency, request.amount);
    await this.#checkAccount(playerId, request.currency);
    if (this.#options.verification) {
      // Money the player does not have is refused as such below, not with a call to verify first.
      const { real } = await this.#wallet.ledger.balances(playerId, request.currency);
      if (request.amount <= real) {
        await this.#options.verification.checkWithdrawal(playerId, request.currency, request.amount);
      }
    }
    let payment: Payment | undefined;
    try {
      payment = await this.#db.transaction(async (tx) => {
        // A player can always withdraw their real money: with a bonus running, once they confirm it is forfeited.
        await this.#options.bonuses?.settleRunningBonus(
          tx,
          playerId,
          request.currency,
          request.forfeitBonus === true,
        );
        const [created] = await tx
          .insert(schema.payments)
          .values({
            playerId,
            kind: 'withdrawal',
            provider: this.#provider.name,
            method: request.method,
            currency: request.currency,
            amount: request.amount,
            status: 'pending',
          })
          .returning();
        if (!created) throw new Error('payment not stored');
        await this.#wallet.using(tx).holdWithdrawal({
          key: `withdrawal:${created.id}:hold`,
          playerId,
          currency: request.currency,
          amount: request.amount,
        });
        await this.#events.publish(tx, 'cashier.withdrawal_requested', factsOf(created));
        return created;
      });
    } catch (error) {
      if (error instanceof InsufficientFunds) {
        const { real: available } = await this.#wallet.ledger.balances(playerId, request.currency);
        throw new AppError('cashier.amount_over_available', {
          field: 'amount_cents',
          params: { available, currency: request.currency },
          cause: error,
        });
      }
      throw error;
    }
    const threshold = this.#options.autoApproveBelow[request.currency];
    // A held player's withdrawal waits for an operator even below the automatic threshold.
    const held = await holdInForce(this.#db, playerId);
    if (threshold !== undefined && request.amount < threshold && !held)
      return this.approve(payment.id, { actor: 'system' });
    return payment;
  }

  /**
   * Cancel (player) or reject (operator) a withdrawal still awaiting approval: its money returns. A
   * rejection is written to the compliance audit trail with who made it, in the same transaction.
   */
  async release(
    paymentId: string,
    to: 'cancelled' | 'rejected',
    options: { playerId?: string; reason?: string; by?: DecidedBy } = {},
  ): Promise<Payment> {
    return this.#db.transaction(async (tx) => {
      const [changed] = await tx
        .update(schema.payments)
        .set({
          status: to,
          failureReason: options.reason ?? null,
          updatedAt: this.#clock.now(),
          settledAt: this.#clock.now(),
        })
        .where(
          and(
            eq(schema.payments.id, paymentId),
            eq(schema.payments.kind, 'withdrawal'),
            eq(schema.payments.status, 'pending'),
            options.playerId ? eq(schema.payments.playerId, options.playerId) : undefined,
          ),
        )
        .returning();
      if (!changed) throw new AppError('cashier.withdrawal_not_cancellable', { field: 'status' });
      await this.#wallet.using(tx).releaseWithdrawal({
        key: `withdrawal:${changed.id}:release`,
        reference: changed.id,
        playerId: changed.playerId,
        currency: changed.currency,
        amount: changed.amount,
      });
      if (to === 'cancelled')
        await this.#events.publish(tx, 'cashier.withdrawal_cancelled', factsOf(changed));
      else {
        await this.#events.publish(tx, 'cashier.withdrawal_rejected', {
          ...factsOf(changed),
          reason: options.reason ?? null,
        });
        await recordAudit(tx, {
          ...auditOf(options.by ?? { actor: 'system' }, changed),
          action: 'withdrawal.rejected',
          details: { ...withdrawalDetails(changed), reason: options.reason ?? null },
          at: this.#clock.now(),
        });
      }
      return changed;
    });
  }

  /**
   * Approve a pending withdrawal and ask the provider to pay it out. The approval is written to the
   * compliance audit trail in its transaction: by an operator, or by the platform under the threshold.
   * Above the four-eyes amount an operator's approval is a first one (the withdrawal stays pending,
   * `first_approved_by` set), and only another operator's approves it; each is one conditional update,
   * so two operators approving at once cannot both be the first, nor one be both.
   */
  async approve(paymentId: string, by: DecidedBy): Promise<Payment> {
    const p = schema.payments;
    const pending = and(eq(p.id, paymentId), eq(p.kind, 'withdrawal'), eq(p.status, 'pending'));
    const decided = await this.#db.transaction(async (tx) => {
      // Locked, so approvals of one withdrawal take turns: a second operator's, arriving while the
      // first's is being written, then reads it and approves as the second rather than being refused.
      const [payment] = await tx.select().from(p).where(pending).for('update');
      if (!payment) return null;
      if (await holdInForce(tx, payment.playerId)) throw new AppError('cashier.withdrawal_on_hold');
      const limit = this.#options.fourEyesAbove?.[payment.currency];
      const twoNeeded = by.actor !== 'system' && limit !== undefined && payment.amount > limit;
      const now = this.#clock.now();
      if (twoNeeded && payment.firstApprovedBy === null) {
        const [first] = await tx
          .update(p)
          .set({ firstApprovedBy: by.actor, firstApprovedAt: now, updatedAt: now })
          .where(and(pending, isNull(p.firstApprovedBy)))
          .returning();
        if (!first) return null;
        await recordAudit(tx, {
          ...auditOf(by, first),
          action: 'withdrawal.first_approval',
          details: { ...withdrawalDetails(first), four_eyes_above: limit },
          at: now,
        });
        return { payment: first, approved: false };
      }
      if (twoNeeded && payment.firstApprovedBy === by.actor) {
        throw new AppError('cashier.second_approver_required', { field: 'status' });
      }
      const [changed] = await tx
        .update(p)
        .set({ status: 'approved', updatedAt: now, approvedAt: now })
        .where(
          twoNeeded
            ? and(
                pending,
                eq(p.firstApprovedBy, payment.firstApprovedBy ?? ''),
                ne(p.firstApprovedBy, by.actor),
              )
            : pending,
        )
        .returning();
      if (!changed) return null;
      await this.#events.publish(tx, 'cashier.withdrawal_approved', factsOf(changed));
      await recordAudit(tx, {
        ...auditOf(by, changed),
        action: 'withdrawal.approved',
        details: {
          ...withdrawalDetails(changed),
          automatic: by.actor === 'system',
          ...(twoNeeded ? { first_approved_by: changed.firstApprovedBy } : {}),
        },
        at: now,
      });
      return { payment: changed, approved: true };
    });
    if (!decided) throw new AppError('cashier.withdrawal_not_approvable', { field: 'status' });
    return decided.approved ? this.#startPayout(decided.payment) : decided.payment;
  }

  async #startPayout(payment: Payment): Promise<Payment> {
    const { providerReference } = await this.#provider.startPayout(payment);
    const [stored] = await this.#db
      .update(schema.payments)
      .set({ providerReference, updatedAt: this.#clock.now() })
      .where(eq(schema.payments.id, payment.id))
      .returning();
    return stored ?? payment;
  }

  /**
   * After a restart: approved withdrawals whose payout request may not have reached the provider are
   * asked again (the provider deduplicates by payment id).
   */
  async resumePayouts(): Promise<number> {
    const stuck = await this.#db
      .select()
      .from(schema.payments)
      .where(
        and(
          eq(schema.payments.kind, 'withdrawal'),
          eq(schema.payments.status, 'approved'),
          isNull(schema.payments.providerReference),
        ),
      );
    for (const payment of stuck) await this.#startPayout(payment);
    return stuck.length;
  }

  async list(playerId: string, limit = 100): Promise<Payment[]> {
    return this.#db
      .select()
      .from(schema.payments)
      .where(eq(schema.payments.playerId, playerId))
      .orderBy(desc(schema.payments.createdAt))
      .limit(limit);
  }

  async find(paymentId: string, playerId?: string): Promise<Payment | undefined> {
    const [payment] = await this.#db
      .select()
      .from(schema.payments)
      .where(
        and(eq(schema.payments.id, paymentId), playerId ? eq(schema.payments.playerId, playerId) : undefined),
      );
    return payment;
  }

  async pendingWithdrawals(): Promise<Payment[]> {
    return this.#db
      .select()
      .from(schema.payments)
      .where(and(eq(schema.payments.kind, 'withdrawal'), eq(schema.payments.status, 'pending')))
      .orderBy(schema.payments.createdAt);
  }
}

const factsOf = (payment: Payment): PaymentFacts => ({
  paymentId: payment.id,
  playerId: payment.playerId,
  currency: payment.currency,
  amount: payment.amount,
  method: payment.method,
});

function auditOf(by: DecidedBy, payment: Payment) {
  return { actor: by.actor, ip: by.ip ?? null, playerId: payment.playerId };
}

/** What the audit trail keeps of a withdrawal decided on: which, how much, how it is paid. */
function withdrawalDetails(payment: Payment) {
  return {
    payment: payment.id,
    amount: payment.amount,
    currency: payment.currency,
    method: payment.method,
  };
}
