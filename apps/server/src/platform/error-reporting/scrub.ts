import type { Breadcrumb, Event, NodeOptions } from '@sentry/node';

/** A span as the SDK streams it (traceLifecycle 'stream', v11's default). */
type StreamedSpanJSON = Parameters<NonNullable<NodeOptions['beforeSendSpan']>>[0];

/**
 * What leaves the server for Sentry, scrubbed of players' personal data and of credentials: the SDK is
 * told to collect none of it (sentry.ts, `dataCollection`), and every event and span is scrubbed
 * again here before it is sent, as a second line that holds whatever an integration adds.
 */

/** The request headers an event keeps: none that carries a credential, a cookie or a signature. */
const keptHeaders = new Set([
  'accept',
  'accept-language',
  'content-length',
  'content-type',
  'host',
  'user-agent',
  'x-request-id',
]);

/** Keys whose values are credentials or a player's personal data wherever they appear. */
const personalKey =
  /pass(word)?|secret|token|auth|cookie|session|signature|e-?mail|first_?name|last_?name|full_?name|phone|address|birth|iban|card|document/i;

const emailAddress = /[\w.%+-]+@[\w-]+(\.[\w-]+)+/g;
const bearer = /\b(bearer|basic)\s+[\w.~+/=-]+/gi;
/** The query of an address or a path (`/users/confirmation?token=…`): tokens and emails travel there. */
const query = /((?:\b[a-z][\w+.-]*:\/\/|\/)[^\s?#"'<>]*)\?[^\s#"'<>]*/gi;

export const filtered = '[Filtered]';

/** A text with email addresses, credentials and query strings taken out. */
export function scrubText(text: string): string {
  return text
    .replace(emailAddress, '[email]')
    .replace(bearer, `$1 ${filtered}`)
    .replace(query, `$1?${filtered}`);
}

/** Any value: strings scrubbed, personal keys filtered, at most a few levels deep. */
function scrubValue(value: unknown, depth = 0): unknown {
  if (typeof value === 'string') return scrubText(value);
  if (value === null || typeof value !== 'object') return value;
  if (depth > 5) return filtered;
  if (Array.isArray(value)) return value.map((item) => scrubValue(item, depth + 1));
  return Object.fromEntries(
    Object.entries(value).map(([key, item]) => [
      key,
      personalKey.test(key) ? filtered : scrubValue(item, depth + 1),
    ]),
  );
}

function scrubRecord<T extends Record<string, unknown>>(record: T | undefined): T | undefined {
  return record ? (scrubValue(record) as T) : undefined;
}

function scrubBreadcrumb(breadcrumb: Breadcrumb): Breadcrumb {
  return {
    ...breadcrumb,
    ...(breadcrumb.message === undefined ? {} : { message: scrubText(breadcrumb.message) }),
    ...(breadcrumb.data === undefined ? {} : { data: scrubRecord(breadcrumb.data) }),
  };
}

/**
 * An error event as it may leave: no user (an id, an email, an address), no cookies, no body, no
 * query string, only the harmless request headers; emails and credentials taken out of every message,
 * exception, breadcrumb and extra; no local variables in the stack frames.
 */
export function scrubEvent<E extends Event>(event: E): E {
  delete event.user;
  if (event.request) {
    const { method, url, headers } = event.request;
    event.request = {
      ...(method ? { method } : {}),
      ...(url ? { url: scrubText(url) } : {}),
      ...(headers
        ? {
            headers: Object.fromEntries(
              Object.entries(headers)
                .filter(([name]) => keptHeaders.has(name.toLowerCase()))
                .map(([name, value]) => [name, scrubText(String(value))]),
            ),
          }
        : {}),
    };
  }
  if (event.message !== undefined) event.message = scrubText(event.message);
  if (event.transaction !== undefined) event.transaction = scrubText(event.transaction);
  if (event.logentry?.message !== undefined) event.logentry.message = scrubText(event.logentry.message);
  for (const exception of event.exception?.values ?? []) {
    if (exception.value !== undefined) exception.value = scrubText(exception.value);
    for (const frame of exception.stacktrace?.frames ?? []) {
      delete frame.vars;
      // Lines of our own source around the frame: no player's data, but a URL or a literal may hold a query.
      if (frame.pre_context) frame.pre_context = frame.pre_context.map(scrubText);
      if (frame.context_line !== undefined) frame.context_line = scrubText(frame.context_line);
      if (frame.post_context) frame.post_context = frame.post_context.map(scrubText);
    }
  }
  if (event.breadcrumbs) event.breadcrumbs = event.breadcrumbs.map(scrubBreadcrumb);
  if (event.extra) event.extra = scrubRecord(event.extra);
  if (event.contexts) event.contexts = scrubRecord(event.contexts);
  return event;
}

/** Span attributes that name the client or the player, dropped from every span. */
const personalAttribute = /^(client|user|enduser)\.|cookie|authorization|^(url|http)\.query$|query_string/i;

/**
 * A span as it may leave: attributes naming the client or the player dropped, addresses without their
 * query (Fastify's span names its `url.path` with it), emails out of statements and names.
 */
export function scrubSpan(span: StreamedSpanJSON): StreamedSpanJSON {
  const attributes: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(span.attributes)) {
    if (personalAttribute.test(key)) continue;
    attributes[key] = typeof value === 'string' ? scrubText(value) : value;
  }
  return { ...span, name: scrubText(span.name), attributes: attributes as StreamedSpanJSON['attributes'] };
}
