import type { JackpotTierId, PushMessage } from '@chrysos/contract';
import { type Locale, localizePath } from '@chrysos/rules';

/* The jackpot's web push to its winner, in their language; it opens the transaction history. */

const tierNames: Record<Locale, Record<JackpotTierId, string>> = {
  en: { mini: 'Mini', major: 'Major', grand: 'Grand' },
  el: { mini: 'Mini', major: 'Major', grand: 'Grand' },
};

/** `amount` already written in the player's language and currency (formatMoney). */
export function jackpotWinPush(language: Locale, tier: JackpotTierId, amount: string): PushMessage {
  const name = tierNames[language][tier];
  const words =
    language === 'el'
      ? {
          title: `Κερδίσατε το τζάκποτ ${name}!`,
          body: `${amount} πιστώθηκαν στο πραγματικό σας υπόλοιπο.`,
        }
      : { title: `You won the ${name} jackpot!`, body: `${amount} has been added to your real balance.` };
  return {
    ...words,
    url: localizePath('/profile/wallet/transactions', language),
    tag: `jackpot-${tier}`,
    kind: 'transactional',
  };
}
