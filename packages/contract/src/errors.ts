import { fallbackMessages, type MessageKey, messageFor, type RuleResult } from '@chrysos/rules';
import { z } from 'zod';

/** The field rules of @chrysos/rules, each an error code of its own: `validation.required`, `validation.min` … */
const validationCodes = (Object.keys(fallbackMessages) as MessageKey[]).map(
  (key) => `validation.${key}` as const,
);

/**
 * Every error code the API answers with, grouped by the capability that raises it (docs/decisions/0016).
 * A code is stable: clients translate by it, so a code is never renamed or reused for another meaning.
 * Parameters a code carries are listed beside it; amounts are in minor units of the currency named.
 */
export const errorCodes = {
  /** The platform's own: a fault of ours (any 5xx), and too many requests. */
  platform: [
    'internal',
    /** {minutes} */
    'rate_limited',
  ],
  /** Requests refused before any module reads them. */
  request: [
    'request.invalid_json',
    'request.empty_json',
    'request.unsupported_media_type',
    'request.body_too_large',
    'request.length_mismatch',
    'request.bad_url',
    'request.url_too_long',
    /** {status}: another refusal of the framework's (the answer carries that status). */
    'request.refused',
    /** {method, path} */
    'request.no_api_endpoint',
    /** {method, path} */
    'request.no_endpoint',
    /** {versions} */
    'request.version_not_offered',
    /** A form sent by another site with the player's cookie (CSRF). */
    'request.cross_site',
  ],
  /** A field breaks a rule of spec §5 (@chrysos/rules): {min}, {max}, {field} as the rule says. */
  validation: validationCodes as { [K in MessageKey]: `validation.${K}` }[MessageKey][],
  auth: [
    'auth.sign_in_required',
    'auth.invalid_credentials',
    'auth.account_locked',
    'auth.email_taken',
    'auth.email_domain_closed',
    'auth.common_password',
    'auth.captcha_required',
    'auth.current_password_wrong',
    'auth.reset_link_invalid',
    'auth.confirmation_link_invalid',
    'auth.unlock_link_invalid',
    'auth.provider_unavailable',
    /** Sign-in, a deposit or a withdrawal refused: an operator suspended the account (until reinstated). */
    'auth.account_suspended',
    /** Sign-in, a deposit or a withdrawal refused: an operator closed the account for good. */
    'auth.account_closed',
  ],
  player: [
    /** Country and currency are chosen once. */
    'player.field_locked',
    /** Only an address the social sign-in did not give is chosen in CompleteRegistration. */
    'player.email_locked',
    /** {groups} */
    'player.group_not_allowed',
    /** POST /v2/groups after the new-player window of spec §9 (5 minutes from registration). */
    'player.groups_sync_closed',
    /** The operator API's: no player has this id. */
    'player.not_found',
    /** Suspending an account that is already suspended. */
    'player.account_already_suspended',
    /** Reinstating an account that is not suspended. */
    'player.account_not_suspended',
    /** Any change to a closed account: closing is final. */
    'player.account_already_closed',
  ],
  /** Reference data: countries and currencies. */
  info: ['info.unknown_country', 'info.currency_not_offered'],
  games: [
    /** {provider, game} */
    'games.not_found',
    /** {id} */
    'games.favorite_not_found',
    /** A round the player did not play (another player's, or none). */
    'games.round_not_found',
    'games.restricted_country',
    /** {currency} */
    'games.restricted_currency',
    'games.studio_unavailable',
    'games.no_demo',
    /** Free spins offered on a game the studio plays none on (only slots take them). */
    'games.no_freespins',
    'games.sign_in_to_play',
    'games.favorites_sign_in',
    /** {providers} */
    'games.unknown_provider',
  ],
  cashier: [
    /** {currency} */
    'cashier.no_account',
    'cashier.method_unavailable',
    /** {min, currency}: the method's minimum in minor units. */
    'cashier.amount_below_minimum',
    /** {max, currency}: the method's maximum in minor units. */
    'cashier.amount_above_maximum',
    /** {available, currency}: what the player can cash out now, in minor units. */
    'cashier.amount_over_available',
    'cashier.payment_not_found',
    'cashier.withdrawal_not_cancellable',
    'cashier.withdrawal_not_approvable',
    /** Four eyes: this operator gave the withdrawal its first approval; another must give the second. */
    'cashier.second_approver_required',
    /** A debit of a balance adjustment beyond the player's real balance ({available} {currency}). */
    'cashier.adjustment_over_balance',
    /** The player holds no account in this currency. */
    'cashier.adjustment_currency_not_held',
    /** The adjustment was already booked or rejected. */
    'cashier.adjustment_not_pending',
    /** The operator who asked for an adjustment cannot also approve it. */
    'cashier.adjustment_second_approver_required',
    /** No balance adjustment has this id. */
    'cashier.adjustment_not_found',
    /** The player's withdrawals are held by an operator: none is approved until the hold is lifted. */
    'cashier.withdrawal_on_hold',
    /** A hold on the player's withdrawals is already in force. */
    'cashier.withdrawal_hold_exists',
    /** No hold on the player's withdrawals is in force. */
    'cashier.withdrawal_hold_missing',
    'cashier.operator_token_required',
    'cashier.webhook_signature_invalid',
    'cashier.webhook_unreadable',
    /** {seconds} */
    'cashier.too_many_refused_webhooks',
    /** {type} */
    'cashier.payment_form_type',
    /** A withdrawal while a bonus runs: confirm with forfeit_bonus to give the bonus up. {bonus} */
    'cashier.bonus_active',
  ],
  /** The bonus engine: bonuses, free spins, lootboxes, coupons and deposit offers. */
  bonuses: [
    'bonuses.not_found',
    /** Only an issued bonus can be activated. */
    'bonuses.not_issued',
    /** One bonus runs at a time per currency. {currency} */
    'bonuses.another_active',
    'bonuses.not_cancellable',
    'bonuses.coupon_unknown',
    'bonuses.coupon_expired',
    'bonuses.coupon_used_up',
    'bonuses.coupon_ineligible',
    /** A deposit code the player cannot use now (unknown, not a deposit offer, or not eligible). */
    'bonuses.deposit_code_ineligible',
    /** {amount, currency}: the offer's minimum deposit. */
    'bonuses.deposit_below_minimum',
    'bonuses.freespins_not_found',
    /** Spins already played, given up or expired. */
    'bonuses.freespins_not_playable',
    'bonuses.lootbox_not_found',
    'bonuses.lootbox_opened',
    /** The operator API's: no player has this id. */
    'bonuses.player_not_found',
    /** No campaign has this id. {campaign} */
    'bonuses.campaign_not_found',
    /** Another campaign has this code (codes are unique whatever their case). {code} */
    'bonuses.campaign_code_taken',
    /** Free spins on a game the catalogue does not have. {game} */
    'bonuses.campaign_game_unknown',
    /** A campaign that gives nothing without a deposit, or nothing in this currency. {currency} */
    'bonuses.nothing_to_grant',
    /** The player has no account in this currency. {currency} */
    'bonuses.no_account',
  ],
  /** Player safety and compliance (issue 17): limits, breaks and exclusions, verification, audit. */
  compliance: [
    /** A deposit over the player's deposit limit. {remaining, currency}: what the limit still allows. */
    'compliance.deposit_limit',
    /** A kind and period the licence does not offer (a session limit is per session, money limits per day/week/month). */
    'compliance.limit_not_offered',
    /** A money limit needs one of the player's account currencies. {currency} */
    'compliance.limit_currency',
    /** No such limit, or no pending change to cancel. */
    'compliance.limit_not_found',
    /** The sign-in session reached the player's session-time limit. {minutes} */
    'compliance.session_limit',
    /** Sign-in refused during a time-out or self-exclusion. {until}: its end (ISO 8601), {kind} */
    'compliance.excluded_until',
    /** Sign-in refused: the player excluded themselves for good. */
    'compliance.self_excluded_permanently',
    /** A period the kind (time-out, self-exclusion) or the licence does not offer. {kind} */
    'compliance.period_not_offered',
    'compliance.exclusion_not_found',
    /** Lifting an exclusion before its end. {until} */
    'compliance.exclusion_not_ended',
    /** Confirming a lift before the cooling-off is over. {until} */
    'compliance.cooling_off',
    /** The operator API names no player of ours. */
    'compliance.player_not_found',
    /** A real-money launch while a break or self-exclusion is not lifted (in force, or ended and not lifted). */
    'compliance.play_closed',
    /** An upload whose bytes are not a JPEG, PNG or WebP image or a PDF, whatever its name says. */
    'compliance.document_type',
    /** An upload over the size limit. {megabytes} */
    'compliance.document_too_large',
    /** A PDF with more pages than allowed. {pages} */
    'compliance.document_pages',
    /** An image or PDF that cannot be read, or an upload cut short. */
    'compliance.document_unreadable',
    /** No such document (or not the player's). */
    'compliance.document_not_found',
    /** A document already approved or rejected. */
    'compliance.document_reviewed',
    /**
     * A payment that needs the player verified first (approved identity and address documents).
     * {reason}: `withdrawal` (at or above the licence's threshold) or `deposits` (the window's deposits
     * reach the AML threshold); {threshold} in minor units of {currency}.
     */
    'compliance.verification_required',
  ],
  support: [
    /** {minutes} */
    'support.too_many_messages',
  ],
  /** The analytics ingest (Segment's tracking API). */
  analytics: [
    /** A write key no source of the product has, or none at all. */
    'analytics.write_key_unknown',
    /** No event of the body could be kept. {reason}: what was wrong with the first. */
    'analytics.events_invalid',
  ],
  /** The casino's operators: signing in and what their role allows. */
  operators: [
    /** A wrong email, password or authenticator code, alike, so none is given away. */
    'operators.sign_in_failed',
    /** The operator may sign in only from the addresses on their allow-list. */
    'operators.address_not_allowed',
    /** The session ended after {minutes} minutes without a request, or at the end of its day. */
    'operators.session_expired',
    /** The operator's role has no ability to {action} {subject}. */
    'operators.forbidden',
    /** No API token has this id. */
    'operators.token_not_found',
    /** An operator account with this email exists. */
    'operators.email_taken',
    /** A new operator's password: at least 12 characters and none of the most common. */
    'operators.password_too_weak',
    /** An allow-list entry that is no address or CIDR block: {entries}. */
    'operators.allow_list_invalid',
  ],
  /** Risk and compliance cases: what the watch raises and operators work. */
  risk: [
    /** No case has this id. */
    'risk.case_not_found',
    /** The case is resolved: nothing more is done on it (the watch raises a new one if it must). */
    'risk.case_resolved',
    /** The case named is another player's. */
    'risk.case_of_another_player',
    /** A case's owner must be an active operator whose role works cases. */
    'risk.owner_invalid',
  ],
  /** A/B tests (core API `GET /v2/ab/{testId}`). */
  experiments: [
    /** No running experiment has that id. */
    'experiments.not_found',
  ],
  /** The fortune wheel. */
  wheel: [
    /** No qualifying deposit today: {code}, {amount} in minor units of {currency}. */
    'wheel.deposit_required',
    /** A deposit with the wheel's code below its minimum. {amount} in minor units of {currency}. */
    'wheel.deposit_below_minimum',
    /** Today's spin is used. {next_at}: when the next Athens day starts (ISO 8601). */
    'wheel.already_spun',
    /** An Idempotency-Key header that is not 1–100 printable characters. */
    'wheel.idempotency_key_invalid',
  ],
  notifications: ['notifications.push_service_not_allowed'],
  /** The weekly lottery: no draw for that week. */
  lottery: ['lottery.draw_not_found'],
  tournaments: [
    'tournaments.not_found',
    /** Joining a tournament that has ended. */
    'tournaments.finished',
    /** Joining a tournament the player's group, country or currency does not qualify for. */
    'tournaments.not_eligible',
  ],
  /** The loyalty programme: comp points and their exchange. */
  loyalty: [
    /** {minimum}: the fewest points one exchange takes. */
    'loyalty.exchange_below_minimum',
    /** {points}: the whole points the player has. */
    'loyalty.not_enough_points',
    /** The operator API's: no player has this id. */
    'loyalty.player_not_found',
  ],
  /** The studio's games API (/games-api/*), as the game client meets it. */
  studio: [
    'studio.session_ended',
    'studio.game_unavailable',
    'studio.round_not_found',
    /** A bet the game's rules refuse; the field names the part (`bets[0].numbers` …). */
    'studio.invalid_bet',
    'studio.invalid_stake',
    'studio.invalid_action',
    'studio.unknown_game',
    'studio.invalid_server_seed',
    'studio.invalid_client_seed',
    'studio.invalid_nonce',
    /** The seed pair cannot change while a round is open. */
    'studio.round_open',
    /** {reason}: the wallet's status (RS_ERROR_NOT_ENOUGH_MONEY …) or the round's state (ROUND_BUSY …). */
    'studio.refused',
    /**
     * {seconds, wait_ms}: a round asked for sooner than the licence's minimum game cycle after the
     * player's last round of the game began (UK: RTS 14, 2.5 s); nothing was staked.
     */
    'studio.too_soon',
    /** The operator's launch call (POST /games-api/launch): not signed with the shared secret, or stale. */
    'studio.launch_unsigned',
    /** A field of the launch the protocol refuses; the field names it (`body` when it is not JSON). */
    'studio.launch_invalid',
    /** {game}: a game code the studio does not have. */
    'studio.launch_unknown_game',
    /** {currency}: a currency the studio does not play in. */
    'studio.launch_currency',
    /** {game}: free spins launched on a game that takes none (only slots do). */
    'studio.launch_freespins',
  ],
} as const;

export type ErrorCode = (typeof errorCodes)[keyof typeof errorCodes][number];

export const allErrorCodes: readonly ErrorCode[] = Object.values(errorCodes).flat();

export const isErrorCode = (value: unknown): value is ErrorCode =>
  typeof value === 'string' && (allErrorCodes as readonly string[]).includes(value);

/** The values an error code's message is filled with: `{min: 1000, currency: 'EUR'}`. */
export type ErrorParams = Record<string, string | number>;

/**
 * A zod issue for a broken field rule, carrying its code and parameters (the API's `codes`/`params`)
 * beside the English message.
 */
export const ruleIssue = (result: NonNullable<RuleResult>) => ({
  code: 'custom' as const,
  message: messageFor(result),
  params: { code: `validation.${result.key}`, ...result.params },
});

const byField = <T extends z.ZodType>(item: T) => z.record(z.string(), z.array(item));

/**
 * Every error the API returns: field or cause name → messages in the request's language (Accept-Language
 * `el` is Greek, anything else English), and beside them the stable codes, one per message in the same
 * order, with the parameters of the codes that have some (amounts in minor units):
 * `{"errors":{"amount_cents":["must be at least 1000"]},"codes":{"amount_cents":["cashier.amount_below_minimum"]},
 * "params":{"amount_cents":[{"min":1000,"currency":"EUR"}]}}`. `params` is left out when no code has
 * any, and a field's list there is as long as its codes (`{}` for a code without parameters).
 */
export const errorBody = z
  .object({
    errors: byField(z.string()),
    codes: byField(z.enum(allErrorCodes as [ErrorCode, ...ErrorCode[]])),
    params: byField(z.record(z.string(), z.union([z.string(), z.number()]))).optional(),
  })
  .meta({
    id: 'ErrorBody',
    description: 'Errors keyed by the field or cause they concern, with their codes',
  });
export type ErrorBody = z.infer<typeof errorBody>;
