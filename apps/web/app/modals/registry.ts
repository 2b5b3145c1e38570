/**
 * Every modal of spec §2, by the name used in code and in URL hashes (`/#Login`). Names ending in
 * `Anon` open only for anonymous visitors, names ending in `Auth` only for logged-in players.
 */
export const modalNames = [
  'Login',
  'LoginAnon',
  'Register',
  'RegisterAnon',
  'ResetPassword',
  'ChangePassword',
  'CompleteRegistration',
  'ConfirmProfile',
  'DuplicateUserInfo',
  'FillProfileAuth',
  'UnlockProfile',
  'WelcomePackLooseAuth',
  'NotificationsList',
  'CashierAuth',
  'FortuneWheel',
  'Prize',
  'SearchGames',
  'GameMenu',
  'Menu',
  'ThankYou',
  'LeaveWebView',
  'IosAppReviews',
  'IosAppShare',
] as const;

export type ModalName = (typeof modalNames)[number];

export function isModalName(value: string): value is ModalName {
  return (modalNames as readonly string[]).includes(value);
}

/** Modals about the signed-in player's own account: like the `Auth` ones, never for a visitor. */
const accountModals: readonly ModalName[] = ['ChangePassword', 'CompleteRegistration'];

/** Whether a modal may be open for a visitor in this login state. */
export function modalAllowed(name: ModalName, loggedIn: boolean): boolean {
  if (name.endsWith('Anon')) return !loggedIn;
  if (name.endsWith('Auth') || accountModals.includes(name)) return loggedIn;
  return true;
}
