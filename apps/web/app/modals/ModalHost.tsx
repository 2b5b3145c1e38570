import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from '../lib/i18n';
import { focusFirstField, keepFocusIn } from '../ui/focus';
import { useModals } from './ModalProvider';
import type { ModalName } from './registry';

/**
 * A modal body is not part of a page's first load (the account and cashier forms bring the validation
 * rules and the phone-number data with them): each is fetched when its modal first opens, behind the
 * spinner, and is there at once on every later opening. Fetching them all once the page was idle
 * made a visitor's phone download 19 more files on every first visit (issue 20).
 */
function lazyBody<M>(load: () => Promise<M>, pick: (module: M) => React.ComponentType) {
  return lazy(() => load().then((module) => ({ default: pick(module) })));
}

const accountModals = () => import('../features/account/AccountModals');
const menu = lazyBody(
  () => import('../features/chrome/MenuModal'),
  (module) => module.MenuModal,
);
const gameMenu = lazyBody(
  () => import('../features/games/GameMenuModal'),
  (module) => module.GameMenuModal,
);
const leaveWebView = lazyBody(
  () => import('../features/pwa/LeaveWebViewModal'),
  (module) => module.LeaveWebViewModal,
);
const search = lazyBody(
  () => import('../features/games/SearchGamesModal'),
  (module) => module.SearchGamesModal,
);
const login = lazyBody(accountModals, (module) => module.LoginModal);
const register = lazyBody(accountModals, (module) => module.RegisterModal);
const resetPassword = lazyBody(accountModals, (module) => module.ResetPasswordModal);
const changePassword = lazyBody(accountModals, (module) => module.ChangePasswordModal);
const unlockProfile = lazyBody(accountModals, (module) => module.UnlockProfileModal);
const completeRegistration = lazyBody(
  () => import('../features/account/CompleteRegistrationModal'),
  (module) => module.CompleteRegistrationModal,
);
const notificationsList = lazyBody(
  () => import('../features/notifications/NotificationsListModal'),
  (module) => module.NotificationsListModal,
);
const cashier = lazyBody(
  () => import('../features/cashier/CashierModal'),
  (module) => module.CashierModal,
);
const prize = lazyBody(
  () => import('../features/wheel/PrizeModal'),
  (module) => module.PrizeModal,
);
const fortuneWheel = lazyBody(
  () => import('../features/wheel/FortuneWheelModal'),
  (module) => module.FortuneWheelModal,
);
const thankYou = lazyBody(
  () => import('../features/crm/ThankYouModal'),
  (module) => module.ThankYouModal,
);
const confirmProfile = lazyBody(
  () => import('../features/account/ConfirmProfileModal'),
  (module) => module.ConfirmProfileModal,
);
const duplicateUserInfo = lazyBody(
  () => import('../features/account/DuplicateUserInfoModal'),
  (module) => module.DuplicateUserInfoModal,
);
const fillProfile = lazyBody(
  () => import('../features/account/FillProfileModal'),
  (module) => module.FillProfileModal,
);
const welcomePackLost = lazyBody(
  () => import('../features/bonuses/WelcomePackLostModal'),
  (module) => module.WelcomePackLostModal,
);
const iosAppReviews = lazyBody(
  () => import('../features/pwa/IosAppReviewsModal'),
  (module) => module.IosAppReviewsModal,
);
const iosAppShare = lazyBody(
  () => import('../features/pwa/IosAppShareModal'),
  (module) => module.IosAppShareModal,
);

/** Tells the host that a body fetched on demand is now on screen (it commits with the body). */
function Shown({ onShown }: { onShown: () => void }) {
  useEffect(() => onShown(), [onShown]);
  return null;
}

const bodies: Record<ModalName, React.ComponentType> = {
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
  FortuneWheel: fortuneWheel,
  ThankYou: thankYou,
  ConfirmProfile: confirmProfile,
  DuplicateUserInfo: duplicateUserInfo,
  FillProfileAuth: fillProfile,
  WelcomePackLooseAuth: welcomePackLost,
  IosAppReviews: iosAppReviews,
  IosAppShare: iosAppShare,
};

function ModalBody({ name }: { name: ModalName }) {
  const Body = bodies[name];
  return <Body />;
}

/** Renders the open modals in stack order; the top one answers Escape and keeps Tab inside it. */
export function ModalHost() {
  const { stack, close } = useModals();
  const { t } = useTranslation();
  const top = stack.at(-1)?.name;
  // Counts bodies shown after loading, so the focus moves into one that arrived after its modal opened.
  const [shown, setShown] = useState(0);
  const bodyShown = useCallback(() => setShown((count) => count + 1), []);

  useEffect(() => {
    if (!top) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') close(top);
      const panel = document.querySelector<HTMLElement>(`[data-modal="${top}"] .modal__panel`);
      if (panel) keepFocusIn(panel, event);
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
