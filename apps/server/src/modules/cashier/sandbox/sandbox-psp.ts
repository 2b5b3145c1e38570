import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { type Db, schema } from '@chrysos/db';
import { and, asc, eq, isNotNull, isNull, lte } from 'drizzle-orm';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { AppError } from '../../../platform/errors.ts';
import type { Jobs } from '../../../platform/jobs.ts';
import { checkCard } from './cards.ts';
import { hostedPage, type Language } from './hosted-page.ts';

export const sandboxSignatureHeader = 'x-sandbox-signature';
/** A webhook older than this is refused, so a captured one cannot be replayed later. */
export const signatureToleranceMs = 5 * 60 * 1000;
export const maxDeliveryAttempts = 12;
/** A webhook whose delivery is this overdue lost its job (it was owed before a restart, say): the sweep sends it. */
const overdueMs = 60_000;
/** Amounts ending in …666 minor units are refused by the beneficiary bank: a way to test failed payouts. */
const failingPayoutSuffix = 666;

type Deliver = (path: string, headers: Record<string, string>, body: string) => Promise<number>;

export function signWebhook(body: string, secret: string, at = Date.now()): string {
  const timestamp = Math.floor(at / 1000);
  const signature = createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex');
  return `t=${timestamp},v1=${signature}`;
}

export function verifyWebhookSignature(
  header: string | undefined,
  body: string,
  secret: string,
  now = Date.now(),
) {
  const parts = Object.fromEntries(
    (header ?? '').split(',').map((part) => part.split('=') as [string, string]),
  );
  const timestamp = Number(parts.t);
  if (!Number.isFinite(timestamp) || Math.abs(now - timestamp * 1000) > signatureToleranceMs) return false;
  const expected = Buffer.from(
    createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex'),
    'hex',
  );
  const given = Buffer.from(parts.v1 ?? '', 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

const newId = (prefix: string) => `${prefix}_${randomBytes(12).toString('base64url')}`;
/** What newId makes: anything else in a page address is no payment of ours, without asking the database. */
const idShape = /^(?:pay|po)_[A-Za-z0-9_-]{16}$/;
const formType = 'application/x-www-form-urlencoded';

/**
 * A payment service provider in a box, for demos, development and tests: a hosted card page with
 * test cards (success, decline, 3-D Secure challenge), asynchronous signed webhooks retried until the
 * casino acknowledges them, and payouts that settle a moment later. Its books live in its own table,
 * so webhooks owed survive a restart, as they would at a real PSP. Each webhook is a
 * `sandbox-psp.deliver` job, enqueued with the change that owes it and retried with back-off by the
 * job queue; a minute's sweep sends any whose job was lost.
 */
export class SandboxPsp {
  readonly #db: Db;
  readonly #jobs: Jobs;
  readonly #secret: string;
  readonly #log: FastifyBaseLogger;
  #deliver: Deliver | null = null;

  constructor(db: Db, jobs: Jobs, options: { secret: string; log: FastifyBaseLogger }) {
    this.#db = db;
    this.#jobs = jobs;
    this.#secret = options.secret;
    this.#log = options.log;
  }

  get secret(): string {
    return this.#secret;
  }

  async createPayment(input: {
    merchantReference: string;
    amount: number;
    currency: string;
    returnUrl: string;
    webhookUrl: string;
    language: Language;
  }): Promise<{ id: string; hostedUrl: string }> {
    const id = newId('pay');
    await this.#db.insert(schema.sandboxPspOperations).values({
      id,
      kind: 'payment',
      merchantReference: input.merchantReference,
      amount: input.amount,
      currency: input.currency,
      status: 'awaiting_card',
      returnUrl: input.returnUrl,
      webhookUrl: input.webhookUrl,
    });
    return { id, hostedUrl: `/sandbox-psp/pay/${id}?lang=${input.language}` };
  }

  /** Idempotent by merchant reference, as PSP payout APIs are: asking twice never pays twice. */
  async createPayout(input: {
    merchantReference: string;
    amount: number;
    currency: string;
    webhookUrl: string;
  }) {
    const [existing] = await this.#db
      .select({ id: schema.sandboxPspOperations.id })
      .from(schema.sandboxPspOperations)
      .where(
        and(
          eq(schema.sandboxPspOperations.kind, 'payout'),
          eq(schema.sandboxPspOperations.merchantReference, input.merchantReference),
        ),
      );
    if (existing) return existing;
    const id = newId('po');
    const failed = input.amount % 1000 === failingPayoutSuffix;
    await this.#db.transaction(async (tx) => {
      await tx.insert(schema.sandboxPspOperations).values({
        id,
        kind: 'payout',
        merchantReference: input.merchantReference,
        amount: input.amount,
        currency: input.currency,
        status: failed ? 'failed' : 'paid',
        webhookUrl: input.webhookUrl,
        pendingEvent: failed ? 'payout.failed' : 'payout.paid',
        failureReason: failed ? 'The beneficiary bank rejected the transfer' : null,
        // A bank transfer takes a moment; the webhook follows.
        nextDeliveryAt: new Date(Date.now() + 1_000),
      });
      await this.#jobs.send('sandbox-psp.deliver', { operationId: id }, { tx, startAfterSeconds: 1 });
    });
    return { id };
  }

  /** Delivers owed webhooks through `deliver` from now on. */
  start(deliver: Deliver): void {
    this.#deliver = deliver;
  }

  /** Delivers nothing more: webhooks stay owed (tests deliver by hand). */
  stop(): void {
    this.#deliver = null;
  }

  /**
   * Sends the webhook an operation owes (the `sandbox-psp.deliver` job). Throws when the casino did
   * not acknowledge it, so the job queue tries again later, until it is given up.
   */
  async deliverOne(operationId: string): Promise<void> {
    const [operation] = await this.#db
      .select()
      .from(schema.sandboxPspOperations)
      .where(
        and(
          eq(schema.sandboxPspOperations.id, operationId),
          isNotNull(schema.sandboxPspOperations.pendingEvent),
          isNull(schema.sandboxPspOperations.deliveredAt),
        ),
      );
    if (!operation) return;
    const delivered = await this.#send(operation);
    if (!delivered && operation.deliveryAttempts + 1 < maxDeliveryAttempts) {
      throw new Error(`webhook of ${operation.id} not acknowledged`);
    }
  }

  /**
   * Delivers every webhook overdue by `overdueBy` (a minute: its job was lost; 0 at start-up: a crash
   * left its job active on a process that is gone); never throws. The casino ignores a repeated webhook.
   */
  async deliverDue(overdueBy = overdueMs): Promise<void> {
    try {
      const overdue = await this.#db
        .select()
        .from(schema.sandboxPspOperations)
        .where(
          and(
            isNotNull(schema.sandboxPspOperations.pendingEvent),
            isNull(schema.sandboxPspOperations.deliveredAt),
            lte(schema.sandboxPspOperations.nextDeliveryAt, new Date(Date.now() - overdueBy)),
          ),
        )
        .orderBy(asc(schema.sandboxPspOperations.nextDeliveryAt))
        .limit(20);
      for (const operation of overdue) await this.#send(operation);
    } catch (error) {
      // The database away for a moment: logged, and the next sweep tries again.
      this.#log.error({ err: error }, 'sandbox webhook delivery failed');
    }
  }

  /** One delivery attempt, recorded on the operation; whether the casino acknowledged it. */
  async #send(operation: typeof schema.sandboxPspOperations.$inferSelect): Promise<boolean> {
    const deliver = this.#deliver;
    // Stopped: nothing is sent, and the webhook stays owed.
    if (!deliver) return true;
    const body = JSON.stringify({
      id: newId('evt'),
      type: operation.pendingEvent,
      data: {
        id: operation.id,
        merchant_reference: operation.merchantReference,
        amount: operation.amount,
        currency: operation.currency,
        ...(operation.status === 'failed' ? { failure_reason: operation.failureReason } : {}),
      },
    });
    let status = 0;
    try {
      status = await deliver(
        operation.webhookUrl,
        { [sandboxSignatureHeader]: signWebhook(body, this.#secret) },
        body,
      );
    } catch (error) {
      this.#log.warn(
        { operation: operation.id, err: error instanceof Error ? error.message : error },
        'sandbox webhook failed',
      );
    }
    const attempts = operation.deliveryAttempts + 1;
    const delivered = status >= 200 && status < 300;
    await this.#db
      .update(schema.sandboxPspOperations)
      .set({
        deliveryAttempts: attempts,
        deliveredAt: delivered ? new Date() : null,
        // Retried with exponential back-off (by the job queue), as PSPs do, then given up.
        nextDeliveryAt:
          delivered || attempts >= maxDeliveryAttempts ? null : new Date(Date.now() + 1000 * 2 ** attempts),
      })
      .where(eq(schema.sandboxPspOperations.id, operation.id));
    return delivered;
  }

  async #settle(id: string, outcome: 'succeeded' | 'failed', reason?: string): Promise<void> {
    await this.#db.transaction(async (tx) => {
      const settled = await tx
        .update(schema.sandboxPspOperations)
        .set({
          status: outcome,
          pendingEvent: outcome === 'succeeded' ? 'payment.succeeded' : 'payment.failed',
          failureReason: reason ?? null,
          nextDeliveryAt: new Date(),
        })
        .where(
          and(
            eq(schema.sandboxPspOperations.id, id),
            eq(schema.sandboxPspOperations.status, 'awaiting_card'),
          ),
        )
        .returning({ id: schema.sandboxPspOperations.id });
      if (settled.length > 0) await this.#jobs.send('sandbox-psp.deliver', { operationId: id }, { tx });
    });
  }

  /** The hosted pages: card form, 3-D Secure challenge, and the way back to the casino. */
  routes = async (app: FastifyInstance): Promise<void> => {
    // The pages post HTML forms and nothing else: another body is refused before it is read.
    app.removeAllContentTypeParsers();
    app.addContentTypeParser(
      formType,
      { parseAs: 'string', bodyLimit: 16 * 1024 },
      (_request, body, done) => {
        done(null, Object.fromEntries(new URLSearchParams(body as string)));
      },
    );
    app.addHook('onRequest', async (request) => {
      if (request.method !== 'POST') return;
      const { headers } = request;
      const type = headers['content-type']?.split(';')[0]?.trim().toLowerCase();
      const hasBody =
        type !== undefined ||
        Number(headers['content-length'] ?? 0) !== 0 ||
        headers['transfer-encoding'] !== undefined;
      if (hasBody && type !== formType) {
        throw new AppError('cashier.payment_form_type', {
          field: 'content_type',
          params: { type: formType },
        });
      }
    });
    const find = async (id: string) =>
      idShape.test(id)
        ? (
            await this.#db
              .select()
              .from(schema.sandboxPspOperations)
              .where(eq(schema.sandboxPspOperations.id, id))
          )[0]
        : undefined;
    const languageOf = (query: unknown): Language =>
      (query as { lang?: string }).lang === 'el' ? 'el' : 'en';
    const html = (reply: import('fastify').FastifyReply, page: string, code = 200) =>
      reply.code(code).type('text/html; charset=utf-8').header('cache-control', 'no-store').send(page);

    app.get<{ Params: { id: string } }>('/sandbox-psp/pay/:id', async (request, reply) => {
      const language = languageOf(request.query);
      const operation = await find(request.params.id);
      if (operation?.kind !== 'payment') return html(reply, hostedPage.missing(language), 404);
      if (operation.status !== 'awaiting_card') return reply.redirect(operation.returnUrl ?? '/', 303);
      return html(reply, hostedPage.card(language, operation, {}));
    });

    app.post<{ Params: { id: string }; Body: Record<string, string> }>(
      '/sandbox-psp/pay/:id',
      async (request, reply) => {
        const language = languageOf(request.query);
        const operation = await find(request.params.id);
        if (operation?.kind !== 'payment') return html(reply, hostedPage.missing(language), 404);
        if (operation.status !== 'awaiting_card') return reply.redirect(operation.returnUrl ?? '/', 303);
        if (request.body?.action === 'cancel') {
          await this.#settle(operation.id, 'failed', 'Cancelled on the payment page');
          return reply.redirect(operation.returnUrl ?? '/', 303);
        }
        const { problems, outcome } = checkCard(request.body ?? {});
        if (problems.length > 0)
          return html(reply, hostedPage.card(language, operation, { problems, form: request.body }), 422);
        if (outcome === 'challenge')
          return reply.redirect(`/sandbox-psp/3ds/${operation.id}?lang=${language}`, 303);
        if (outcome === 'success') await this.#settle(operation.id, 'succeeded');
        else
          await this.#settle(
            operation.id,
            'failed',
            outcome === 'insufficient_funds' ? 'Insufficient funds on the card' : 'The card was declined',
          );
        return reply.redirect(operation.returnUrl ?? '/', 303);
      },
    );

    app.get<{ Params: { id: string } }>('/sandbox-psp/3ds/:id', async (request, reply) => {
      const language = languageOf(request.query);
      const operation = await find(request.params.id);
      if (operation?.kind !== 'payment') return html(reply, hostedPage.missing(language), 404);
      if (operation.status !== 'awaiting_card') return reply.redirect(operation.returnUrl ?? '/', 303);
      return html(reply, hostedPage.challenge(language, operation));
    });

    app.post<{ Params: { id: string }; Body: Record<string, string> }>(
      '/sandbox-psp/3ds/:id',
      async (request, reply) => {
        const operation = await find(request.params.id);
        if (operation?.kind !== 'payment')
          return html(reply, hostedPage.missing(languageOf(request.query)), 404);
        if (operation.status === 'awaiting_card') {
          if (request.body?.action === 'approve') await this.#settle(operation.id, 'succeeded');
          else await this.#settle(operation.id, 'failed', '3-D Secure authentication failed');
        }
        return reply.redirect(operation.returnUrl ?? '/', 303);
      },
    );
  };
}
