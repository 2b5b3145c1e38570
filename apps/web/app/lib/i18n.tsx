import type { Locale } from '@chrysos/rules';
import { createContext, type ReactNode, useContext, useMemo } from 'react';

/**
 * UI translations: each page receives its locale's catalogue from the root loader, and `t('a.b', {x})`
 * looks a message up by path and fills `{{x}}` placeholders. Deliberately small — a full i18n library
 * cost a fifth of the first-load JavaScript budget for features the site does not use.
 */
export type Translate = (key: string, params?: Record<string, string | number>) => string;

export function createTranslator(messages: object): Translate {
  return (key, params) => {
    let node: unknown = messages;
    for (const part of key.split('.')) node = (node as Record<string, unknown> | undefined)?.[part];
    if (typeof node !== 'string') return key;
    return params
      ? node.replace(/{{\s*(\w+)\s*}}/g, (whole, name: string) => String(params[name] ?? whole))
      : node;
  };
}

const I18nContext = createContext<{ t: Translate; locale: Locale }>({ t: (key) => key, locale: 'en' });

export function I18nProvider({
  locale,
  messages,
  children,
}: {
  locale: Locale;
  messages: object;
  children: ReactNode;
}) {
  const value = useMemo(() => ({ t: createTranslator(messages), locale }), [locale, messages]);
  return <I18nContext.Provider value={value}>{children}</I18nContext.Provider>;
}

export function useTranslation(): { t: Translate; locale: Locale } {
  return useContext(I18nContext);
}
