import type { Locale } from '@chrysos/rules';
import type { Translate } from '../../../lib/i18n';
import { countText } from '../../games/format';

/** How often the reality check comes back, in the plural form of the language ("every minute", "every 60 minutes"). */
export function reminderNote(t: Translate, locale: Locale, minutes: number): string {
  return countText(t, locale, 'realityCheck.every', minutes);
}
