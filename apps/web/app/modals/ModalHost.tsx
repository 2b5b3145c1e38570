import { lazy, Suspense, useEffect, useRef } from 'react';
import { focusFirstField } from '../account/fields';
import { useTranslation } from '../i18n/i18n';
import {
  ChangePasswordModal,
  LoginModal,
  RegisterModal,
  ResetPasswordModal,
  UnlockProfileModal,
} from './bodies/AccountModals';
import { CashierModal } from './bodies/CashierModal';
import { CompleteRegistrationModal } from './bodies/CompleteRegistrationModal';
import { GameMenuModal } from './bodies/GameMenuModal';
import { LeaveWebViewModal } from './bodies/LeaveWebViewModal';
import { MenuModal } from './bodies/MenuModal';
import { PendingModal } from './bodies/PendingModal';
import { useModals } from './ModalProvider';
import type { ModalName } from './registry';

/**
 * Game search is not part of a page's first load: it is fetched once the page is idle (so it is there
 * when the visitor starts typing), or when opened, whichever comes first.
 */
let searchGamesBody: React.ComponentType | null = null;
const loadSearchGames = () =>
  import('./bodies/SearchGamesModal').then((module) => {
    searchGamesBody = module.SearchGamesModal;
    return module;
  });
const LazySearchGames = lazy(() =>
  loadSearchGames().then((module) => ({ default: module.SearchGamesModal })),
);
/** Once loaded it renders at once: no fallback in between to swallow the first letters typed. */
function SearchGamesModal() {
  const Body = searchGamesBody ?? LazySearchGames;
  return <Body />;
}
function usePreloadWhenIdle(load: () => Promise<unknown>) {
  useEffect(() => {
    const preload = () => void load().catch(() => undefined);
    if ('requestIdleCallback' in window) {
      const id = window.requestIdleCallback(preload, { timeout: 4000 });
      return () => window.cancelIdleCallback(id);
    }
    const timer = setTimeout(preload, 2000);
    return () => clearTimeout(timer);
  }, [load]);
}

const bodies: Partial<Record<ModalName, React.ComponentType>> = {
  Menu: MenuModal,
  GameMenu: GameMenuModal,
  SearchGames: SearchGamesModal,
  LeaveWebView: LeaveWebViewModal,
  Login: LoginModal,
  LoginAnon: LoginModal,
  Register: RegisterModal,
  RegisterAnon: RegisterModal,
  ResetPassword: ResetPasswordModal,
  ChangePassword: ChangePasswordModal,
  CompleteRegistration: CompleteRegistrationModal,
  UnlockProfile: UnlockProfileModal,
  CashierAuth: CashierModal,
};

/** Renders the open modals in stack order; the top one answers Escape. */
export function ModalHost() {
  const { stack, close } = useModals();
  const { t } = useTranslation();
  const top = stack.at(-1)?.name;
  usePreloadWhenIdle(loadSearchGames);

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
  useEffect(() => {
    if (!top) {
      focusBefore.current?.focus();
      focusBefore.current = null;
      return;
    }
    const panel = document.querySelector<HTMLElement>(`[data-modal="${top}"] .modal__panel`);
    if (!panel || panel.contains(document.activeElement)) return;
    if (!focusBefore.current && document.activeElement instanceof HTMLElement) {
      focusBefore.current = document.activeElement;
    }
    if (!focusFirstField(panel)) panel.focus();
  }, [top]);

  return (
    <>
      {stack.map(({ name }, position) => {
        const Body = bodies[name] ?? (() => <PendingModal name={name} />);
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
                <Body />
              </Suspense>
            </div>
          </div>
        );
      })}
    </>
  );
}
