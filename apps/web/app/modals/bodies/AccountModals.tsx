import { SignInForm, SignUpForm } from '../../account/AuthForms';
import { useTranslation } from '../../i18n/i18n';
import { useModals } from '../ModalProvider';

/** The Login modal: sign in where you are, or switch to registration. */
export function LoginModal() {
  const { t } = useTranslation();
  const { stack, open, close } = useModals();
  const name = stack.some((modal) => modal.name === 'LoginAnon') ? 'LoginAnon' : 'Login';
  return (
    <div className="modal__body">
      <SignInForm onDone={() => close(name)} />
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
      <SignUpForm onDone={() => close(name)} />
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
