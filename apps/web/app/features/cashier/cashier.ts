import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from '../../lib/i18n';
import { useRootData } from '../../lib/route-data';
import { useModals } from '../../modals/ModalProvider';
import { rememberedPlayer } from '../account/remembered-player';
import { isFetched, isLoggedIn, usePlayerSession } from '../player/player-session';
import { type CashierTab, cashierOutcome, runCashierOutcome } from './cashier-rules';

/** Whether this visitor's country has the cashier window switched off (from the root loader). */
export function useCashierDisabled(): boolean {
  return useRootData()?.cashierDisabled ?? false;
}

/**
 * Opens the cashier from a button or other code: for a player it opens (or, where it is disabled,
 * goes to the wallet page); without a signed-in player it only logs a warning.
 */
export function useOpenCashier(): (tab?: CashierTab) => void {
  const session = usePlayerSession();
  const { open } = useModals();
  const navigate = useNavigate();
  const { locale } = useTranslation();
  const cashierDisabled = useCashierDisabled();
  const fetched = isFetched(session);
  const loggedIn = isLoggedIn(session);
  return useCallback(
    (tab: CashierTab = 'deposit') => {
      const outcome = cashierOutcome({ fetched, loggedIn, cashierDisabled, via: 'call' });
      runCashierOutcome(outcome, tab, locale, {
        open,
        navigate,
        warn: console.warn,
        remembered: rememberedPlayer,
      });
    },
    [fetched, loggedIn, cashierDisabled, locale, open, navigate],
  );
}
