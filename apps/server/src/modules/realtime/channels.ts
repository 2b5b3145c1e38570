import { createHmac } from 'node:crypto';

// The channel map itself is the contract's (packages/contract realtime-channels.ts), shared with the pages.

/**
 * The player's channel suffix: opaque (an HMAC of their id under the token secret), so a channel name
 * seen in a browser tells nothing of the player id, and the same on every instance.
 */
export function channelUserOf(secret: string, playerId: string): string {
  return createHmac('sha256', secret).update(`realtime-user:${playerId}`).digest('base64url').slice(0, 22);
}
