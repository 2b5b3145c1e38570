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
import { isFetched, isLoggedIn, usePlayerSession } from '../player/player-session';
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

/**
 * Holds the modal stack, opens the modal a URL hash names (once the player session is known), and
 * closes modals whose Anon/Auth condition stops holding when the login state changes.
 */
export function ModalProvider({ children }: { children: ReactNode }) {
  const session = usePlayerSession();
  const loggedIn = isLoggedIn(session);
  const fetched = isFetched(session);
  const [stack, dispatch] = useReducer(modalStackReducer, []);
  const location = useLocation();
  const navigate = useNavigate();

  useEffect(() => {
    dispatch({ type: 'loginChanged', loggedIn });
  }, [loggedIn]);

  // The hash opens a modal when it changes (or once the session is known), not again when the player
  // signs in from that very modal.
  const loggedInNow = useRef(loggedIn);
  loggedInNow.current = loggedIn;
  useEffect(() => {
    if (!fetched) return;
    const name = modalFromHash(location.hash, loggedInNow.current);
    if (name) dispatch({ type: 'open', name, loggedIn: loggedInNow.current });
  }, [location.hash, fetched]);

  const open = useCallback(
    (name: ModalName, data?: unknown) => dispatch({ type: 'open', name, data, loggedIn }),
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
