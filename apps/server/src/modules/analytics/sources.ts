import { createHash, timingSafeEqual } from 'node:crypto';
import type { Config } from '../../platform/config.ts';

/** Who sent an event: the browser's source, a back-end client, or the platform's own domain events. */
export type AnalyticsSource = 'web' | 'server' | 'platform';

// Digests have one length, so the comparison is constant-time whatever the length of what was sent.
const digest = (value: string) => createHash('sha256').update(value).digest();

/**
 * The source a write key belongs to, or null. The write key is the body's `writeKey` or the user name
 * of a Basic Authorization header, as Segment's libraries send it.
 */
export function sourceResolver(config: Pick<Config, 'ANALYTICS_WRITE_KEY' | 'ANALYTICS_SERVER_WRITE_KEY'>) {
  const web = digest(config.ANALYTICS_WRITE_KEY);
  const server = config.ANALYTICS_SERVER_WRITE_KEY ? digest(config.ANALYTICS_SERVER_WRITE_KEY) : null;
  return (writeKey: string | undefined): Exclude<AnalyticsSource, 'platform'> | null => {
    if (!writeKey) return null;
    const given = digest(writeKey);
    if (server && timingSafeEqual(given, server)) return 'server';
    if (timingSafeEqual(given, web)) return 'web';
    return null;
  };
}

/** The write key of a Basic Authorization header (`base64(writeKey:)`), if it carries one. */
export function writeKeyOfAuthorization(header: string | undefined): string | undefined {
  const match = /^Basic ([A-Za-z0-9+/=]+)$/.exec(header ?? '');
  if (!match?.[1]) return undefined;
  const decoded = Buffer.from(match[1], 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  return (colon === -1 ? decoded : decoded.slice(0, colon)) || undefined;
}
