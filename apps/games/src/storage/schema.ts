import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgSchema,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

/**
 * The in-house studio's own tables, in a PostgreSQL schema of its own (`studio`) with migrations of
 * its own (apps/games/migrations). They may share a database with the casino for convenience only:
 * the studio reads and writes nothing else, and knows a player only by the wallet protocol's user id,
 * so no foreign key points into the casino's tables.
 */
export const studio = pgSchema('studio');

/** Provably fair seed pairs: one active per player (and per demo session); rotated ones are revealed. */
export const studioSeeds = studio.table(
  'seeds',
  {
    id: serial('id').primaryKey(),
    /** The wallet user id for real play, or `demo:<session id>`. */
    owner: text('owner').notNull(),
    serverSeed: text('server_seed').notNull(),
    serverSeedHash: text('server_seed_hash').notNull(),
    clientSeed: text('client_seed').notNull(),
    /** The nonce the next round uses. */
    nonce: integer('nonce').notNull().default(0),
    active: boolean('active').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    revealedAt: timestamp('revealed_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('seeds_one_active').on(table.owner).where(sql`${table.active}`),
    index('seeds_owner_idx').on(table.owner, table.id),
  ],
);

/** A launch of one title: real play carries the casino's game session token, demo a virtual balance. */
export const studioSessions = studio.table(
  'sessions',
  {
    /** Random, in the game's URL; only its hash is stored. */
    idHash: text('id_hash').primaryKey(),
    mode: text('mode', { enum: ['real', 'demo'] }).notNull(),
    titleId: text('title_id').notNull(),
    language: text('language').notNull(),
    user: text('user_id'),
    walletToken: text('wallet_token'),
    currency: text('currency').notNull(),
    demoBalance: bigint('demo_balance', { mode: 'number' }),
    /** The free-spin grant the launch brought (freespin_grants): played before any paid round. */
    freeGrant: text('free_grant'),
    /** Whether the game may offer autoplay, as the launch said the operator's licence allows. */
    autoplay: boolean('autoplay').notNull().default(true),
    /** Milliseconds at least between the starts of two rounds of the player in the game (0: none). */
    minCycleMs: integer('min_cycle_ms').notNull().default(0),
    /** Whether a slot may shorten its rounds on screen: quick spins, a second press stopping the reels. */
    quickPlay: boolean('quick_play').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('sessions_expiry_idx').on(table.expiresAt)],
);

/**
 * When a player last started a round of a game (issue 35, the licence's minimum game cycle): one row
 * per player and title, moved on by a conditional upsert, so two requests at once cannot both start
 * a round inside the cycle, whichever session or instance they reach.
 */
export const studioRoundStarts = studio.table(
  'round_starts',
  {
    owner: text('owner').notNull(),
    titleId: text('title_id').notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.owner, table.titleId] })],
);

/**
 * Free spins the operator granted a player on one slot title at one stake (issue 16), brought by a
 * launch. They are counted here, so a reload or a second launch with the same grant id continues at
 * the spin it reached: a spin is taken from `spinsLeft` when its round opens and given back if the
 * wallet refuses or never books its stake. What the spins won is the sum of their rounds' payouts.
 */
export const studioFreespinGrants = studio.table(
  'freespin_grants',
  {
    /** The operator's id of the free spins (a uuid). */
    grantId: text('grant_id').primaryKey(),
    /** The wallet user id the spins belong to. */
    owner: text('owner').notNull(),
    titleId: text('title_id').notNull(),
    currency: text('currency').notNull(),
    /** Minor units per spin, fixed by the operator. */
    stake: bigint('stake', { mode: 'number' }).notNull(),
    /** Spins the grant had when it first reached the studio: "spin 4 of `spinsTotal`". */
    spinsTotal: integer('spins_total').notNull(),
    spinsLeft: integer('spins_left').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  () => [check('freespin_grants_spins', sql`spins_left >= 0 and spins_left <= spins_total`)],
);

export const studioRoundStatuses = ['open', 'closed', 'refused', 'rolled_back'] as const;
/**
 * Where a round stands with the wallet: `betting` until a stake is acknowledged, `playing` while a
 * blackjack hand waits for the player, `settling` until the win is acknowledged, `done` after.
 */
export const studioRoundPhases = ['betting', 'playing', 'settling', 'done'] as const;

export const studioRounds = studio.table(
  'rounds',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    sessionHash: text('session_hash').notNull(),
    mode: text('mode', { enum: ['real', 'demo'] }).notNull(),
    /** Wallet user id for real play; `demo:<session>` for demo. */
    owner: text('owner').notNull(),
    titleId: text('title_id').notNull(),
    currency: text('currency').notNull(),
    seedId: integer('seed_id').notNull(),
    clientSeed: text('client_seed').notNull(),
    nonce: integer('nonce').notNull(),
    bet: jsonb('bet').notNull(),
    /** Everything staked so far (doubles and splits add to it), in minor units. */
    stake: bigint('stake', { mode: 'number' }).notNull(),
    /** Stakes sent to the wallet: the first, then one per double or split. */
    stakesSent: integer('stakes_sent').notNull().default(0),
    stakesBooked: integer('stakes_booked').notNull().default(0),
    payout: bigint('payout', { mode: 'number' }),
    state: jsonb('state'),
    view: jsonb('view'),
    /** The player's actions in order (blackjack), so the round can be recomputed. */
    actions: jsonb('actions').notNull().default([]),
    /** A free-spin grant paying the stake (is_free towards the wallet); null for paid rounds. */
    freeGrant: text('free_grant'),
    status: text('status', { enum: studioRoundStatuses }).notNull().default('open'),
    phase: text('phase', { enum: studioRoundPhases }).notNull().default('betting'),
    /** Why the wallet refused the stake, for the player. */
    refusal: text('refusal'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    closedAt: timestamp('closed_at', { withTimezone: true }),
  },
  (table) => [
    index('rounds_owner_idx').on(table.owner, table.createdAt),
    index('rounds_open_idx').on(table.updatedAt).where(sql`${table.status} = 'open'`),
    // A grant's winnings are the sum of its rounds.
    index('rounds_free_grant_idx').on(table.freeGrant).where(sql`${table.freeGrant} is not null`),
  ],
);
