import type { WalletTransaction } from '@chrysos/contract';
import type { Translate } from '../../lib/i18n';

/**
 * What a movement is called in the history: its kind in the player's language, never the ledger's
 * own word (`bonus_forfeit`); a kind the messages do not know yet is "Other movement".
 */
export function kindLabel(t: Translate, kind: string): string {
  const key = `wallet.history.kinds.${kind}`;
  const text = t(key);
  return text === key ? t('wallet.history.kinds.other') : text;
}

/**
 * The amount a row shows. A payout moves no spendable money (the hold set it aside already), so its
 * row shows what reached the payment method, unsigned, rather than a change of €0.00.
 */
export function shownAmount(item: WalletTransaction): { cents: number; signed: boolean } {
  if (item.kind === 'payout' && item.amount_cents === 0 && item.held_cents < 0) {
    return { cents: -item.held_cents, signed: false };
  }
  return { cents: item.amount_cents, signed: true };
}
