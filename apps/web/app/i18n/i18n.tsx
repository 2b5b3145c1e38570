import type { Locale } from '@chrysos/rules';
import { createInstance, type i18n } from 'i18next';
import { type ReactNode, useMemo } from 'react';
import { I18nextProvider } from 'react-i18next';

/** One i18next instance per locale, created synchronously so server and browser render the same text. */
function createI18n(locale: Locale, messages: object): i18n {
  const instance = createInstance();
  instance.init({
    lng: locale,
    fallbackLng: false,
    resources: { [locale]: { translation: messages } },
    initAsync: false,
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  return instance;
}

export function I18nProvider({
  locale,
  messages,
  children,
}: {
  locale: Locale;
  messages: object;
  children: ReactNode;
}) {
  const instance = useMemo(() => createI18n(locale, messages), [locale, messages]);
  return <I18nextProvider i18n={instance}>{children}</I18nextProvider>;
}
