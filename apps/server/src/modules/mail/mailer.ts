import { type Db, schema } from '@chrysos/db';
import { and, asc, eq, gt, isNull } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer, { type Transporter } from 'nodemailer';
import { type Language, renderEmail, type TemplateName } from './templates.ts';

const eqId = (id: string) => eq(schema.emails.id, id);

/** How long an unsent email is retried before it is given up (left in the table with its error). */
const retryWindowMs = 24 * 60 * 60 * 1000;

/**
 * Every email is first written to the `emails` table (the outbox), then handed to SMTP when one is
 * configured. A send that fails stays unsent and is retried, so a mail server outage loses nothing.
 * Without SMTP the table is the mailbox of the development page.
 */
export class Mailer {
  readonly #transport: Transporter | null;
  #flushing: Promise<void> | null = null;
  #again = false;

  private readonly db: Db;
  private readonly log: FastifyBaseLogger;

  constructor(db: Db, log: FastifyBaseLogger, options: { smtpUrl: string | undefined; from: string }) {
    this.db = db;
    this.log = log;
    this.#transport = options.smtpUrl
      ? nodemailer.createTransport(options.smtpUrl, { from: options.from })
      : null;
  }

  get delivers(): boolean {
    return this.#transport !== null;
  }

  /** Stores the email and starts delivery without waiting for it: callers answer at once. */
  async send(to: string, template: TemplateName, language: Language, link: string): Promise<void> {
    const rendered = renderEmail(template, language, link);
    await this.db.insert(schema.emails).values({ to, template, language, ...rendered });
    void this.flush();
  }

  /** Sends every pending email; concurrent calls share one pass and ask for another after it. */
  flush(): Promise<void> {
    if (!this.#transport) return Promise.resolve();
    if (this.#flushing) {
      this.#again = true;
      return this.#flushing;
    }
    this.#flushing = (async () => {
      do {
        this.#again = false;
        await this.#sendPending();
      } while (this.#again);
    })().finally(() => {
      this.#flushing = null;
    });
    return this.#flushing;
  }

  async #sendPending(): Promise<void> {
    const transport = this.#transport;
    if (!transport) return;
    const pending = await this.db
      .select()
      .from(schema.emails)
      .where(
        and(isNull(schema.emails.sentAt), gt(schema.emails.createdAt, new Date(Date.now() - retryWindowMs))),
      )
      .orderBy(asc(schema.emails.createdAt))
      .limit(50);
    for (const email of pending) {
      try {
        await transport.sendMail({
          to: email.to,
          subject: email.subject,
          text: email.text,
          html: email.html,
        });
        await this.db
          .update(schema.emails)
          .set({ sentAt: new Date(), error: null })
          .where(and(eqId(email.id), isNull(schema.emails.sentAt)));
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        // The address and the link stay out of the log; the id finds the row.
        this.log.warn({ emailId: email.id, template: email.template, err: message }, 'email not sent yet');
        await this.db
          .update(schema.emails)
          .set({ error: message.slice(0, 500) })
          .where(eqId(email.id));
      }
    }
  }

  close(): void {
    this.#transport?.close();
  }
}
