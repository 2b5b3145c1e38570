import { localizePath } from '@chrysos/rules';
import { useEffect, useRef } from 'react';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from '../../lib/i18n';
import { useModals } from '../../modals/ModalProvider';
import { Icon, type IconName } from '../../ui/icons/icons';
import { rememberedPlayer } from '../account/remembered-player';
import { isFetched, isLoggedIn, usePlayerSession } from '../player/player-session';
import { useCashierDisabled, useOpenCashier } from './cashier';
import { cashierOutcome, runCashierOutcome, walletDepositPath } from './cashier-rules';
import { useWallet } from './WalletProvider';
import '../../styles/cashier.css';

const steps: { icon: IconName; key: string }[] = [
  { icon: 'coins', key: 'choose' },
  { icon: 'shield-check', key: 'pay' },
  { icon: 'play', key: 'play' },
];

/**
 * Spec §2 /deposit: opens the cashier for a player once they are known (again after a locale
 * change), the Login modal — or the re-login one for a returning player — for a visitor. The page
 * behind it says how depositing works and reopens the cashier.
 */
export function DepositLanding() {
  const { t, locale } = useTranslation();
  const session = usePlayerSession();
  const wallet = useWallet();
  const { open } = useModals();
  const openCashier = useOpenCashier();
  const navigate = useNavigate();
  const cashierDisabled = useCashierDisabled();
  const fetched = isFetched(session);
  const loggedIn = isLoggedIn(session);
  const to = (path: string) => localizePath(path, locale);

  // Once per arrival, login state and language: not again when the player closes the cashier.
  const handled = useRef('');
  useEffect(() => {
    const key = `${fetched}:${loggedIn}:${locale}`;
    if (handled.current === key) return;
    const outcome = cashierOutcome({ fetched, loggedIn, cashierDisabled, via: 'address' });
    const done = runCashierOutcome(outcome, 'deposit', locale, {
      open,
      navigate: (path) => navigate(path, { replace: true }),
      warn: console.warn,
      remembered: rememberedPlayer,
    });
    if (done) handled.current = key;
  }, [fetched, loggedIn, cashierDisabled, locale, open, navigate]);

  const signIn = () => {
    const remembered = rememberedPlayer();
    open('Login', remembered ? { remembered } : undefined);
  };

  return (
    <section className="content-page deposit-page">
      <h1>{t('wallet.depositPage.title')}</h1>
      <p className="content-page__lead">{t('wallet.depositPage.lead')}</p>
      <div className="deposit-page__panel">
        {loggedIn ? (
          <>
            {wallet.ready && wallet.active ? (
              <p className="deposit-page__balance">
                <span>{t('wallet.depositPage.balance')}</span>
                <strong>{wallet.money(wallet.active.amount_cents, wallet.active.currency)}</strong>
              </p>
            ) : null}
            <div className="deposit-page__actions">
              <button
                type="button"
                className="button button--primary button--large"
                onClick={() => openCashier()}
              >
                {t('wallet.depositPage.open')}
              </button>
              <Link to={to(walletDepositPath)} className="button button--ghost button--large">
                {t('wallet.depositPage.onPage')}
              </Link>
            </div>
          </>
        ) : (
          <>
            <p>{t('wallet.depositPage.signInPrompt')}</p>
            <div className="deposit-page__actions">
              <button type="button" className="button button--primary button--large" onClick={signIn}>
                {t('header.signIn')}
              </button>
              <Link to={to('/users/sign_up')} className="button button--ghost button--large">
                {t('header.signUp')}
              </Link>
            </div>
          </>
        )}
      </div>
      <h2 className="deposit-page__how">{t('wallet.depositPage.how')}</h2>
      <ol className="deposit-steps">
        {steps.map((step) => (
          <li key={step.key} className="deposit-step">
            <span className="deposit-step__icon" aria-hidden="true">
              <Icon name={step.icon} size={26} />
            </span>
            <h3>{t(`wallet.depositPage.steps.${step.key}.title`)}</h3>
            <p>{t(`wallet.depositPage.steps.${step.key}.text`)}</p>
          </li>
        ))}
      </ol>
      <p className="deposit-page__methods">
        <Link to={to('/payments')}>{t('wallet.depositPage.methods')}</Link>
      </p>
    </section>
  );
}
