import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

/**
 * Currencies the casino offers. Seeded from reference data; operators may disable or reorder them,
 * so the seed never overwrites an existing row.
 */
export const currencies = pgTable('currencies', {
  code: text('code').primaryKey(),
  symbol: text('symbol').notNull(),
  subunitsToUnit: integer('subunits_to_unit').notNull(),
  fiat: boolean('fiat').notNull(),
  isDefault: boolean('is_default').notNull().default(false),
  enabled: boolean('enabled').notNull().default(true),
  position: smallint('position').notNull(),
  /** Display units of a crypto currency, e.g. mBTC: [{ code, symbol, subunits_to_unit }]. */
  subcurrencies: jsonb('subcurrencies')
    .$type<{ code: string; symbol: string; subunits_to_unit: number }[]>()
    .notNull()
    .default([]),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** ISO 3166-1 countries with the currency a new player from there gets and the dialling prefix. */
export const countries = pgTable('countries', {
  code: text('code').primaryKey(),
  /** Country name per supported locale: { en, el }. */
  names: jsonb('names').$type<{ en: string; el: string }>().notNull(),
  defaultCurrency: text('default_currency')
    .notNull()
    .references(() => currencies.code),
  dialCode: text('dial_code').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Content collections loaded from the files under content/{en,el}/ at start-up. The files are the
 * source of truth: a start replaces what changed and removes items whose file is gone.
 */
export const contentItems = pgTable(
  'content_items',
  {
    collection: text('collection').notNull(),
    locale: text('locale').notNull(),
    stem: text('stem').notNull(),
    data: jsonb('data').$type<Record<string, unknown>>().notNull(),
    bodyHtml: text('body_html'),
    /** Fingerprint of the source file, so unchanged items are not rewritten on every start. */
    checksum: text('checksum').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.collection, table.locale, table.stem] })],
);

/** Messages sent through the support page's contact form, kept for the support team. */
export const contactMessages = pgTable('contact_messages', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull(),
  email: text('email').notNull(),
  subject: text('subject').notNull(),
  message: text('message').notNull(),
  locale: text('locale').notNull(),
  ip: text('ip').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A registered player (spec §3 Player). Email is unique regardless of letter case. */
export const players = pgTable(
  'players',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    /** Null for a player who only ever signed in through a social provider. */
    passwordHash: text('password_hash'),
    firstName: text('first_name'),
    lastName: text('last_name'),
    /** Personal details of /profile/general. */
    dateOfBirth: text('date_of_birth'),
    phone: text('phone'),
    city: text('city'),
    address: text('address'),
    postalCode: text('postal_code'),
    language: text('language').notNull().default('en'),
    currency: text('currency')
      .notNull()
      .references(() => currencies.code),
    country: text('country').references(() => countries.code),
    termsAcceptance: boolean('terms_acceptance').notNull(),
    ageAcceptance: boolean('age_acceptance').notNull(),
    receivePromos: boolean('receive_promos').notNull().default(false),
    receiveSmsPromos: boolean('receive_sms_promos').notNull().default(false),
    agreedToPartnerPromotions: boolean('agreed_to_partner_promotions').notNull().default(false),
    depositBonusCode: text('deposit_bonus_code'),
    /** Consecutive failed sign-ins; ten lock the account (Devise lockable). */
    failedAttempts: integer('failed_attempts').notNull().default(0),
    lockedAt: timestamp('locked_at', { withTimezone: true }),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    /**
     * Emailed one-time tokens (Devise confirmable, recoverable, lockable). Only SHA-256 hashes are
     * kept, so a database leak hands out no working link; each is cleared when used.
     */
    confirmationTokenHash: text('confirmation_token_hash'),
    confirmationSentAt: timestamp('confirmation_sent_at', { withTimezone: true }),
    resetPasswordTokenHash: text('reset_password_token_hash'),
    resetPasswordSentAt: timestamp('reset_password_sent_at', { withTimezone: true }),
    unlockTokenHash: text('unlock_token_hash'),
    /** Fields a social sign-in could not provide; the CompleteRegistration modal asks for them. */
    authFieldsMissed: text('auth_fields_missed').array().notNull().default(sql`'{}'::text[]`),
    /** Marketing tags (spec §9) the player arrived with, and the affiliate tag after processing. */
    referralParams: jsonb('referral_params').$type<Record<string, string>>().notNull().default({}),
    referralTag: text('referral_tag'),
    signInCount: integer('sign_in_count').notNull().default(0),
    currentSignInAt: timestamp('current_sign_in_at', { withTimezone: true }),
    lastSignInAt: timestamp('last_sign_in_at', { withTimezone: true }),
    /** Set by an operator: the player can neither sign in nor move money (RS_ERROR_USER_DISABLED). */
    disabledAt: timestamp('disabled_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('players_email_lower_unique').on(sql`lower(${table.email})`),
    uniqueIndex('players_confirmation_token_unique').on(table.confirmationTokenHash),
    uniqueIndex('players_reset_password_token_unique').on(table.resetPasswordTokenHash),
    uniqueIndex('players_unlock_token_unique').on(table.unlockTokenHash),
  ],
);

/** A player's link to a social sign-in account: the provider's stable subject identifier. */
export const authIdentities = pgTable(
  'auth_identities',
  {
    provider: text('provider').notNull(),
    subject: text('subject').notNull(),
    playerId: uuid('player_id')
      .notNull()
      .references(() => players.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.provider, table.subject] }),
    index('auth_identities_player_idx').on(table.playerId),
  ],
);

/**
 * Every email the product sends. With SMTP configured a row is marked sent once the server took it;
 * without, the table is the outbox the development mailbox page reads.
 */
export const emails = pgTable(
  'emails',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    to: text('to').notNull(),
    template: text('template').notNull(),
    language: text('language').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    error: text('error'),
  },
  (table) => [index('emails_created_idx').on(table.createdAt)],
);

/** Player groups (spec §3 statuses): they drive content visibility, bonuses and limits. */
export const playerGroups = pgTable(
  'player_groups',
  {
    playerId: uuid('player_id')
      .notNull()
      .references(() => players.id, { onDelete: 'cascade' }),
    group: text('group').notNull(),
    addedAt: timestamp('added_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.playerId, table.group] })],
);

/**
 * Signed-in sessions. The cookie holds a random token; only its SHA-256 is stored, so a database leak
 * does not hand out sessions. A session ends when revoked or expired.
 */
export const sessions = pgTable(
  'sessions',
  {
    tokenHash: text('token_hash').primaryKey(),
    playerId: uuid('player_id')
      .notNull()
      .references(() => players.id, { onDelete: 'cascade' }),
    ip: text('ip').notNull(),
    userAgent: text('user_agent'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (table) => [index('sessions_player_idx').on(table.playerId)],
);

/** Owners of system accounts: the casino's side of every movement. Their balance is the sum of their entries. */
export const systemAccountKinds = ['house', 'psp_clearing', 'bonus_pool', 'jackpot'] as const;
/** A player's money per currency: withdrawable real money, bonus money, and withdrawals awaiting payout. */
export const playerAccountKinds = ['real', 'bonus', 'withdrawal_hold'] as const;

/**
 * Double-entry ledger accounts, one per owner, kind and currency. A player account keeps a running
 * balance that can never go below zero (the check is the last line of defence; updates are
 * conditional). System accounts keep none: every bet touches the house, and one hot row would
 * serialise all play — their balance is the sum of their entries instead.
 * Stored with fillfactor 70 (migration 0015): every booking rewrites a player's balance row, and the
 * free space lets PostgreSQL do it in place on the page (a HOT update) without touching the indexes.
 */
export const ledgerAccounts = pgTable(
  'ledger_accounts',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    playerId: uuid('player_id').references(() => players.id),
    currency: text('currency')
      .notNull()
      .references(() => currencies.code),
    kind: text('kind').notNull(),
    balance: bigint('balance', { mode: 'number' }).notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('ledger_accounts_owner_unique').on(
      table.kind,
      table.currency,
      sql`coalesce(${table.playerId}, '00000000-0000-0000-0000-000000000000'::uuid)`,
    ),
    // A player's balances in one currency are read after every booking.
    index('ledger_accounts_player_idx').on(table.playerId, table.currency),
    check(
      'ledger_accounts_player_balance_not_negative',
      sql`${table.playerId} is null or ${table.balance} >= 0`,
    ),
    check(
      'ledger_accounts_kind_matches_owner',
      sql`(${table.playerId} is null and ${table.kind} in ('house', 'psp_clearing', 'bonus_pool', 'jackpot')) or (${table.playerId} is not null and ${table.kind} in ('real', 'bonus', 'withdrawal_hold'))`,
    ),
  ],
);

/** The currencies a player holds (spec §3 Account); exactly one is active once any exists. */
export const playerCurrencies = pgTable(
  'player_currencies',
  {
    playerId: uuid('player_id')
      .notNull()
      .references(() => players.id, { onDelete: 'cascade' }),
    currency: text('currency')
      .notNull()
      .references(() => currencies.code),
    active: boolean('active').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.playerId, table.currency] }),
    uniqueIndex('player_currencies_one_active').on(table.playerId).where(sql`${table.active}`),
  ],
);

/**
 * One booked money movement. The idempotency key is unique: a replay finds the original row and
 * returns its stored result; the same key with another fingerprint (a different request) is refused.
 */
export const ledgerTransactions = pgTable(
  'ledger_transactions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    idempotencyKey: text('idempotency_key').notNull(),
    /** SHA-256 of the request's meaningful fields. */
    fingerprint: text('fingerprint').notNull(),
    kind: text('kind').notNull(),
    playerId: uuid('player_id').references(() => players.id),
    currency: text('currency')
      .notNull()
      .references(() => currencies.code),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    /** The idempotency key of the transaction this one answers: the bet of a win or rollback. */
    reference: text('reference'),
    round: text('round'),
    gameCode: text('game_code'),
    /** What the caller was told: replayed verbatim. */
    result: jsonb('result').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('ledger_transactions_key_unique').on(table.idempotencyKey),
    index('ledger_transactions_player_idx').on(table.playerId, table.id),
    // A bet is reversed at most once, whatever the rollback's own id. Also how a win finds that its
    // bet was rolled back.
    uniqueIndex('ledger_transactions_one_rollback')
      .on(table.reference)
      .where(sql`${table.kind} = 'rollback'`),
    // How a rollback finds that a win already answers its bet (then it is refused, migration 0016).
    // Wins only: no other lookup goes by reference.
    index('ledger_transactions_win_reference_idx').on(table.reference).where(sql`${table.kind} = 'win'`),
  ],
);

/** The legs of a transaction: their amounts sum to zero, per transaction and so over the whole ledger. */
export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    transactionId: bigint('transaction_id', { mode: 'number' })
      .notNull()
      .references(() => ledgerTransactions.id),
    accountId: bigint('account_id', { mode: 'number' })
      .notNull()
      .references(() => ledgerAccounts.id),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    /** The player account's balance after this entry; null on system accounts. */
    balanceAfter: bigint('balance_after', { mode: 'number' }),
  },
  (table) => [
    index('ledger_entries_account_idx').on(table.accountId, table.id),
    index('ledger_entries_transaction_idx').on(table.transactionId),
  ],
);

/** A game launched for real money: its token authorises wallet calls for one player and currency. */
export const gameSessions = pgTable(
  'game_sessions',
  {
    tokenHash: text('token_hash').primaryKey(),
    playerId: uuid('player_id')
      .notNull()
      .references(() => players.id, { onDelete: 'cascade' }),
    currency: text('currency')
      .notNull()
      .references(() => currencies.code),
    studio: text('studio').notNull(),
    gameCode: text('game_code').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('game_sessions_player_idx').on(table.playerId)],
);

/**
 * A deposit or withdrawal through a payment provider. Deposits: pending → succeeded | failed (only a
 * verified webhook decides). Withdrawals: pending (awaiting approval) → approved → paid | failed,
 * or cancelled by the player / rejected by an operator while pending.
 */
export const payments = pgTable(
  'payments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    playerId: uuid('player_id')
      .notNull()
      .references(() => players.id),
    kind: text('kind').notNull(),
    provider: text('provider').notNull(),
    method: text('method').notNull(),
    currency: text('currency')
      .notNull()
      .references(() => currencies.code),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    status: text('status').notNull(),
    /** The provider's id for this payment, once it has one. */
    providerReference: text('provider_reference'),
    /** Deposit bonus code the player entered, for the bonuses capability to honour. */
    bonusCode: text('bonus_code'),
    /** Why a payment failed or was rejected, in words a player can read. */
    failureReason: text('failure_reason'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('payments_player_idx').on(table.playerId, table.createdAt),
    index('payments_status_idx').on(table.kind, table.status),
    uniqueIndex('payments_provider_reference_unique').on(table.provider, table.providerReference),
    check('payments_amount_positive', sql`${table.amount} > 0`),
  ],
);

/** Every webhook a provider delivered, verified or not: the audit trail of what the PSP told us. */
export const paymentWebhooks = pgTable('payment_webhooks', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  provider: text('provider').notNull(),
  eventId: text('event_id'),
  verified: boolean('verified').notNull(),
  body: text('body').notNull(),
  outcome: text('outcome').notNull(),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The built-in sandbox PSP's own books (it stands in for an external provider): each hosted payment
 * or payout and the webhook it owes the casino, kept until delivered so a restart loses none.
 */
export const sandboxPspOperations = pgTable('sandbox_psp_operations', {
  id: text('id').primaryKey(),
  kind: text('kind').notNull(),
  merchantReference: text('merchant_reference').notNull(),
  amount: bigint('amount', { mode: 'number' }).notNull(),
  currency: text('currency').notNull(),
  status: text('status').notNull(),
  returnUrl: text('return_url'),
  webhookUrl: text('webhook_url').notNull(),
  /** The event to deliver, once the outcome is known. */
  pendingEvent: text('pending_event'),
  failureReason: text('failure_reason'),
  deliveryAttempts: integer('delivery_attempts').notNull().default(0),
  nextDeliveryAt: timestamp('next_delivery_at', { withTimezone: true }),
  deliveredAt: timestamp('delivered_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Game providers (studio brands) whose titles the lobby lists; `slug` matches content/{en,el}/providers. */
export const gameProviders = pgTable('game_providers', {
  slug: text('slug').primaryKey(),
  name: text('name').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The game catalogue, imported from the studios' title feeds (upsert by identifier). The feed owns the
 * descriptive columns; availability (restrictions, devices, demo) and popularity belong to the casino
 * and are left alone by later imports. The lobby filters an in-memory copy (apps/server games module,
 * docs/decisions/0008), so the table carries no filter indexes.
 */
export const games = pgTable(
  'games',
  {
    id: serial('id').primaryKey(),
    /** `<provider>:<game code>`, e.g. `chrysos-originals:golden-drachma`. */
    identifier: text('identifier').notNull(),
    /** The lobby's urlId (`/game/{seo_title}`). */
    seoTitle: text('seo_title').notNull(),
    provider: text('provider')
      .notNull()
      .references(() => gameProviders.slug),
    /** Wallet studio id (a key of WALLET_STUDIOS) and its code for the game in wallet calls and launch URLs. */
    studio: text('studio').notNull(),
    gameCode: text('game_code').notNull(),
    titleEn: text('title_en').notNull(),
    titleEl: text('title_el').notNull(),
    descriptionEn: text('description_en').notNull().default(''),
    descriptionEl: text('description_el').notNull().default(''),
    categories: text('categories').array().notNull().default(sql`'{}'::text[]`),
    /** Image path under apps/web/public, served resized through /_ipx. */
    thumbnail: text('thumbnail').notNull(),
    volatility: text('volatility', { enum: ['low', 'medium', 'high'] }).notNull(),
    rtp: numeric('rtp', { precision: 5, scale: 2, mode: 'number' }).notNull(),
    lines: integer('lines'),
    features: text('features').array().notNull().default(sql`'{}'::text[]`),
    hasDemo: boolean('has_demo').notNull().default(true),
    devices: text('devices').array().notNull().default(sql`'{desktop,mobile}'::text[]`),
    /** Deny lists: a game is hidden from, and cannot be launched by, players in these countries or currencies. */
    restrictedCountries: text('restricted_countries').array().notNull().default(sql`'{}'::text[]`),
    restrictedCurrencies: text('restricted_currencies').array().notNull().default(sql`'{}'::text[]`),
    releasedAt: timestamp('released_at', { withTimezone: true }).notNull(),
    /** Higher is more popular: seeded from the feed order, meant to become rounds played in 30 days. */
    popularity: integer('popularity').notNull().default(0),
    /** In-house titles: the engine and maths variant, bet limits in whole currency units. */
    engine: text('engine'),
    variant: text('variant'),
    minBet: numeric('min_bet', { precision: 14, scale: 4, mode: 'number' }),
    maxBet: numeric('max_bet', { precision: 14, scale: 4, mode: 'number' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('games_identifier_unique').on(table.identifier),
    uniqueIndex('games_seo_title_unique').on(table.seoTitle),
    index('games_provider_idx').on(table.provider),
    check('games_rtp_range', sql`${table.rtp} > 0 and ${table.rtp} <= 100`),
    check('games_volatility', sql`${table.volatility} in ('low', 'medium', 'high')`),
  ],
);

/**
 * One row counting changes to games and game_providers, bumped by statement triggers (migration 0010)
 * whoever writes — importer, operator or SQL console — so every server process sees that its in-memory
 * copy of the catalogue is stale with one cheap read.
 */
export const gamesCatalogueVersion = pgTable(
  'games_catalogue_version',
  {
    singleton: boolean('singleton').primaryKey().default(true),
    version: bigint('version', { mode: 'number' }).notNull().default(0),
  },
  (table) => [check('games_catalogue_version_singleton', sql`${table.singleton}`)],
);

/** A player's favourite games (spec §7 Favorites). */
export const favoriteGames = pgTable(
  'favorite_games',
  {
    playerId: uuid('player_id')
      .notNull()
      .references(() => players.id, { onDelete: 'cascade' }),
    gameId: integer('game_id')
      .notNull()
      .references(() => games.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.playerId, table.gameId] })],
);

/** Games a player launched for real money, newest first on the lobby's "recently played" row. */
export const recentGames = pgTable(
  'recent_games',
  {
    playerId: uuid('player_id')
      .notNull()
      .references(() => players.id, { onDelete: 'cascade' }),
    gameId: integer('game_id')
      .notNull()
      .references(() => games.id, { onDelete: 'cascade' }),
    lastPlayedAt: timestamp('last_played_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.playerId, table.gameId] }),
    index('recent_games_player_idx').on(table.playerId, table.lastPlayedAt.desc()),
  ],
);
