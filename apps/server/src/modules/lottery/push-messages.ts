import type { PushMessage } from '@chrysos/contract';
import { type Locale, localizePath } from '@chrysos/rules';

/** The web push a lottery winner gets, in their language; it opens the lottery tab of the profile. */
export function prizePush(language: Locale, drawId: string, place: number, prize: string): PushMessage {
  const words =
    language === 'el'
      ? {
          title: 'Κερδίσατε στην εβδομαδιαία κλήρωση!',
          body: `Το λαχείο σας κέρδισε τη θέση ${place} στην κλήρωση της Κυριακής: ${prize}.`,
        }
      : {
          title: 'You won in the weekly lottery!',
          body: `Your ticket took place ${place} in Sunday's draw: ${prize}.`,
        };
  return {
    ...words,
    url: localizePath('/profile/lottery', language),
    tag: `lottery:${drawId}`,
    kind: 'transactional',
  };
}
