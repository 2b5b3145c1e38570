import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import { type Db, schema } from '@chrysos/db';
import { and, asc, eq, gt, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer, { type Transporter } from 'nodemailer';
import type { Jobs } from '../../platform/jobs.ts';
import { type Language, renderEmail, type TemplateName } from './templates.ts';

const { emails } = schema;

/** How long an unsent email is retried before it is given up (left in the table with its error). */
const retryWindowMs = 24 * 60 * 60 * 1000;
/** How long a claim holds: longer than a send may take (the transport's timeouts below), so it never lapses mid-send. */
const claimFor = sql`now() + interval '5 minutes'`;
/** Emails one retry pass claims at a time. */
const batchSize = 50;

/**
 * Every email is first written to the `emails` table (the outbox), then handed to SMTP when one is
 * configured: a `mail.deliver` job enqueued in the same transaction sends it at once, and the
 * minute's `mail.retry` job sends whatever is still unsent, so a mail server outage loses nothing.
 * Whoever sends a row first claims it (claimed_by, claimed_until), so two instances, or a job and a
 * retry pass, never send one email twice. Without SMTP the table is the mailbox of the development page.
 * The outbox keeps the database's time (created, claimed, sent): delivery is I/O, not a rule of the product.
 */
export class Mailer {
  readonly #transport: Transporter | null;
  /** This process, as it signs its claims. */
  readonly #claimant = `${hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`;

  private readonly db: Db;
  private readonly jobs: Jobs;
  private readonly log: FastifyBaseLogger;

  constructor(
    db: Db,
    jobs: Jobs,
    log: FastifyBaseLogger,
    options: { smtpUrl: string | undefined; from: string },
  ) {
    this.db = db;
    this.jobs = jobs;
    this.log = log;
    this.#transport = options.smtpUrl
      ? nodemailer.createTransport(
          // A send gives up well within its claim, so no other instance takes the row meanwhile.
          { url: options.smtpUrl, connectionTimeout: 30_000, greetingTimeout: 30_000, socketTimeout: 60_000 },
          { from: options.from },
        )
      : null;
  }

  get delivers(): boolean {
    return this.#transport !== null;
  }

  /**
   * Stores the email and, with SMTP, its delivery job in one transaction (`db`'s, when the caller is
   * in one, as an event handler is): callers answer at once.
   */
  async send(
    to: string,
    template: TemplateName,
    language: Language,
    link: string,
    db: Db = this.db,
  ): Promise<void> {
    const rendered = renderEmail(template, language, link);
    await db.transaction(async (tx) => {
      const [email] = await tx
        .insert(emails)
        .values({ to, template, language, ...rendered })
        .returning({ id: emails.id });
      if (email && this.delivers) await this.jobs.send('mail.deliver', { emailId: email.id }, { tx });
    });
  }

  /** Sends one email unless it is sent already or another sender holds it. */
  async deliver(emailId: string): Promise<void> {
    if (!this.#transport) return;
    const claimed = await this.db
      .update(emails)
      .set({ claimedBy: this.#claimant, claimedUntil: claimFor })
      .where(and(eq(emails.id, emailId), isNull(emails.sentAt), this.#unclaimed()))
      .returning();
    for (const email of claimed) await this.#sendClaimed(email);
  }

  /** Sends every pending email of the last 24 hours that nobody else is sending. */
  async flush(): Promise<void> {
    if (!this.#transport) return;
    for (;;) {
      const pending = this.db
        .select({ id: emails.id })
        .from(emails)
        .where(
          and(
            isNull(emails.sentAt),
            gt(emails.createdAt, sql`now() - ${retryWindowMs} * interval '1 millisecond'`),
            this.#unclaimed(),
          ),
        )
        .orderBy(asc(emails.createdAt))
        .limit(batchSize)
        .for('update', { skipLocked: true });
      const claimed = await this.db
        .update(emails)
        .set({ claimedBy: this.#claimant, claimedUntil: claimFor })
        .where(inArray(emails.id, pending))
        .returning();
      for (const email of claimed) await this.#sendClaimed(email);
      if (claimed.length < batchSize) return;
    }
  }

  #unclaimed() {
    return or(isNull(emails.claimedUntil), lt(emails.claimedUntil, sql`now()`));
  }

  async #sendClaimed(email: typeof emails.$inferSelect): Promise<void> {
    const transport = this.#transport;
    if (!transport) return;
    const release = { claimedBy: null, claimedUntil: null };
    try {
      await transport.sendMail({ to: email.to, subject: email.subject, text: email.text, html: email.html });
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      // The address and the link stay out of the log; the id finds the row.
      this.log.warn({ emailId: email.id, template: email.template, err: message }, 'email not sent yet');
      // Released at once, so the next pass (or a flush) tries again.
      await this.db
        .update(emails)
        .set({ error: message.slice(0, 500), ...release })
        .where(and(eq(emails.id, email.id), eq(emails.claimedBy, this.#claimant)));
      return;
    }
    await this.db
      .update(emails)
      .set({ sentAt: sql`now()`, error: null, ...release })
      .where(eq(emails.id, email.id));
  }

  close(): void {
    this.#transport?.close();
  }
}
