import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { patience } from '../browser.ts';

/** One email as the mail server received it over SMTP. */
export interface ReceivedMail {
  to: string[];
  subject: string;
  text: string;
  html: string;
}

export interface Mailbox {
  /** The SMTP_URL for the product. */
  smtpUrl: string;
  /** Every email received so far, oldest first. */
  received: ReceivedMail[];
  /** The first email to this address (received before or after the call) whose subject matches. */
  waitFor: (to: string, subject: string | RegExp, timeoutMs?: number) => Promise<ReceivedMail>;
  close: () => Promise<void>;
}

const addressesOf = (field: ParsedMail['to']): string[] =>
  (Array.isArray(field) ? field : field ? [field] : []).flatMap((group) =>
    group.value.flatMap((entry) => (entry.address ? [entry.address.toLowerCase()] : [])),
  );

/**
 * A real SMTP server on an ephemeral port of this machine (smtp-server, no TLS, no login) that keeps
 * what the product sends, parsed with mailparser, so a spec can read an email like its recipient.
 */
export async function startMailbox(): Promise<Mailbox> {
  const received: ReceivedMail[] = [];
  const waiting = new Set<() => void>();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then((mail) => {
          received.push({
            to: addressesOf(mail.to),
            subject: mail.subject ?? '',
            text: mail.text ?? '',
            html: typeof mail.html === 'string' ? mail.html : '',
          });
          for (const wake of waiting) wake();
          callback();
        })
        .catch(callback);
    },
  });
  server.listen(0, '127.0.0.1');
  await once(server.server, 'listening');
  const { port } = server.server.address() as AddressInfo;

  const find = (to: string, subject: string | RegExp) =>
    received.find(
      (mail) =>
        mail.to.includes(to.toLowerCase()) &&
        (typeof subject === 'string' ? mail.subject === subject : subject.test(mail.subject)),
    );

  return {
    smtpUrl: `smtp://127.0.0.1:${port}`,
    received,
    waitFor: (to, subject, timeoutMs = patience) =>
      new Promise((resolve, reject) => {
        const check = () => {
          const found = find(to, subject);
          if (!found) return;
          waiting.delete(check);
          clearTimeout(timer);
          resolve(found);
        };
        const timer = setTimeout(() => {
          waiting.delete(check);
          const seen = received.map((mail) => `${mail.to.join()}: ${mail.subject}`).join('\n  ');
          reject(new Error(`no email "${subject}" to ${to} within ${timeoutMs} ms; received:\n  ${seen}`));
        }, timeoutMs);
        waiting.add(check);
        check();
      }),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/**
 * The link of an email that leads to `path` (the text part lists it in full), as path and query, so
 * the browser can open it on whichever address the product runs.
 */
export function linkTo(mail: ReceivedMail, path: string): string {
  for (const [candidate] of mail.text.matchAll(/https?:\/\/[^\s<>"')\]]+/g)) {
    const url = new URL(candidate);
    if (url.pathname === path) return `${url.pathname}${url.search}`;
  }
  throw new Error(`no link to ${path} in the email "${mail.subject}":\n${mail.text}`);
}
