import { useState } from 'react';
import { useTranslation } from '../../lib/i18n';
import { useModalData, useModals } from '../../modals/ModalProvider';
import { usePlayer } from '../player/player-session';
import { SignInForm, SignUpForm } from './AuthForms';
import { ChangePasswordForm } from './ChangePasswordForm';
import { EmailRequestForm } from './EmailRequestForm';
import { RegisterPanel } from './RegisterPanel';
import { forgetRememberedPlayer, type RememberedPlayer } from './remembered-player';

/** Data of the Login modal: the player remembered on this device, for a returning visitor (spec §2). */
export interface LoginModalData {
  remembered: RememberedPlayer;
}

/**
 * The Login modal: sign in where you are, or switch to registration. Opened with a remembered player
 * (early login), it greets them by name with their email filled in; "Not you?" forgets them.
 */
export function LoginModal() {
  const { t } = useTranslation();
  const { stack, open, close } = useModals();
  const name = stack.some((modal) => modal.name === 'LoginAnon') ? 'LoginAnon' : 'Login';
  const { remembered } = useModalData<LoginModalData>(name);
  const [forgotten, setForgotten] = useState(false);
  const returning = remembered && !forgotten ? remembered : null;

  const greeting = returning ? (
    <div className="welcome-back">
      <p className="welcome-back__title">
        {returning.first_name
          ? t('auth.welcomeBack', { name: returning.first_name })
          : t('auth.welcomeBackAnonymous')}
      </p>
      <p className="welcome-back__lead">{t('auth.welcomeBackLead')}</p>
      <button
        type="button"
        className="link-button link-button--inline"
        onClick={() => {
          forgetRememberedPlayer();
          setForgotten(true);
        }}
      >
        {t('auth.notYou')}
      </button>
    </div>
  ) : undefined;

  return (
    <div className="modal__body">
      <SignInForm
        idPrefix="login-modal"
        initialEmail={returning?.email ?? ''}
        greeting={greeting}
        onDone={() => close(name)}
        onForgotPassword={(email) => open('ResetPassword', { email })}
      />
      <button
        type="button"
        className="link-button"
        onClick={() => {
          close(name);
          open('Register');
        }}
      >
        {t('auth.noAccount')}
      </button>
    </div>
  );
}

/** The Register modal: create an account without leaving the page. */
export function RegisterModal() {
  const { t } = useTranslation();
  const { stack, open, close } = useModals();
  const name = stack.some((modal) => modal.name === 'RegisterAnon') ? 'RegisterAnon' : 'Register';
  return (
    <div className="modal__body">
      <RegisterPanel />
      <SignUpForm idPrefix="register-modal" onDone={() => close(name)} />
      <button
        type="button"
        className="link-button"
        onClick={() => {
          close(name);
          open('Login');
        }}
      >
        {t('auth.haveAccount')}
      </button>
    </div>
  );
}

/** ResetPassword: email a link to choose a new password; the answer never tells whether the account exists. */
export function ResetPasswordModal() {
  const { t } = useTranslation();
  const { email } = useModalData<{ email: string }>('ResetPassword');
  return (
    <div className="modal__body">
      <p>{t('password.request.lead')}</p>
      <EmailRequestForm
        kind="password"
        idPrefix="reset-password-modal"
        initialEmail={typeof email === 'string' ? email : ''}
      />
    </div>
  );
}

/** ChangePassword (signed-in players only): current password, then the new one twice. */
export function ChangePasswordModal() {
  const { t } = useTranslation();
  const { close } = useModals();
  const player = usePlayer();
  if (!player) return null;
  return (
    <div className="modal__body">
      <p>{t('password.change.lead')}</p>
      <ChangePasswordForm
        idPrefix="change-password-modal"
        account={{ email: player.email, passwordSet: player.password_set }}
        onDone={() => close('ChangePassword')}
      />
    </div>
  );
}

/** UnlockProfile: email the link that lifts the lock after too many wrong passwords. */
export function UnlockProfileModal() {
  const { t } = useTranslation();
  return (
    <div className="modal__body">
      <p>{t('unlock.request.lead')}</p>
      <EmailRequestForm kind="unlock" idPrefix="unlock-modal" />
    </div>
  );
}
