import { type Locale, localizePath } from '@chrysos/rules';
import type { ModalName } from '../../modals/registry';
import type { RememberedPlayer } from '../account/remembered-player';

/**
 * Spec §2/§4 cashier: /deposit and any URL hash containing `cashier` open it for a logged-in player,
 * once the player is fetched; an anonymous visitor who asked for it through the address gets the
 * Login modal instead; code that opens it without a player only logs a warning; and in a country
 * whose cashier is disabled the player is sent to /profile/wallet/deposit.
 */
export type CashierOutcome =
  /** The player is not known yet: decide again once they are. */
  'wait' | 'open' | 'login' | 'warn' | 'redirect';

/** The page players of cashier-disabled countries deposit on. */
export const walletDepositPath = '/profile/wallet/deposit';

export type CashierTab = 'deposit' | 'withdraw';

/** Data of the CashierAuth modal: the tab it opens on. */
export interface CashierModalData {
  tab: CashierTab;
}

/** Where a player of a cashier-disabled country does what the cashier tab would have done. */
export const walletPathFor = (tab: CashierTab) =>
  tab === 'withdraw' ? '/profile/wallet/withdrawal' : walletDepositPath;

export const cashierNotLoggedInWarning =
  'Cashier: not opened, as nobody is signed in (a visitor asking for it by address gets the Login modal).';

export function cashierOutcome(state: {
  fetched: boolean;
  loggedIn: boolean;
  cashierDisabled: boolean;
  /** `address`: /deposit or a #cashier hash; `call`: a button or other code of the site. */
  via: 'address' | 'call';
}): CashierOutcome {
  if (!state.fetched) return state.via === 'call' ? 'warn' : 'wait';
  if (!state.loggedIn) return state.via === 'address' ? 'login' : 'warn';
  return state.cashierDisabled ? 'redirect' : 'open';
}

/** Whether a URL hash asks for the cashier: any hash containing "cashier", in any case. */
export function isCashierHash(hash: string): boolean {
  let value = hash.replace(/^#/, '');
  try {
    value = decodeURIComponent(value);
  } catch {
    // A malformed escape: read the hash as it is.
  }
  return /cashier/i.test(value);
}

/** The tab a cashier hash asks for: `#cashier-withdraw` (or `#cashier/withdrawal`) opens Withdraw. */
export function cashierTabFromHash(hash: string): CashierTab {
  return isCashierHash(hash) && /withdraw|cashout/i.test(hash) ? 'withdraw' : 'deposit';
}

/** Carries out what the cashier rules decided; false while the player is not known yet. */
export function runCashierOutcome(
  outcome: CashierOutcome,
  tab: CashierTab,
  locale: Locale,
  actions: {
    open: (name: ModalName, data?: unknown) => void;
    navigate: (path: string) => void;
    warn: (message: string) => void;
    /** Who last signed in on this device, for the re-login modal (early login, spec §3). */
    remembered: () => RememberedPlayer | null;
  },
): boolean {
  switch (outcome) {
    case 'wait':
      return false;
    case 'warn':
      actions.warn(cashierNotLoggedInWarning);
      return true;
    case 'login': {
      const remembered = actions.remembered();
      actions.open('Login', remembered ? { remembered } : undefined);
      return true;
    }
    case 'redirect':
      actions.navigate(localizePath(walletPathFor(tab), locale));
      return true;
    case 'open':
      actions.open('CashierAuth', { tab } satisfies CashierModalData);
      return true;
  }
}
