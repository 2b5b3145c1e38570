import { z } from 'zod';
import { endpoint } from './endpoint.ts';
import { errorBody } from './errors.ts';

/*
 * The studio's games API (/games-api/*): what the in-house game client calls inside its iframe, with the
 * session id from the launch in the `x-studio-session` header. Amounts are minor units of the session's
 * currency. Refusals are the API's error body with `studio.*` codes; a 409 `studio.refused` carries the
 * wallet's or the round's reason (also as its message) and the balance the wallet reported, if any.
 */

/** A refusal: the API's error body, with the balance a wallet refusal reported. */
const studioError = errorBody.extend({ balance: z.number().int().optional() }).meta({ id: 'StudioError' });

const roundStatus = z.enum(['open', 'closed', 'refused', 'rolled_back']);

export const studioFairness = z
  .object({ server_seed_hash: z.string(), client_seed: z.string(), nonce: z.number().int() })
  .meta({ id: 'StudioFairness' });
export type StudioFairness = z.infer<typeof studioFairness>;

export const studioHistoryRound = z
  .object({
    id: z.string(),
    status: roundStatus,
    stake: z.number().int(),
    payout: z.number().int().nullable(),
    nonce: z.number().int(),
    seedId: z.number().int(),
    clientSeed: z.string(),
    createdAt: z.string(),
  })
  .meta({ id: 'StudioHistoryRound' });
export type StudioHistoryRound = z.infer<typeof studioHistoryRound>;

export const studioTitle = z
  .object({
    id: z.string(),
    engine: z.enum(['video-slot', 'classic-slot', 'roulette', 'blackjack', 'dice']),
    variant: z.string(),
    name: z.object({ en: z.string(), el: z.string() }),
    rtp: z.number(),
    volatility: z.enum(['low', 'medium', 'high']),
    lines: z.number().int().nullable(),
    /** Minor units. */
    min_bet: z.number().int(),
    max_bet: z.number().int(),
    theme: z.object({ background: z.string(), accent: z.string(), symbol: z.string() }),
  })
  .meta({ id: 'StudioTitle' });
export type StudioTitleInfo = z.infer<typeof studioTitle>;

/**
 * A session's free spins (a launch's grant): spins left and in all ("free spin 3 of 20" is spin
 * total − left + 1), what they won so far, paid as bonus money, and the stake each is played at (the
 * player cannot change it); amounts in minor units.
 */
export const studioFreespins = z
  .object({
    left: z.number().int(),
    total: z.number().int(),
    won: z.number().int(),
    stake: z.number().int(),
  })
  .meta({ id: 'StudioFreespins' });
export type StudioFreespins = z.infer<typeof studioFreespins>;

/**
 * How the operator's licence lets the session be played (issue 35): whether the game offers autoplay,
 * the milliseconds at least between the starts of two rounds (0: none), which the play button waits, and
 * whether a slot offers quick spins and stops its reels on a second press (UK: neither, RTS 14).
 */
export const studioGameplay = z
  .object({ autoplay: z.boolean(), min_cycle_ms: z.number().int(), quick_play: z.boolean() })
  .meta({ id: 'StudioGameplay' });
export type StudioGameplay = z.infer<typeof studioGameplay>;

export const studioSession = z
  .object({
    mode: z.enum(['real', 'demo']),
    language: z.string(),
    currency: z.string(),
    subunits: z.number().int(),
    /** Minor units; null when the wallet could not be read. */
    balance: z.number().int().nullable(),
    title: studioTitle,
    fairness: studioFairness,
    history: z.array(studioHistoryRound),
    /** Null unless the launch brought free spins. */
    freespins: studioFreespins.nullable(),
    gameplay: studioGameplay,
  })
  .meta({ id: 'StudioSession' });
export type StudioSessionAnswer = z.infer<typeof studioSession>;

export const studioRound = z
  .object({
    id: z.string(),
    status: roundStatus,
    finished: z.boolean(),
    stake: z.number().int(),
    payout: z.number().int().nullable(),
    /** What the game shows: reels, the wheel, the cards; each engine its own. */
    view: z.unknown(),
    balance: z.number().int().nullable(),
    /** The win is decided but the wallet has not acknowledged it yet: it is being paid. */
    settling: z.boolean(),
    fairness: z.object({ serverSeedHash: z.string(), clientSeed: z.string(), nonce: z.number().int() }),
    /** After a free spin: where the session's free spins stand. */
    freespins: studioFreespins.optional(),
  })
  .meta({ id: 'StudioRound' });
export type StudioRoundAnswer = z.infer<typeof studioRound>;

export const studioRoundRecord = z
  .object({
    id: z.string(),
    game: z.string(),
    status: roundStatus,
    stake: z.number().int(),
    payout: z.number().int().nullable(),
    bet: z.unknown(),
    actions: z.array(z.unknown()),
    view: z.unknown(),
    client_seed: z.string(),
    nonce: z.number().int(),
    /** Null until the seed pair the round was played with is rotated. */
    server_seed: z.string().nullable(),
    created_at: z.string(),
  })
  .meta({ id: 'StudioRoundRecord' });
export type StudioRoundRecord = z.infer<typeof studioRoundRecord>;

export const revealedSeed = z
  .object({
    id: z.number().int(),
    server_seed: z.string(),
    server_seed_hash: z.string(),
    client_seed: z.string(),
    /** Rounds played with the pair. */
    rounds: z.number().int(),
    revealed_at: z.string().optional(),
  })
  .meta({ id: 'RevealedSeed' });
export type RevealedSeed = z.infer<typeof revealedSeed>;

export const studioVerifyBody = z
  .object({
    game: z.string(),
    server_seed: z.string(),
    client_seed: z.string(),
    nonce: z.number().int(),
    bet: z.unknown(),
    actions: z.array(z.unknown()),
  })
  .meta({ id: 'StudioVerify' });
export type StudioVerifyBody = z.infer<typeof studioVerifyBody>;

export const studioVerifyAnswer = z
  .object({
    server_seed_hash: z.string(),
    finished: z.boolean(),
    payout: z.number().int().nullable(),
    view: z.unknown(),
  })
  .meta({ id: 'StudioVerifyAnswer' });
export type StudioVerifyAnswer = z.infer<typeof studioVerifyAnswer>;

export const studioRotateAnswer = z
  .object({ revealed: revealedSeed.nullable(), fairness: studioFairness })
  .meta({ id: 'StudioRotateAnswer' });
export type StudioRotateAnswer = z.infer<typeof studioRotateAnswer>;

const roundId = z.object({ id: z.string() });
const studio = { base: '/games-api', tags: ['studio'] } as const;

/**
 * The studio's games API. The studio checks each body itself (a bet's shape is its engine's), so the
 * request schemas describe what the game client sends; the answers are typed for it.
 */
export const studioApi = {
  session: endpoint({
    ...studio,
    method: 'GET',
    path: '/session',
    summary: 'The session: mode, currency, balance, the title and its fairness, the latest rounds',
    responses: { 200: studioSession, 401: studioError, 404: studioError },
  }),
  play: endpoint({
    ...studio,
    method: 'POST',
    path: '/rounds',
    summary: 'Play a round with a bet (its shape is the game engine’s)',
    body: z.object({ bet: z.unknown() }),
    // 429 studio.too_soon: sooner than the licence's minimum game cycle after the last round began.
    responses: { 200: studioRound, 401: studioError, 409: studioError, 422: studioError, 429: studioError },
  }),
  act: endpoint({
    ...studio,
    method: 'POST',
    path: '/rounds/:id/actions',
    summary: 'An action in an open round (blackjack: hit, stand, double, split)',
    params: roundId,
    body: z.object({ action: z.unknown() }),
    responses: { 200: studioRound, 401: studioError, 404: studioError, 409: studioError, 422: studioError },
  }),
  history: endpoint({
    ...studio,
    method: 'GET',
    path: '/rounds',
    summary: "The session player's latest rounds of this title",
    responses: { 200: z.object({ rounds: z.array(studioHistoryRound) }), 401: studioError },
  }),
  round: endpoint({
    ...studio,
    method: 'GET',
    path: '/rounds/:id',
    summary: 'A past round of the session player, with its server seed once revealed',
    params: roundId,
    responses: { 200: studioRoundRecord, 401: studioError, 404: studioError },
  }),
  rotateSeed: endpoint({
    ...studio,
    method: 'PUT',
    path: '/seeds',
    summary: 'Reveal the server seed in use and start a new pair with the client seed given',
    body: z.object({ client_seed: z.string() }),
    responses: {
      200: studioRotateAnswer,
      401: studioError,
      409: studioError,
      422: studioError,
    },
  }),
  revealedSeeds: endpoint({
    ...studio,
    method: 'GET',
    path: '/seeds/revealed',
    summary: "The session player's revealed seed pairs",
    responses: { 200: z.object({ seeds: z.array(revealedSeed) }), 401: studioError },
  }),
  verify: endpoint({
    ...studio,
    method: 'POST',
    path: '/verify',
    summary: 'Recompute a round from its seeds, nonce, bet and actions (no session needed)',
    body: studioVerifyBody,
    responses: { 200: studioVerifyAnswer, 422: studioError },
  }),
};
