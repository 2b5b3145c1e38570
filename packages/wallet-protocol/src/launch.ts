import { createHmac, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import { signatureHeader, studioHeader } from './signing.ts';

/**
 * The studio's launch call, made by the operator (the casino) the way an aggregator's launch works:
 * the operator hands over the player's wallet user id and game session token (or asks for a demo),
 * the studio opens a session of its own and answers the game's address. The operator signs it with
 * the secret it shares with the studio (the one the studio signs its wallet calls with); the
 * signature covers a timestamp, so a captured launch cannot be sent again later.
 */
export const launchPath = '/games-api/launch';
/** Seconds since the epoch when the operator signed the launch; part of what is signed. */
export const timestampHeader = 'x-chrysos-timestamp';
/** How far a launch's timestamp may be from the studio's clock, either way. */
export const launchToleranceMs = 5 * 60 * 1000;

const gameCode = z.string().regex(/^[a-z0-9][a-z0-9-]{0,99}$/);
const language = z.enum(['en', 'el']);
const currency = z.string().regex(/^[A-Z]{3,5}$/);
/**
 * How the operator's licence lets the session be played (issue 35): whether the game may offer
 * autoplay, the milliseconds at least between the starts of two rounds of the player in the game, and
 * whether a slot may shorten a round on screen (quick spins, slam stop; left out: it may). Left out
 * altogether, play is as it always was: autoplay offered, no minimum, quick play.
 */
const gameplay = z
  .object({
    autoplay: z.boolean(),
    min_cycle_ms: z.number().int().min(0).max(60_000),
    quick_play: z.boolean().optional(),
  })
  .optional();

export const launchRequest = z
  .discriminatedUnion('mode', [
    z.object({
      mode: z.literal('real'),
      game_code: gameCode,
      language,
      currency,
      /** The wallet protocol's user id: the player's id at the operator. */
      user: z.uuid(),
      /** The game session token the studio's wallet calls carry. */
      token: z.string().regex(/^[\w-]{16,200}$/),
      /**
       * Free spins to play first (slot titles only): the operator's id of them, the spins left and the
       * stake of each in minor units. Launching again with the same id continues them, never adds spins.
       */
      freespins: z
        .object({
          grant: z.uuid(),
          count: z.number().int().min(1).max(1000),
          stake: z.number().int().min(1).max(Number.MAX_SAFE_INTEGER),
        })
        .optional(),
      gameplay,
    }),
    z.object({ mode: z.literal('demo'), game_code: gameCode, language, currency, gameplay }),
  ])
  .meta({ id: 'StudioLaunch' });
export type LaunchRequest = z.infer<typeof launchRequest>;

/** A path on the operator's own site (the game page), never an address elsewhere. */
export const launchResponse = z
  .object({
    game_url: z
      .string()
      .regex(/^\/(?!\/)[^\s\\]*$/)
      .max(2000),
  })
  .meta({ id: 'StudioLaunchAnswer' });
export type LaunchResponse = z.infer<typeof launchResponse>;

const signed = (timestamp: string, body: string, secret: string) =>
  createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex');

/** The headers of a signed launch call for this exact body. */
export function signLaunch(studio: string, body: string, secret: string, at = Date.now()) {
  const timestamp = String(Math.floor(at / 1000));
  return {
    'content-type': 'application/json',
    [studioHeader]: studio,
    [timestampHeader]: timestamp,
    [signatureHeader]: signed(timestamp, body, secret),
  };
}

/**
 * Whether a launch call is signed for this studio with this secret, and signed within the tolerance
 * of `now`; compared in constant time.
 */
export function launchSignatureValid(
  headers: Record<string, string | string[] | undefined>,
  body: string,
  studio: string,
  secret: string,
  now = Date.now(),
): boolean {
  const timestamp = headers[timestampHeader];
  const signature = headers[signatureHeader];
  if (headers[studioHeader] !== studio || typeof timestamp !== 'string' || typeof signature !== 'string') {
    return false;
  }
  if (!/^\d{1,12}$/.test(timestamp) || Math.abs(now - Number(timestamp) * 1000) > launchToleranceMs) {
    return false;
  }
  const given = Buffer.from(signature, 'hex');
  const expected = Buffer.from(signed(timestamp, body, secret), 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
}
