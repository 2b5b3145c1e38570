import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { isLoggedIn, usePlayerSession } from '../features/player/player-session';
import { useTranslation } from '../lib/i18n';
import { focusFirstField } from '../ui/focus';
import { useModals } from './ModalProvider';
import { PendingModal } from './PendingModal';
import type { ModalName } from './registry';

/**
 * A modal body that is not part of a page's first load (the account and cashier forms bring the
 * validation rules and the phone-number data with them): each is fetched once the page is idle, so
 * it is there when the visitor reaches for it, or when opened, whichever comes first.
 * Once fetched a body renders at once, with no fallback in between to swallow the first keys typed.
 */
interface Deferred {
  /** The body once fetched. */
  loaded: React.ComponentType | null;
  Lazy: React.ComponentType;
  preload(): Promise<unknown>;
}

function deferredBody<M>(load: () => Promise<M>, pick: (module: M) => React.ComponentType): Deferred {
  const body: Deferred = {
    loaded: null,
    Lazy: lazy(() => load().then((module) => ({ default: pick(module) }))),
    preload: () =>
      load().then((module) => {
        body.loaded = pick(module);
      }),
  };
  return body;
}

function DeferredBody({ body }: { body: Deferred }) {
  // Chosen once per opening: switching from the lazy wrapper to the loaded body while the modal is
  // open would mount it afresh and lose what the player has typed.
  const [Component] = useState(() => body.loaded ?? body.Lazy);
  return <Component />;
}

const accountModals = () => import('../features/account/AccountModals');
const menu = deferredBody(
  () => import('../features/chrome/MenuModal'),
  (module) => module.MenuModal,
);
const gameMenu = deferredBody(
  () => import('../features/games/GameMenuModal'),
  (module) => module.GameMenuModal,
);
const leaveWebView = deferredBody(
  () => import('../features/pwa/LeaveWebViewModal'),
  (module) => module.LeaveWebViewModal,
);
const search = deferredBody(
  () => import('../features/games/SearchGamesModal'),
  (module) => module.SearchGamesModal,
);
const login = deferredBody(accountModals, (module) => module.LoginModal);
const register = deferredBody(accountModals, (module) => module.RegisterModal);
const resetPassword = deferredBody(accountModals, (module) => module.ResetPasswordModal);
const changePassword = deferredBody(accountModals, (module) => module.ChangePasswordModal);
const unlockProfile = deferredBody(accountModals, (module) => module.UnlockProfileModal);
const completeRegistration = deferredBody(
  () => import('../features/account/CompleteRegistrationModal'),
  (module) => module.CompleteRegistrationModal,
);
const notificationsList = deferredBody(
  () => import('../features/notifications/NotificationsListModal'),
  (module) => module.NotificationsListModal,
);
const cashier = deferredBody(
  () => import('../features/cashier/CashierModal'),
  (module) => module.CashierModal,
);
const prize = deferredBody(
  () => import('../features/bonuses/PrizeModal'),
  (module) => module.PrizeModal,
);

/** What a visitor is likely to open next: menus, game search and the account forms; the cashier for a player. */
const forVisitors = [menu, gameMenu, search, login, register, resetPassword, unlockProfile];
const forPlayers = [menu, gameMenu, search, cashier, notificationsList, changePassword, completeRegistration];

function usePreloadWhenIdle(bodies: { preload: () => Promise<unknown> }[]) {
  useEffect(() => {
    const preload = () => {
      for (const body of bodies) void body.preload().catch(() => undefined);
    };
    if ('requestIdleCallback' in window) {
      const id = window.requestIdleCallback(preload, { timeout: 4000 });
      return () => window.cancelIdleCallback(id);
    }
    const timer = setTimeout(preload, 2000);
    return () => clearTimeout(timer);
  }, [bodies]);
}

/** Tells the host that a body fetched on demand is now on screen (it commits with the body). */
function Shown({ onShown }: { onShown: () => void }) {
  useEffect(() => onShown(), [onShown]);
  return null;
}

const bodies: Partial<Record<ModalName, Deferred>> = {
  Menu: menu,
  GameMenu: gameMenu,
  SearchGames: search,
  LeaveWebView: leaveWebView,
  Login: login,
  LoginAnon: login,
  Register: register,
  RegisterAnon: register,
  ResetPassword: resetPassword,
  ChangePassword: changePassword,
  CompleteRegistration: completeRegistration,
  UnlockProfile: unlockProfile,
  CashierAuth: cashier,
  NotificationsList: notificationsList,
  Prize: prize,
};

function ModalBody({ name }: { name: ModalName }) {
  const body = bodies[name];
  return body ? <DeferredBody body={body} /> : <PendingModal name={name} />;
}

/** Renders the open modals in stack order; the top one answers Escape. */
export function ModalHost() {
  const { stack, close } = useModals();
  const { t } = useTranslation();
  const top = stack.at(-1)?.name;
  usePreloadWhenIdle(isLoggedIn(usePlayerSession()) ? forPlayers : forVisitors);
  // Counts bodies shown after loading, so the focus moves into one that arrived after its modal opened.
  const [shown, setShown] = useState(0);
  const bodyShown = useCallback(() => setShown((count) => count + 1), []);

  useEffect(() => {
    if (!top) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') close(top);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [top, close]);

  // The modal on top takes the focus, on the first form field still to fill in when it has one; when
  // the last modal closes, the focus goes back where it was before.
  const focusBefore = useRef<HTMLElement | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `shown` asks to look again
  useEffect(() => {
    if (!top) {
      focusBefore.current?.focus();
      focusBefore.current = null;
      return;
    }
    const panel = document.querySelector<HTMLElement>(`[data-modal="${top}"] .modal__panel`);
    const active = document.activeElement;
    if (!panel || (panel.contains(active) && active !== panel)) return;
    if (!focusBefore.current && document.activeElement instanceof HTMLElement) {
      focusBefore.current = document.activeElement;
    }
    if (!focusFirstField(panel) && active !== panel) panel.focus();
  }, [top, shown]);

  return (
    <>
      {stack.map(({ name }, position) => {
        return (
          <div key={name} className="modal" style={{ zIndex: 100 + position }} data-modal={name}>
            <button
              type="button"
              className="modal__backdrop"
              aria-label={t('modals.close')}
              tabIndex={-1}
              onClick={() => close(name)}
            />
            <div
              className="modal__panel"
              role="dialog"
              aria-modal="true"
              tabIndex={-1}
              aria-labelledby={`modal-title-${name}`}
            >
              <header className="modal__header">
                <h2 id={`modal-title-${name}`}>{t(`modals.names.${name}`)}</h2>
                <button
                  type="button"
                  className="modal__close"
                  aria-label={t('modals.close')}
                  onClick={() => close(name)}
                >
                  ×
                </button>
              </header>
              <Suspense
                fallback={
                  <div className="modal__body modal__loading">
                    <span className="spinner" aria-hidden="true" />
                  </div>
                }
              >
                <ModalBody name={name} />
                <Shown onShown={bodyShown} />
              </Suspense>
            </div>
          </div>
        );
      })}
    </>
  );
}
