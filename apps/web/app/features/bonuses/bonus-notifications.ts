import type { Currency, NotificationItem } from '@chrysos/contract';
import { endpoints } from '@chrysos/contract/client';
import type { Locale } from '@chrysos/rules';
import { createTranslator, type Translate } from '../../lib/i18n';
import { fetchCurrencies } from '../cashier/api';
import { provisionalCurrency, showMoney } from '../cashier/money';
import { bonusNotification } from '../notifications/notification-list';
import type { NotificationSource } from '../notifications/sources';
import type { BonusLists } from './bonus-lists';
import { bonusesSnapshot, loadBonuses, subscribeBonuses } from './bonuses-store';
import el from './messages.el.json';
import en from './messages.en.json';

/** The notifications' words in the player's language, whatever page is showing. */
const translators: Record<Locale, Translate> = { en: createTranslator(en), el: createTranslator(el) };

/**
 * Spec §4: the player's bonuses and free spins as notifications — activated, issued and handle_bets
 * produce one, canceled only when it arrived by push (`fromWs`); its title is the bonus's, its text
 * says what happened in the player's language.
 */
export function bonusNotificationItems(
  lists: Pick<BonusLists, 'bonuses' | 'freespins'>,
  t: Translate,
  money: (amountCents: number, currency: string) => string,
): NotificationItem[] {
  const bonuses = lists.bonuses.map((bonus) =>
    bonusNotification(
      'bonus',
      bonus,
      t(`bonuses.notifications.bonus.${bonus.stage}`, {
        amount: money(bonus.amount_cents, bonus.currency),
        required: money(bonus.wagering_required_cents, bonus.currency),
      }),
    ),
  );
  const freespins = lists.freespins.map((freespin) =>
    bonusNotification(
      'freespin',
      freespin,
      t(`bonuses.notifications.freespin.${freespin.stage}`, {
        count: freespin.count,
        game: freespin.game.title,
      }),
    ),
  );
  return [...bonuses, ...freespins].filter((item): item is NotificationItem => item !== null);
}

const moneyWith = (currencies: readonly Currency[], locale: Locale) => (amountCents: number, code: string) =>
  showMoney(amountCents, currencies.find((entry) => entry.code === code) ?? provisionalCurrency(code), {
    locale,
  });

async function moneyIn(locale: Locale) {
  return moneyWith((await fetchCurrencies()) ?? [], locale);
}

/** The notifications list's source of bonus and freespin items (app/features/notifications/sources.ts). */
export const bonusNotificationSource: NotificationSource = {
  id: 'bonuses',
  async read({ locale, api, currencies }) {
    const [bonuses, freespins] = await Promise.all([
      api(endpoints.bonuses.list, {}).catch(() => null),
      api(endpoints.freespins.list, {}).catch(() => null),
    ]);
    return bonusNotificationItems(
      { bonuses: bonuses?.ok ? bonuses.body : [], freespins: freespins?.ok ? freespins.body : [] },
      translators[locale],
      moneyWith(currencies, locale),
    );
  },
  // In the browser the bonuses are the shared store's, which the realtime channels keep current.
  async load({ locale, playerId, currencies }) {
    await loadBonuses(playerId);
    return bonusNotificationItems(bonusesSnapshot(), translators[locale], moneyWith(currencies, locale));
  },
  watch({ locale }, changed) {
    let money: ((amountCents: number, code: string) => string) | null = null;
    let last = bonusesSnapshot();
    const unsubscribe = subscribeBonuses(() => {
      const now = bonusesSnapshot();
      if (now.bonuses === last.bonuses && now.freespins === last.freespins) return;
      last = now;
      const emit = (format: (amountCents: number, code: string) => string) =>
        changed(bonusNotificationItems(now, translators[locale], format));
      if (money) emit(money);
      else
        void moneyIn(locale).then((format) => {
          money = format;
          emit(format);
        });
    });
    return unsubscribe;
  },
};
