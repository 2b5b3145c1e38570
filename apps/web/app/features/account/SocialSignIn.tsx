import type { AuthProvider } from '@chrysos/contract';
import { useEffect, useState } from 'react';
import { useTranslation } from '../../lib/i18n';
import { GoogleButton } from '../../ui/icons/GoogleButton';
import { useAuthProviders } from './form-api';
import { referralQueryFor, socialSignInHref } from './referral-storage';

/** How a provider writes its own name. */
const providerNames: Record<string, string> = {
  google: 'Google',
  facebook: 'Facebook',
  apple: 'Apple',
  twitter: 'X',
  x: 'X',
  telegram: 'Telegram',
  discord: 'Discord',
  microsoft: 'Microsoft',
  yahoo: 'Yahoo',
  vkontakte: 'VK',
};

/** The operator's label for the provider, else how the provider writes its own name. */
export const providerName = ({ name, label }: AuthProvider) =>
  label ??
  providerNames[name.toLowerCase()] ??
  name.replace(/[_-]+/g, ' ').replace(/^\w/, (first) => first.toUpperCase());

/**
 * Spec §2/§7 social sign-in: one link per provider the casino offers (GET /info/auth_providers), to the
 * provider's sign-in path with the kept referral tags and the page's language. Nothing at all, not even
 * the "or" line, when no provider is offered.
 */
export function SocialSignIn({ mode }: { mode: 'signIn' | 'signUp' }) {
  const { t, locale } = useTranslation();
  const providers = useAuthProviders();
  // The referral tags live in the browser's storage, so links are completed after hydration.
  const [referral, setReferral] = useState('');
  useEffect(() => setReferral(referralQueryFor(window.location.search)), []);

  if (!providers || providers.length === 0) return null;
  const href = (provider: AuthProvider) => socialSignInHref(provider.url, referral, locale);
  return (
    <div className="social-sign-in">
      <ul className="social-sign-in__list" aria-label={t('auth.socialLabel')}>
        {providers.map((provider) => (
          <li key={provider.name}>
            {provider.name.toLowerCase() === 'google' ? (
              <GoogleButton
                theme="light"
                shape="round"
                text={mode === 'signIn' ? 'SI' : 'SU'}
                locale={locale}
                href={href(provider)}
              />
            ) : (
              <a
                className={`social-button social-button--${provider.name.toLowerCase().replace(/[^a-z0-9]/g, '')}`}
                href={href(provider)}
              >
                <span className="social-button__initial" aria-hidden="true">
                  {providerName(provider).charAt(0)}
                </span>
                {t('auth.continueWith', { provider: providerName(provider) })}
              </a>
            )}
          </li>
        ))}
      </ul>
      <p className="social-sign-in__or">
        <span>{t('auth.orWithEmail')}</span>
      </p>
    </div>
  );
}
