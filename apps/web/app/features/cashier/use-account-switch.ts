import { localizePath } from '@chrysos/rules';
import { useEffect, useRef } from 'react';
import { useFetcher } from 'react-router';
import { useTranslation } from '../../lib/i18n';
import type { SwitchIntent, SwitchResult } from './switch-action.server';

/** Where an account switch posts: the balance page's action (switch-action.server.ts). */
export const switchActionPath = '/profile/wallet/balance';

/**
 * An account switch from anywhere on the site (the header's account list, the balance page): the
 * fetcher posts to the balance page's action, then every loader of the page runs again, the root's
 * player and wallet among them. `onAnswer` hears each answer once the page shows the switch.
 */
export function useAccountSwitch(onAnswer?: (result: SwitchResult) => void) {
  const { locale } = useTranslation();
  const fetcher = useFetcher<SwitchResult>();
  const heard = useRef(onAnswer);
  heard.current = onAnswer;
  const { state, data } = fetcher;
  useEffect(() => {
    if (state === 'idle' && data) heard.current?.(data);
  }, [state, data]);
  const action = localizePath(switchActionPath, locale);
  const posting = state !== 'idle' ? fetcher.formData?.get('currency') : null;
  return {
    /** The form that posts a switch without JavaScript too. */
    Form: fetcher.Form,
    action,
    /** The currency being switched to, until the page shows it. */
    switching: typeof posting === 'string' ? posting : null,
    switchTo: (currency: string, intent: SwitchIntent = 'activate') =>
      fetcher.submit({ intent, currency }, { method: 'post', action }),
  };
}
