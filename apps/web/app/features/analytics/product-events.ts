import { analyticsBuffer, type PreloadBuffer } from './preload-buffer';

/**
 * The product's own events and the tracking keys each is sent under (spec §7 product events): the
 * header's sign-up click is `header_<page>_reg` and `click_on_sign_up`; a live-chat form sent (other
 * than a post-chat form) is `start_support_chat` with the form's type.
 */
const trackingKeys = new Map<string, (data: Record<string, unknown>) => string[]>([
  ['header_sign_up_click', (data) => [`header_${String(data.page)}_reg`, 'click_on_sign_up']],
  ['support_chat_form', (data) => (data.form_type === 'post_chat' ? [] : ['start_support_chat'])],
]);

/** A page's name in event names: its path's first part without the language (`/el/games/all` → games). */
export function pageName(pathname: string): string {
  const parts = pathname
    .replace(/^\/el(?=\/|$)/, '')
    .split('/')
    .filter(Boolean);
  return (parts[0] ?? 'home').replace(/[^a-z0-9]+/gi, '_').toLowerCase();
}

/**
 * Tracks one event (spec §8): an event without a name or without data is skipped, with an error in
 * the console, rather than sent half-made.
 */
export function track(
  event: string | undefined,
  data: Record<string, unknown> | undefined,
  buffer: PreloadBuffer = analyticsBuffer,
) {
  if (!event || !data) {
    console.error('Analytics event skipped: it has no event or no data', { event, data });
    return;
  }
  buffer.push({ type: 'track', event, properties: data });
}

/**
 * Tracks a product event under its tracking keys; an event type without one is an error in the
 * console (spec §8), and nothing is sent for it.
 */
export function trackProductEvent(
  type: string,
  data: Record<string, unknown>,
  buffer: PreloadBuffer = analyticsBuffer,
) {
  const keys = trackingKeys.get(type);
  if (!keys) {
    console.error(`Analytics: no tracking key for the event type ${type}`);
    return;
  }
  for (const key of keys(data)) track(key, data, buffer);
}
