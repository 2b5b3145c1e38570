import { z } from 'zod';

/**
 * The operator's question about one round of its player (the casino's account history shows it with
 * a link to verify it): signed like the launch (launch.ts, `signLaunch`), so only the operator asks,
 * and answered only for a round of the user named. The server seed is in the answer only once the
 * seed pair was rotated, exactly as the studio shows it to the player.
 */
export const roundLookupPath = '/games-api/operator/rounds';

export const roundLookupRequest = z
  .object({
    /** The wallet protocol's user id: the player's id at the operator. */
    user: z.uuid(),
    /** The round id the studio's wallet calls carried. */
    round: z.uuid(),
  })
  .meta({ id: 'StudioRoundLookup' });
export type RoundLookupRequest = z.infer<typeof roundLookupRequest>;

export const roundLookupResponse = z
  .object({
    id: z.string(),
    /** The studio's title id (the verifier's game). */
    game: z.string(),
    status: z.enum(['open', 'closed', 'refused', 'rolled_back']),
    bet: z.unknown(),
    actions: z.array(z.unknown()),
    client_seed: z.string(),
    nonce: z.number().int(),
    server_seed_hash: z.string(),
    server_seed: z.string().nullable(),
  })
  .meta({ id: 'StudioRoundFacts' });
export type RoundLookupResponse = z.infer<typeof roundLookupResponse>;
