import {
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useReducer,
  useRef,
} from 'react';
import { useLocation, useNavigate } from 'react-router';
import { rememberedPlayer } from '../features/account/remembered-player';
import {
  cashierNotLoggedInWarning,
  cashierOutcome,
  cashierTabFromHash,
  isCashierHash,
  runCashierOutcome,
} from '../features/cashier/cashier-rules';
import { isFetched, isLoggedIn, usePlayerSession } from '../features/player/player-session';
import { useTranslation } from '../lib/i18n';
import { useRootData } from '../lib/route-data';
import { type ModalStack, modalFromHash, modalStackReducer } from './modal-stack';
import type { ModalName } from './registry';

interface Modals {
  stack: ModalStack;
  open(name: ModalName, data?: unknown): void;
  close(name: ModalName): void;
}

const ModalContext = createContext<Modals | null>(null);

export function useModals(): Modals {
  const modals = useContext(ModalContext);
  if (!modals) throw new Error('useModals must be used inside <ModalProvider>');
  return modals;
}

/** The data a modal was opened with, when it is of the expected shape (none when opened by hash). */
export function useModalData<T extends object>(name: ModalName): Partial<T> {
  const { stack } = useModals();
  const data = stack.find((modal) => modal.name === name)?.data;
  return data && typeof data === 'object' ? (data as Partial<T>) : {};
}

/**
 * Holds the modal stack, opens the modal a URL hash names (once the player session is known), and
 * closes modals whose Anon/Auth condition stops holding when the login state changes. A hash asking
 * for the cashier follows the cashier rules (app/features/cashier/cashier-rules.ts): the Login modal
 * for a visitor, the wallet deposit page where the cashier is disabled.
 */
export function ModalProvider({ children }: { children: ReactNode }) {
  const session = usePlayerSession();
  const loggedIn = isLoggedIn(session);
  const fetched = isFetched(session);
  const [stack, dispatch] = useReducer(modalStackReducer, []);
  const location = useLocation();
  const navigate = useNavigate();
  const { locale } = useTranslation();
  const cashierDisabled = useRootData()?.cashierDisabled ?? false;

  useEffect(() => {
    dispatch({ type: 'loginChanged', loggedIn });
  }, [loggedIn]);

  // The hash opens a modal when it changes (or once the session is known), not again when the player
  // signs in from that very modal.
  const now = useRef({ loggedIn, cashierDisabled, locale, navigate });
  now.current = { loggedIn, cashierDisabled, locale, navigate };
  useEffect(() => {
    if (!fetched) return;
    const { loggedIn, cashierDisabled, locale, navigate } = now.current;
    if (isCashierHash(location.hash)) {
      const outcome = cashierOutcome({ fetched, loggedIn, cashierDisabled, via: 'address' });
      runCashierOutcome(outcome, cashierTabFromHash(location.hash), locale, {
        open: (name, data) => dispatch({ type: 'open', name, data, loggedIn }),
        navigate: (path) => navigate(path, { replace: true }),
        warn: console.warn,
        remembered: rememberedPlayer,
      });
      return;
    }
    const name = modalFromHash(location.hash, loggedIn);
    if (name) dispatch({ type: 'open', name, loggedIn });
  }, [location.hash, fetched]);

  const open = useCallback(
    (name: ModalName, data?: unknown) => {
      // Spec §4: the cashier asked for without a player opens nothing and says why in the console.
      if (name === 'CashierAuth' && !loggedIn) {
        console.warn(cashierNotLoggedInWarning);
        return;
      }
      dispatch({ type: 'open', name, data, loggedIn });
    },
    [loggedIn],
  );
  const close = useCallback(
    (name: ModalName) => {
      dispatch({ type: 'close', name });
      // A modal opened from the address keeps no hash behind: reloading must not reopen it.
      if (modalFromHash(window.location.hash, loggedIn) === name) {
        navigate(
          { pathname: window.location.pathname, search: window.location.search },
          { replace: true, preventScrollReset: true },
        );
      }
    },
    [loggedIn, navigate],
  );

  const value = useMemo(() => ({ stack, open, close }), [stack, open, close]);
  return <ModalContext.Provider value={value}>{children}</ModalContext.Provider>;
}
