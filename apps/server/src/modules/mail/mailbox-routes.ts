import { schema } from '@chrysos/db';
import { desc, eq } from 'drizzle-orm';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

const page = (title: string, body: string) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">
<meta name="robots" content="noindex"><title>${escapeHtml(title)} · Chrysos demo mailbox</title>
<style>
body{margin:0;font:15px/1.5 system-ui,sans-serif;background:#15121f;color:#f4efe6}
main{max-width:960px;margin:0 auto;padding:24px}
h1{color:#dda052;font-size:20px}a{color:#dda052}
table{width:100%;border-collapse:collapse}td,th{padding:8px;border-bottom:1px solid #332b47;text-align:left}
iframe{width:100%;height:640px;border:0;border-radius:12px;background:#fff}
.meta{color:#b9b1c7}
</style></head><body><main>${body}</main></body></html>`;

const loopback = /^(127\.\d{1,3}\.\d{1,3}\.\d{1,3}|::1|::ffff:127\.\d{1,3}\.\d{1,3}\.\d{1,3})$/i;

/**
 * Whether the request comes from this machine: the client address after the trusted-proxy rules is a
 * loopback one, and no proxy says it forwarded the request for anyone (a local reverse proxy we do not
 * trust would otherwise make every visitor look local).
 */
export function isFromThisMachine(request: FastifyRequest): boolean {
  if (!loopback.test(request.ip)) return false;
  if (request.headers.forwarded !== undefined || request.headers['x-real-ip'] !== undefined) return false;
  const forwardedFor = request.headers['x-forwarded-for'];
  if (forwardedFor === undefined) return true;
  return String(forwardedFor)
    .split(',')
    .every((address) => loopback.test(address.trim()));
}

/** Host names a browser on this machine reaches the demo by, besides the site's own (PUBLIC_URL's). */
const loopbackNames = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * Whether the request names this site: PUBLIC_URL's host name or a loopback name. A page of another
 * site whose name an attacker rebinds to 127.0.0.1 (DNS rebinding) runs on this machine but sends its
 * own name as Host, so it is refused (issue 31 item 8).
 */
export function isForThisSite(request: FastifyRequest, publicUrl: string): boolean {
  const host = request.hostname.toLowerCase();
  return host === new URL(publicUrl).hostname || loopbackNames.has(host);
}

const refusal = (reply: FastifyReply, why: string) =>
  reply
    .code(403)
    .type('text/html; charset=utf-8')
    .header('cache-control', 'no-store')
    .send(page('Not here', `<h1>Demo mailbox</h1><p>${why}</p>`));

/**
 * The development mailbox (demo mode only): every email the product wrote, as the recipient would see
 * it, so account flows can be tried without a mail server. Never registered in real operation, and
 * even in demo mode it answers only on the machine itself: its emails hold every account's tokens.
 */
export const mailboxRoutes: FastifyPluginAsync = async (app) => {
  const { db } = app.database;

  app.addHook('onRequest', async (request, reply) => {
    if (!isFromThisMachine(request)) {
      return refusal(reply, 'The demo mailbox opens only on the machine that runs the demo.');
    }
    if (!isForThisSite(request, app.config.PUBLIC_URL)) {
      return refusal(reply, 'The demo mailbox answers only at the address of the demo, or at localhost.');
    }
  });

  app.get('/dev/mailbox', async (_request, reply) => {
    const emails = await db
      .select({
        id: schema.emails.id,
        to: schema.emails.to,
        subject: schema.emails.subject,
        createdAt: schema.emails.createdAt,
      })
      .from(schema.emails)
      .orderBy(desc(schema.emails.createdAt))
      .limit(200);
    const rows = emails
      .map(
        (email) =>
          `<tr><td><a href="/dev/mailbox/${email.id}">${escapeHtml(email.subject)}</a></td>` +
          `<td>${escapeHtml(email.to)}</td><td class="meta">${email.createdAt.toISOString()}</td></tr>`,
      )
      .join('');
    const body =
      emails.length === 0
        ? '<h1>Demo mailbox</h1><p>No emails yet. Register, reset a password or lock an account to see one here.</p>'
        : `<h1>Demo mailbox</h1><table><thead><tr><th>Subject</th><th>To</th><th>Written</th></tr></thead><tbody>${rows}</tbody></table>`;
    return reply
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .send(page('Inbox', body));
  });

  app.get<{ Params: { id: string } }>('/dev/mailbox/:id', async (request, reply) => {
    const id = request.params.id;
    const [email] = /^[0-9a-f-]{36}$/.test(id)
      ? await db.select().from(schema.emails).where(eq(schema.emails.id, id))
      : [];
    if (!email)
      return reply
        .code(404)
        .type('text/html; charset=utf-8')
        .send(page('Not found', '<p>No such email.</p>'));
    const body =
      `<p><a href="/dev/mailbox">← All emails</a></p><h1>${escapeHtml(email.subject)}</h1>` +
      `<p class="meta">To ${escapeHtml(email.to)} · ${email.createdAt.toISOString()}</p>` +
      // The email's own HTML in a sandbox: its links open in the top window, its scripts never run.
      `<iframe title="Email" sandbox="allow-top-navigation-by-user-activation allow-popups" srcdoc="${escapeHtml(
        email.html.replace('<head>', '<head><base target="_top">'),
      )}"></iframe>`;
    return reply
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .send(page(email.subject, body));
  });
};
