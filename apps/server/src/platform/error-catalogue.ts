import type { ErrorCode } from '@chrysos/contract';
import { fallbackMessages } from '@chrysos/rules';

export type Language = 'en' | 'el';

/** A code's HTTP status and its message in each language, `{name}` filled from the code's parameters. */
interface Entry {
  status: number;
  en: string;
  el: string;
}

const validation = (key: keyof typeof fallbackMessages, el: string): Entry => ({
  status: 422,
  en: fallbackMessages[key],
  el,
});

/**
 * The one table of error codes (from @chrysos/contract): the status each is answered with, and what it
 * says in English and Greek. English messages are the API's of spec §7 ("has already been taken", keyed
 * by the field); the web app shows its own translation of the code and this text only for a code it
 * does not know. Amounts are in minor units, as the API counts money.
 */
export const errorCatalogue: Record<ErrorCode, Entry> = {
  internal: {
    status: 500,
    en: 'Something went wrong on our side. Please try again.',
    el: 'Κάτι πήγε στραβά από την πλευρά μας. Παρακαλούμε δοκιμάστε ξανά.',
  },
  rate_limited: {
    status: 429,
    en: 'Too many attempts. Please try again in {minutes} minutes.',
    el: 'Πάρα πολλές προσπάθειες. Παρακαλούμε δοκιμάστε ξανά σε {minutes} λεπτά.',
  },

  'request.invalid_json': {
    status: 400,
    en: 'The request body is not valid JSON',
    el: 'Το σώμα του αιτήματος δεν είναι έγκυρο JSON',
  },
  'request.empty_json': {
    status: 400,
    en: 'The request body is empty but declared as JSON',
    el: 'Το σώμα του αιτήματος είναι κενό, αν και δηλώθηκε ως JSON',
  },
  'request.unsupported_media_type': {
    status: 415,
    en: 'Send the request body as application/json',
    el: 'Στείλτε το σώμα του αιτήματος ως application/json',
  },
  'request.body_too_large': {
    status: 413,
    en: 'The request body is too large',
    el: 'Το σώμα του αιτήματος είναι πολύ μεγάλο',
  },
  'request.length_mismatch': {
    status: 400,
    en: 'The request body does not match its declared length',
    el: 'Το σώμα του αιτήματος δεν έχει το μήκος που δηλώθηκε',
  },
  'request.bad_url': {
    status: 400,
    en: 'The address is not a valid URL',
    el: 'Η διεύθυνση δεν είναι έγκυρο URL',
  },
  'request.url_too_long': {
    status: 414,
    en: 'The address is too long',
    el: 'Η διεύθυνση είναι πολύ μεγάλη',
  },
  'request.refused': {
    status: 400,
    en: 'The request was refused ({status})',
    el: 'Το αίτημα απορρίφθηκε ({status})',
  },
  'request.no_api_endpoint': {
    status: 404,
    en: 'No API endpoint {method} {path}',
    el: 'Δεν υπάρχει διαδρομή του API {method} {path}',
  },
  'request.no_endpoint': {
    status: 404,
    en: 'No endpoint {method} {path}',
    el: 'Δεν υπάρχει διαδρομή {method} {path}',
  },
  'request.version_not_offered': {
    status: 406,
    en: 'This endpoint does not offer the requested API version; it accepts {versions}',
    el: 'Αυτή η διαδρομή δεν προσφέρει την έκδοση του API που ζητήθηκε· δέχεται {versions}',
  },
  'request.cross_site': {
    status: 403,
    en: 'This request did not come from the Chrysos Casino site',
    el: 'Αυτό το αίτημα δεν προήλθε από τον ιστότοπο του Chrysos Casino',
  },

  'validation.required': validation('required', 'Το πεδίο είναι υποχρεωτικό'),
  'validation.email': validation('email', 'Πρέπει να είναι έγκυρο email'),
  'validation.min': validation('min', 'Πρέπει να έχει τουλάχιστον {min} χαρακτήρες'),
  'validation.max': validation('max', 'Πρέπει να έχει το πολύ {max} χαρακτήρες'),
  'validation.confirmed': validation('confirmed', 'Οι κωδικοί δεν ταιριάζουν!'),
  'validation.adult': validation('adult', 'Ανήλικος'),
  'validation.date': validation('date', 'Πρέπει να είναι πραγματική ημερομηνία της μορφής ηη.ΜΜ.εεεε'),
  'validation.phone': validation('phone', 'Πρέπει να είναι έγκυρο τηλέφωνο'),
  'validation.notArabic': validation('notArabic', 'Συμπληρώστε με λατινικούς χαρακτήρες'),
  'validation.min_value': validation('min_value', 'Πρέπει να είναι τουλάχιστον {min}'),
  'validation.max_value': validation('max_value', 'Πρέπει να είναι το πολύ {max}'),
  'validation.characters': validation('characters', 'Περιέχει χαρακτήρες που δεν επιτρέπονται'),
  'validation.min_items': validation('min_items', 'Πρέπει να έχει τουλάχιστον {min} στοιχεία'),
  'validation.max_items': validation('max_items', 'Πρέπει να έχει το πολύ {max} στοιχεία'),
  'validation.invalid': validation('invalid', 'Η τιμή δεν είναι έγκυρη'),
  'validation.requires': validation('requires', 'Προϋποθέτει το {field}'),

  'auth.sign_in_required': {
    status: 401,
    en: 'You need to sign in first',
    el: 'Πρέπει πρώτα να συνδεθείτε',
  },
  'auth.invalid_credentials': {
    status: 401,
    en: 'Invalid email or password',
    el: 'Λάθος email ή κωδικός',
  },
  'auth.account_locked': {
    status: 401,
    en: 'Your account is locked. Try again in an hour or unlock it from the email we sent.',
    el: 'Ο λογαριασμός σας είναι κλειδωμένος. Δοκιμάστε ξανά σε μία ώρα ή ξεκλειδώστε τον από το email που σας στείλαμε.',
  },
  'auth.email_taken': {
    status: 422,
    en: 'has already been taken',
    el: 'Αυτό το email χρησιμοποιείται ήδη',
  },
  'auth.email_domain_closed': {
    status: 422,
    en: 'Registration is not open for this email domain',
    el: 'Η εγγραφή δεν είναι ανοιχτή για διευθύνσεις αυτού του τομέα email',
  },
  'auth.common_password': {
    status: 422,
    en: 'is among the most common passwords; choose one that is harder to guess',
    el: 'Ο κωδικός είναι από τους πιο συνηθισμένους· επιλέξτε έναν που μαντεύεται δυσκολότερα',
  },
  'auth.captcha_required': {
    status: 422,
    en: 'is required',
    el: 'Χρειάζεται επιβεβαίωση ότι δεν είστε ρομπότ',
  },
  'auth.current_password_wrong': {
    status: 422,
    en: 'is incorrect',
    el: 'Ο τρέχων κωδικός δεν είναι σωστός',
  },
  'auth.reset_link_invalid': {
    status: 422,
    en: 'This link is invalid or has expired. Please ask for a new one.',
    el: 'Ο σύνδεσμος δεν είναι έγκυρος ή έχει λήξει. Ζητήστε έναν νέο.',
  },
  'auth.confirmation_link_invalid': {
    status: 422,
    en: 'This confirmation link is invalid, has expired or was already used.',
    el: 'Ο σύνδεσμος επιβεβαίωσης δεν είναι έγκυρος, έχει λήξει ή έχει ήδη χρησιμοποιηθεί.',
  },
  'auth.unlock_link_invalid': {
    status: 422,
    en: 'This unlock link is invalid or was already used.',
    el: 'Ο σύνδεσμος ξεκλειδώματος δεν είναι έγκυρος ή έχει ήδη χρησιμοποιηθεί.',
  },
  'auth.provider_unavailable': {
    status: 404,
    en: 'This sign-in provider is not available',
    el: 'Αυτός ο τρόπος σύνδεσης δεν είναι διαθέσιμος',
  },
  'auth.account_suspended': {
    status: 403,
    en: 'Your account is suspended. Please contact support.',
    el: 'Ο λογαριασμός σας έχει ανασταλεί. Παρακαλούμε επικοινωνήστε με την υποστήριξη.',
  },
  'auth.account_closed': {
    status: 403,
    en: 'Your account is closed. Please contact support.',
    el: 'Ο λογαριασμός σας έχει κλείσει. Παρακαλούμε επικοινωνήστε με την υποστήριξη.',
  },

  'player.field_locked': { status: 422, en: 'cannot be changed', el: 'Δεν μπορεί να αλλάξει' },
  'player.email_locked': {
    status: 422,
    en: 'cannot be changed here',
    el: 'Η διεύθυνση email δεν αλλάζει από εδώ',
  },
  'player.group_not_allowed': {
    status: 422,
    en: 'cannot be added by the player: {groups}',
    el: 'Ο παίκτης δεν μπορεί να προσθέσει μόνος του: {groups}',
  },
  'player.groups_sync_closed': {
    status: 409,
    en: 'can only be synced in the first 5 minutes after registration',
    el: 'Συγχρονίζονται μόνο τα πρώτα 5 λεπτά μετά την εγγραφή',
  },
  'player.not_found': { status: 404, en: 'No such player', el: 'Δεν υπάρχει τέτοιος παίκτης' },
  'player.account_already_suspended': {
    status: 409,
    en: 'The account is already suspended',
    el: 'Ο λογαριασμός έχει ήδη ανασταλεί',
  },
  'player.account_not_suspended': {
    status: 409,
    en: 'Only a suspended account can be reinstated',
    el: 'Μόνο ένας λογαριασμός σε αναστολή μπορεί να αποκατασταθεί',
  },
  'player.account_already_closed': {
    status: 409,
    en: 'The account is closed; closing is final',
    el: 'Ο λογαριασμός έχει κλείσει οριστικά και δεν αλλάζει πια',
  },

  'info.unknown_country': { status: 422, en: 'is not a known country', el: 'Η χώρα δεν είναι γνωστή' },
  'info.currency_not_offered': {
    status: 422,
    en: 'is not offered',
    el: 'Αυτό το νόμισμα δεν προσφέρεται',
  },

  'games.round_not_found': {
    status: 404,
    en: 'You have played no such round',
    el: 'Δεν έχετε παίξει τέτοιον γύρο',
  },
  'games.not_found': {
    status: 404,
    en: 'There is no game {game} from provider {provider}',
    el: 'Δεν υπάρχει παιχνίδι {game} του παρόχου {provider}',
  },
  'games.favorite_not_found': { status: 404, en: 'There is no game {id}', el: 'Δεν υπάρχει παιχνίδι {id}' },
  'games.restricted_country': {
    status: 403,
    en: 'This game is not available in your country',
    el: 'Αυτό το παιχνίδι δεν είναι διαθέσιμο στη χώρα σας',
  },
  'games.restricted_currency': {
    status: 403,
    en: 'This game is not available for play in {currency}',
    el: 'Αυτό το παιχνίδι δεν παίζεται σε {currency}',
  },
  'games.studio_unavailable': {
    status: 503,
    en: 'This studio cannot be reached at the moment; please try again later',
    el: 'Ο πάροχος του παιχνιδιού δεν είναι διαθέσιμος αυτή τη στιγμή· δοκιμάστε ξανά αργότερα',
  },
  'games.no_demo': {
    status: 422,
    en: 'This game has no demo; sign in to play it for real money',
    el: 'Αυτό το παιχνίδι δεν έχει δοκιμαστική έκδοση· συνδεθείτε για να το παίξετε με πραγματικά χρήματα',
  },
  'games.no_freespins': {
    status: 422,
    en: 'Free spins cannot be played on this game; they are played on slots',
    el: 'Σε αυτό το παιχνίδι δεν παίζονται δωρεάν περιστροφές· παίζονται στους κουλοχέρηδες',
  },
  'games.sign_in_to_play': {
    status: 401,
    en: 'Sign in to play for real money',
    el: 'Συνδεθείτε για να παίξετε με πραγματικά χρήματα',
  },
  'games.favorites_sign_in': {
    status: 401,
    en: 'Sign in to see your favourite games',
    el: 'Συνδεθείτε για να δείτε τα αγαπημένα σας παιχνίδια',
  },
  'games.unknown_provider': {
    status: 422,
    en: 'Unknown provider: {providers}',
    el: 'Άγνωστος πάροχος: {providers}',
  },

  'cashier.no_account': {
    status: 422,
    en: 'You have no {currency} account: add it to your accounts first',
    el: 'Δεν έχετε λογαριασμό σε {currency}· προσθέστε τον πρώτα στους λογαριασμούς σας',
  },
  'cashier.method_unavailable': {
    status: 422,
    en: 'is not available for this currency',
    el: 'Αυτός ο τρόπος πληρωμής δεν είναι διαθέσιμος για αυτό το νόμισμα',
  },
  'cashier.amount_below_minimum': {
    status: 422,
    en: 'must be at least {min}',
    el: 'Το ποσό πρέπει να είναι τουλάχιστον {min} (σε λεπτά)',
  },
  'cashier.amount_above_maximum': {
    status: 422,
    en: 'must be at most {max}',
    el: 'Το ποσό πρέπει να είναι το πολύ {max} (σε λεπτά)',
  },
  'cashier.amount_over_available': {
    status: 422,
    en: 'is more than the balance available to cash out',
    el: 'Το ποσό υπερβαίνει το υπόλοιπο που μπορείτε να αναλάβετε',
  },
  'cashier.payment_not_found': { status: 404, en: 'No such payment', el: 'Δεν υπάρχει τέτοια πληρωμή' },
  'cashier.withdrawal_not_cancellable': {
    status: 409,
    en: 'Only a pending withdrawal can be cancelled',
    el: 'Μόνο μια ανάληψη σε αναμονή μπορεί να ακυρωθεί',
  },
  'cashier.withdrawal_not_approvable': {
    status: 409,
    en: 'Only a pending withdrawal can be approved',
    el: 'Μόνο μια ανάληψη σε αναμονή μπορεί να εγκριθεί',
  },
  'cashier.second_approver_required': {
    status: 409,
    en: 'You gave this withdrawal its first approval: another operator must give the second',
    el: 'Δώσατε την πρώτη έγκριση αυτής της ανάληψης: τη δεύτερη πρέπει να τη δώσει άλλος χειριστής',
  },
  'cashier.adjustment_over_balance': {
    status: 422,
    en: 'The player has only {available} {currency} of real money: a debit cannot take more',
    el: 'Ο παίκτης έχει μόνο {available} {currency} πραγματικά χρήματα: μια χρέωση δεν μπορεί να πάρει περισσότερα',
  },
  'cashier.adjustment_currency_not_held': {
    status: 422,
    en: 'The player has no account in this currency',
    el: 'Ο παίκτης δεν έχει λογαριασμό σε αυτό το νόμισμα',
  },
  'cashier.adjustment_not_pending': {
    status: 409,
    en: 'This adjustment was already booked or rejected',
    el: 'Αυτή η διόρθωση έχει ήδη καταχωριστεί ή απορριφθεί',
  },
  'cashier.adjustment_second_approver_required': {
    status: 409,
    en: 'You asked for this adjustment: another operator must approve it',
    el: 'Ζητήσατε εσείς αυτή τη διόρθωση: πρέπει να την εγκρίνει άλλος χειριστής',
  },
  'cashier.adjustment_not_found': {
    status: 404,
    en: 'No balance adjustment has this id',
    el: 'Καμία διόρθωση υπολοίπου δεν έχει αυτό το αναγνωριστικό',
  },
  'cashier.withdrawal_on_hold': {
    status: 409,
    en: "The player's withdrawals are on hold: lift the hold before approving",
    el: 'Οι αναλήψεις του παίκτη είναι σε αναμονή: άρετε την αναμονή πριν την έγκριση',
  },
  'cashier.withdrawal_hold_exists': {
    status: 409,
    en: "The player's withdrawals are already on hold",
    el: 'Οι αναλήψεις του παίκτη είναι ήδη σε αναμονή',
  },
  'cashier.withdrawal_hold_missing': {
    status: 409,
    en: "The player's withdrawals are not on hold",
    el: 'Οι αναλήψεις του παίκτη δεν είναι σε αναμονή',
  },
  'cashier.operator_token_required': {
    status: 401,
    en: 'A valid operator token is required',
    el: 'Απαιτείται έγκυρο διακριτικό χειριστή',
  },
  'cashier.bonus_active': {
    status: 409,
    en: 'You have a bonus running. A withdrawal now forfeits it (its bonus money and winnings); confirm to go ahead, or finish the wagering first.',
    el: 'Έχετε ενεργό μπόνους. Μια ανάληψη τώρα το ακυρώνει (τα χρήματα μπόνους και τα κέρδη του)· επιβεβαιώστε για να συνεχίσετε ή ολοκληρώστε πρώτα τον στοιχηματισμό.',
  },
  'wheel.deposit_required': {
    status: 409,
    en: 'Spin the wheel after a deposit of at least {amount} {currency} with the code {code} today',
    el: 'Γυρίστε τον τροχό μετά από κατάθεση τουλάχιστον {amount} {currency} με τον κωδικό {code} σήμερα',
  },
  'wheel.deposit_below_minimum': {
    status: 422,
    en: 'The Wheel of Fortune spin needs a deposit of at least {amount} {currency}',
    el: 'Το γύρισμα του Τροχού της Τύχης απαιτεί κατάθεση τουλάχιστον {amount} {currency}',
  },
  'wheel.already_spun': {
    status: 409,
    en: "You have used today's spin; the next one can be earned from {next_at}",
    el: 'Χρησιμοποιήσατε το σημερινό γύρισμα· το επόμενο μπορείτε να το κερδίσετε από {next_at}',
  },
  'wheel.idempotency_key_invalid': {
    status: 422,
    en: 'The Idempotency-Key header must be 1 to 100 printable characters',
    el: 'Η κεφαλίδα Idempotency-Key πρέπει να έχει από 1 έως 100 εκτυπώσιμους χαρακτήρες',
  },
  'bonuses.not_found': { status: 404, en: 'No such bonus', el: 'Δεν υπάρχει τέτοιο μπόνους' },
  'lottery.draw_not_found': {
    status: 404,
    en: 'No lottery draw for that week',
    el: 'Δεν υπάρχει κλήρωση λαχειοφόρου για εκείνη την εβδομάδα',
  },
  'tournaments.not_found': { status: 404, en: 'No such tournament', el: 'Δεν υπάρχει τέτοιο τουρνουά' },
  'tournaments.finished': {
    status: 409,
    en: 'This tournament has ended: it can no longer be joined',
    el: 'Το τουρνουά έχει λήξει: δεν μπορείτε πια να λάβετε μέρος',
  },
  'tournaments.not_eligible': {
    status: 403,
    en: 'This tournament is not open to your account (group, country or currency)',
    el: 'Το τουρνουά δεν είναι ανοιχτό για τον λογαριασμό σας (ομάδα, χώρα ή νόμισμα)',
  },
  'loyalty.exchange_below_minimum': {
    status: 422,
    en: 'An exchange takes at least {minimum} points',
    el: 'Η ανταλλαγή χρειάζεται τουλάχιστον {minimum} πόντους',
  },
  'loyalty.not_enough_points': {
    status: 409,
    en: 'You have {points} points to exchange',
    el: 'Έχετε {points} πόντους για ανταλλαγή',
  },
  'loyalty.player_not_found': { status: 404, en: 'No such player', el: 'Δεν υπάρχει τέτοιος παίκτης' },
  'bonuses.not_issued': {
    status: 409,
    en: 'Only a bonus waiting for you can be activated',
    el: 'Μόνο ένα μπόνους που σας περιμένει μπορεί να ενεργοποιηθεί',
  },
  'bonuses.another_active': {
    status: 409,
    en: 'You already have a bonus running in {currency}. Finish or cancel it first.',
    el: 'Έχετε ήδη ενεργό μπόνους σε {currency}. Ολοκληρώστε ή ακυρώστε το πρώτα.',
  },
  'bonuses.not_cancellable': {
    status: 409,
    en: 'This bonus has already ended',
    el: 'Αυτό το μπόνους έχει ήδη λήξει',
  },
  'bonuses.coupon_unknown': {
    status: 422,
    en: 'There is no coupon with this code',
    el: 'Δεν υπάρχει κουπόνι με αυτόν τον κωδικό',
  },
  'bonuses.coupon_expired': {
    status: 422,
    en: 'This coupon has expired',
    el: 'Αυτό το κουπόνι έχει λήξει',
  },
  'bonuses.coupon_used_up': {
    status: 422,
    en: 'This coupon has already been used',
    el: 'Αυτό το κουπόνι έχει ήδη χρησιμοποιηθεί',
  },
  'bonuses.coupon_ineligible': {
    status: 422,
    en: 'This coupon is not available for your account',
    el: 'Αυτό το κουπόνι δεν είναι διαθέσιμο για τον λογαριασμό σας',
  },
  'bonuses.deposit_code_ineligible': {
    status: 422,
    en: 'This bonus code cannot be used with this deposit',
    el: 'Αυτός ο κωδικός μπόνους δεν ισχύει για αυτή την κατάθεση',
  },
  'bonuses.deposit_below_minimum': {
    status: 422,
    en: 'The bonus needs a deposit of at least {amount} {currency}',
    el: 'Το μπόνους απαιτεί κατάθεση τουλάχιστον {amount} {currency}',
  },
  'bonuses.freespins_not_found': {
    status: 404,
    en: 'No such free spins',
    el: 'Δεν υπάρχουν τέτοιες δωρεάν περιστροφές',
  },
  'bonuses.freespins_not_playable': {
    status: 409,
    en: 'These free spins can no longer be played',
    el: 'Αυτές οι δωρεάν περιστροφές δεν μπορούν πλέον να παιχτούν',
  },
  'bonuses.lootbox_not_found': { status: 404, en: 'No such lootbox', el: 'Δεν υπάρχει τέτοιο κουτί δώρων' },
  'bonuses.lootbox_opened': {
    status: 409,
    en: 'This lootbox has already been opened',
    el: 'Αυτό το κουτί δώρων έχει ήδη ανοιχτεί',
  },
  'bonuses.player_not_found': { status: 404, en: 'No such player', el: 'Δεν υπάρχει τέτοιος παίκτης' },
  'bonuses.campaign_not_found': {
    status: 404,
    en: 'No bonus campaign is called {campaign}',
    el: 'Καμία καμπάνια μπόνους δεν ονομάζεται {campaign}',
  },
  'bonuses.campaign_code_taken': {
    status: 409,
    en: 'Another campaign already uses the code {code}',
    el: 'Μια άλλη καμπάνια χρησιμοποιεί ήδη τον κωδικό {code}',
  },
  'bonuses.campaign_game_unknown': {
    status: 422,
    en: 'The game {game} is not in the catalogue',
    el: 'Το παιχνίδι {game} δεν υπάρχει στον κατάλογο',
  },
  'bonuses.nothing_to_grant': {
    status: 422,
    en: 'This campaign gives nothing in {currency} without a deposit',
    el: 'Αυτή η καμπάνια δεν δίνει τίποτα σε {currency} χωρίς κατάθεση',
  },
  'bonuses.no_account': {
    status: 422,
    en: 'The player has no {currency} account',
    el: 'Ο παίκτης δεν έχει λογαριασμό σε {currency}',
  },
  'cashier.webhook_signature_invalid': {
    status: 400,
    en: 'The webhook signature is invalid or stale',
    el: 'Η υπογραφή του webhook δεν είναι έγκυρη ή είναι παλιά',
  },
  'cashier.webhook_unreadable': {
    status: 422,
    en: 'The webhook carries no event this casino reads',
    el: 'Το webhook δεν περιέχει συμβάν που διαβάζει αυτό το καζίνο',
  },
  'cashier.too_many_refused_webhooks': {
    status: 429,
    en: 'Too many refused deliveries. Please try again in {seconds} seconds.',
    el: 'Πάρα πολλές απορριφθείσες αποστολές. Δοκιμάστε ξανά σε {seconds} δευτερόλεπτα.',
  },
  'cashier.payment_form_type': {
    status: 415,
    en: 'Send the payment form as {type}',
    el: 'Στείλτε τη φόρμα πληρωμής ως {type}',
  },

  'compliance.deposit_limit': {
    status: 422,
    en: 'This deposit is over your deposit limit: you can deposit {remaining} more (minor units of {currency}) until the limit allows more',
    el: 'Η κατάθεση υπερβαίνει το όριο καταθέσεών σας: μπορείτε να καταθέσετε ακόμη {remaining} (σε λεπτά {currency}) μέχρι να το επιτρέψει ξανά το όριο',
  },
  'compliance.limit_not_offered': {
    status: 422,
    en: 'This limit is not offered: money limits are per day, week or month, a session limit per session',
    el: 'Αυτό το όριο δεν προσφέρεται: τα χρηματικά όρια ισχύουν ανά ημέρα, εβδομάδα ή μήνα, το όριο χρόνου ανά συνεδρία',
  },
  'compliance.limit_currency': {
    status: 422,
    en: 'Choose one of your account currencies for this limit ({currency} is not one)',
    el: 'Επιλέξτε ένα από τα νομίσματα των λογαριασμών σας για αυτό το όριο (το {currency} δεν είναι)',
  },
  'compliance.limit_not_found': {
    status: 404,
    en: 'There is no such limit or pending change',
    el: 'Δεν υπάρχει τέτοιο όριο ή εκκρεμής αλλαγή',
  },
  'compliance.session_limit': {
    status: 401,
    en: 'Your session reached your session-time limit of {minutes} minutes. Sign in again to start a new session.',
    el: 'Η συνεδρία σας έφτασε το όριο χρόνου των {minutes} λεπτών που ορίσατε. Συνδεθείτε ξανά για να ξεκινήσετε νέα συνεδρία.',
  },
  'compliance.excluded_until': {
    status: 403,
    en: 'You asked us to keep your account closed until {until}. You can sign in again after that.',
    el: 'Ζητήσατε να μείνει ο λογαριασμός σας κλειστός έως {until}. Μπορείτε να συνδεθείτε ξανά μετά από αυτό.',
  },
  'compliance.self_excluded_permanently': {
    status: 403,
    en: 'You have excluded yourself from the casino permanently, so this account cannot be used again.',
    el: 'Έχετε αποκλείσει οριστικά τον εαυτό σας από το καζίνο, οπότε αυτός ο λογαριασμός δεν μπορεί να χρησιμοποιηθεί ξανά.',
  },
  'compliance.period_not_offered': {
    status: 422,
    en: 'This period is not offered for a {kind}',
    el: 'Αυτή η περίοδος δεν προσφέρεται για {kind}',
  },
  'compliance.exclusion_not_found': {
    status: 404,
    en: 'There is no such break or self-exclusion',
    el: 'Δεν υπάρχει τέτοιο διάλειμμα ή αυτοαποκλεισμός',
  },
  'compliance.exclusion_not_ended': {
    status: 409,
    en: 'A break or self-exclusion cannot be lifted before it ends on {until}',
    el: 'Ένα διάλειμμα ή αυτοαποκλεισμός δεν μπορεί να αρθεί πριν λήξει, στις {until}',
  },
  'compliance.cooling_off': {
    status: 409,
    en: 'The 24-hour cooling-off runs until {until}; confirm after that',
    el: 'Η περίοδος αναμονής 24 ωρών διαρκεί έως {until}· επιβεβαιώστε μετά από αυτό',
  },
  'compliance.player_not_found': {
    status: 404,
    en: 'There is no such player',
    el: 'Δεν υπάρχει τέτοιος παίκτης',
  },
  'compliance.play_closed': {
    status: 403,
    en: 'Play stays closed until you lift your break or self-exclusion: ask on the responsible-gaming page, then confirm 24 hours later',
    el: 'Το παιχνίδι παραμένει κλειστό μέχρι να άρετε το διάλειμμα ή τον αυτοαποκλεισμό σας: ζητήστε την άρση στη σελίδα υπεύθυνου παιχνιδιού και επιβεβαιώστε την 24 ώρες αργότερα',
  },

  'compliance.document_type': {
    status: 422,
    en: 'This file type is not accepted. Upload a JPEG, PNG or WebP image or a PDF.',
    el: 'Αυτός ο τύπος αρχείου δεν γίνεται δεκτός. Ανεβάστε εικόνα JPEG, PNG ή WebP ή αρχείο PDF.',
  },
  'compliance.document_too_large': {
    status: 413,
    en: 'The file is too large. The limit is {megabytes} MB.',
    el: 'Το αρχείο είναι πολύ μεγάλο. Το όριο είναι {megabytes} MB.',
  },
  'compliance.document_pages': {
    status: 422,
    en: 'The PDF has too many pages. The limit is {pages} pages.',
    el: 'Το PDF έχει πάρα πολλές σελίδες. Το όριο είναι {pages} σελίδες.',
  },
  'compliance.document_unreadable': {
    status: 422,
    en: 'The file could not be read. Try another photo or scan.',
    el: 'Δεν ήταν δυνατή η ανάγνωση του αρχείου. Δοκιμάστε άλλη φωτογραφία ή σάρωση.',
  },
  'compliance.document_not_found': {
    status: 404,
    en: 'There is no such document',
    el: 'Δεν υπάρχει τέτοιο έγγραφο',
  },
  'compliance.document_reviewed': {
    status: 409,
    en: 'This document has already been reviewed',
    el: 'Αυτό το έγγραφο έχει ήδη ελεγχθεί',
  },
  'compliance.verification_required': {
    status: 403,
    en: 'We need to verify your identity first: approved identity and address documents are required for this payment.',
    el: 'Πρέπει πρώτα να επαληθεύσουμε την ταυτότητά σας: για αυτή την πληρωμή απαιτούνται εγκεκριμένα έγγραφα ταυτότητας και διεύθυνσης.',
  },
  'support.too_many_messages': {
    status: 429,
    en: 'Too many messages. Please try again in {minutes} minutes.',
    el: 'Πάρα πολλά μηνύματα. Παρακαλούμε δοκιμάστε ξανά σε {minutes} λεπτά.',
  },
  'analytics.write_key_unknown': {
    status: 401,
    en: 'No analytics source has this write key',
    el: 'Καμία πηγή αναλυτικών στοιχείων δεν έχει αυτό το κλειδί εγγραφής',
  },
  'analytics.events_invalid': {
    status: 400,
    en: 'No event could be kept: {reason}',
    el: 'Κανένα συμβάν δεν μπόρεσε να αποθηκευτεί: {reason}',
  },
  'operators.sign_in_failed': {
    status: 401,
    en: 'The email, password or authenticator code is not right',
    el: 'Το email, ο κωδικός πρόσβασης ή ο κωδικός επαλήθευσης δεν είναι σωστά',
  },
  'operators.address_not_allowed': {
    status: 403,
    en: 'This account may not sign in from this address',
    el: 'Αυτός ο λογαριασμός δεν επιτρέπεται να συνδεθεί από αυτή τη διεύθυνση',
  },
  'operators.session_expired': {
    status: 401,
    en: 'Your session ended after {minutes} minutes without activity; please sign in again',
    el: 'Η συνεδρία σας έληξε μετά από {minutes} λεπτά αδράνειας· συνδεθείτε ξανά',
  },
  'operators.forbidden': {
    status: 403,
    en: 'Your role does not allow this ({action} {subject})',
    el: 'Ο ρόλος σας δεν το επιτρέπει ({action} {subject})',
  },
  'operators.token_not_found': {
    status: 404,
    en: 'No API token has this id',
    el: 'Κανένα διακριτικό API δεν έχει αυτό το αναγνωριστικό',
  },
  'operators.email_taken': {
    status: 409,
    en: 'An operator with this email exists',
    el: 'Υπάρχει ήδη χειριστής με αυτό το email',
  },
  'operators.password_too_weak': {
    status: 422,
    en: 'The password needs at least 12 characters and must not be a common one',
    el: 'Ο κωδικός πρόσβασης χρειάζεται τουλάχιστον 12 χαρακτήρες και δεν πρέπει να είναι από τους συνηθισμένους',
  },
  'operators.allow_list_invalid': {
    status: 422,
    en: 'Not an address or CIDR block: {entries}',
    el: 'Δεν είναι διεύθυνση ή μπλοκ CIDR: {entries}',
  },
  'risk.case_not_found': {
    status: 404,
    en: 'No case has this id',
    el: 'Καμία υπόθεση δεν έχει αυτό το αναγνωριστικό',
  },
  'risk.case_resolved': {
    status: 409,
    en: 'This case is resolved',
    el: 'Αυτή η υπόθεση έχει επιλυθεί',
  },
  'risk.case_of_another_player': {
    status: 422,
    en: 'This case belongs to another player',
    el: 'Αυτή η υπόθεση αφορά άλλον παίκτη',
  },
  'risk.owner_invalid': {
    status: 422,
    en: 'A case can only be given to an active operator who works cases',
    el: 'Μια υπόθεση ανατίθεται μόνο σε ενεργό χειριστή που χειρίζεται υποθέσεις',
  },
  'experiments.not_found': {
    status: 404,
    en: 'No running experiment has this id',
    el: 'Κανένα ενεργό πείραμα δεν έχει αυτό το αναγνωριστικό',
  },

  'notifications.push_service_not_allowed': {
    status: 422,
    en: 'This browser’s push service is not supported',
    el: 'Η υπηρεσία ειδοποιήσεων αυτού του προγράμματος περιήγησης δεν υποστηρίζεται',
  },

  'studio.session_ended': {
    status: 401,
    en: 'This game session has ended. Open the game again from the lobby.',
    el: 'Αυτή η συνεδρία παιχνιδιού έληξε. Ανοίξτε ξανά το παιχνίδι από το λόμπι.',
  },
  'studio.game_unavailable': {
    status: 404,
    en: 'This game is no longer available.',
    el: 'Αυτό το παιχνίδι δεν είναι πλέον διαθέσιμο.',
  },
  'studio.round_not_found': { status: 404, en: 'No such round.', el: 'Δεν υπάρχει αυτός ο γύρος.' },
  'studio.invalid_bet': {
    status: 422,
    en: 'This bet is not allowed in this game.',
    el: 'Αυτό το στοίχημα δεν επιτρέπεται σε αυτό το παιχνίδι.',
  },
  'studio.invalid_stake': {
    status: 422,
    en: 'The stake is outside the limits of this game.',
    el: 'Το ποντάρισμα είναι εκτός των ορίων αυτού του παιχνιδιού.',
  },
  'studio.invalid_action': {
    status: 422,
    en: 'This move is not possible now.',
    el: 'Αυτή η κίνηση δεν είναι δυνατή τώρα.',
  },
  'studio.unknown_game': {
    status: 422,
    en: 'Choose one of our games.',
    el: 'Επιλέξτε ένα από τα παιχνίδια μας.',
  },
  'studio.invalid_server_seed': {
    status: 422,
    en: 'A server seed is 64 hexadecimal characters.',
    el: 'Ο σπόρος του διακομιστή έχει 64 δεκαεξαδικούς χαρακτήρες.',
  },
  'studio.invalid_client_seed': {
    status: 422,
    en: 'A client seed is 1 to 64 characters without spaces.',
    el: 'Ο σπόρος του παίκτη έχει από 1 έως 64 χαρακτήρες χωρίς κενά.',
  },
  'studio.invalid_nonce': {
    status: 422,
    en: 'The nonce is a whole number from 0.',
    el: 'Ο αύξων αριθμός (nonce) είναι ακέραιος από 0 και πάνω.',
  },
  'studio.round_open': {
    status: 409,
    en: 'Finish the round in play before changing the seeds.',
    el: 'Ολοκληρώστε τον γύρο που παίζεται πριν αλλάξετε τους σπόρους.',
  },
  'studio.refused': {
    status: 409,
    en: 'The round was refused ({reason}); no stake was taken.',
    el: 'Ο γύρος απορρίφθηκε ({reason})· δεν χρεώθηκε ποντάρισμα.',
  },
  'studio.too_soon': {
    status: 429,
    en: 'A round of this game can start only {seconds} seconds after the last one began.',
    el: 'Ένας γύρος αυτού του παιχνιδιού μπορεί να ξεκινήσει μόνο {seconds} δευτερόλεπτα μετά την έναρξη του προηγούμενου.',
  },
  'studio.launch_unsigned': {
    status: 401,
    en: 'The launch is not signed with this studio’s secret in the last five minutes.',
    el: 'Η εκκίνηση δεν έχει υπογραφεί με το μυστικό κλειδί αυτού του στούντιο μέσα στα τελευταία πέντε λεπτά.',
  },
  'studio.launch_invalid': {
    status: 422,
    en: 'This field of the launch is missing or not valid.',
    el: 'Αυτό το πεδίο της εκκίνησης λείπει ή δεν είναι έγκυρο.',
  },
  'studio.launch_unknown_game': {
    status: 404,
    en: 'This studio has no game {game}.',
    el: 'Αυτό το στούντιο δεν έχει το παιχνίδι {game}.',
  },
  'studio.launch_currency': {
    status: 422,
    en: 'This studio does not play in {currency}.',
    el: 'Αυτό το στούντιο δεν παίζει σε {currency}.',
  },
  'studio.launch_freespins': {
    status: 422,
    en: 'The game {game} does not play free spins; only slots do.',
    el: 'Το παιχνίδι {game} δεν παίζει δωρεάν περιστροφές· μόνο οι κουλοχέρηδες.',
  },
};

/** The request's language for messages: Greek when Accept-Language starts with `el`, else English. */
export const languageOf = (acceptLanguage: string | undefined): Language =>
  acceptLanguage?.trim().toLowerCase().startsWith('el') ? 'el' : 'en';

/** A code's message in a language, its `{name}` placeholders filled from the parameters. */
export function messageOf(
  code: ErrorCode,
  params: Record<string, string | number> = {},
  language: Language = 'en',
) {
  return errorCatalogue[code][language].replace(/\{(\w+)\}/g, (whole, name: string) =>
    String(params[name] ?? whole),
  );
}
