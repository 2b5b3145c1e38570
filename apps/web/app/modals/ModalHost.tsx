import { useEffect } from 'react';
import { useTranslation } from '../i18n/i18n';
import { LoginModal, RegisterModal } from './bodies/AccountModals';
import { GameMenuModal } from './bodies/GameMenuModal';
import { LeaveWebViewModal } from './bodies/LeaveWebViewModal';
import { MenuModal } from './bodies/MenuModal';
import { PendingModal } from './bodies/PendingModal';
import { useModals } from './ModalProvider';
import type { ModalName } from './registry';

const bodies: Partial<Record<ModalName, () => React.ReactNode>> = {
  Menu: MenuModal,
  GameMenu: GameMenuModal,
  LeaveWebView: LeaveWebViewModal,
  Login: LoginModal,
  LoginAnon: LoginModal,
  Register: RegisterModal,
  RegisterAnon: RegisterModal,
};

/** Renders the open modals in stack order; the top one answers Escape. */
export function ModalHost() {
  const { stack, close } = useModals();
  const { t } = useTranslation();
  const top = stack.at(-1)?.name;

  useEffect(() => {
    if (!top) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') close(top);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [top, close]);

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
              <Body />
            </div>
          </div>
        );
      })}
    </>
  );
}
