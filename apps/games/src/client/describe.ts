import type { CardView, HandView } from '../math/blackjack.ts';
import type { RouletteView } from '../math/roulette.ts';
import type { MessageKey, Translate } from './i18n.ts';
import type { BetSpec } from './roulette-board.ts';

/* Outcomes in words, shared by the games and the verifier. */

/** A card in words: "Queen of hearts", "7 of spades". */
export function cardName(t: Translate, card: CardView): string {
  const rank = ['A', 'J', 'Q', 'K'].includes(card.rank)
    ? t(`blackjack.rank.${card.rank}` as MessageKey)
    : card.rank;
  return t('blackjack.card', { rank, suit: t(`blackjack.suit.${card.suit}` as MessageKey) });
}

/** A hand's total as shown: "Soft 17", "Total 20". */
export function handLabel(t: Translate, hand: { total: number; soft: boolean }): string {
  return hand.soft && hand.total < 21
    ? t('blackjack.soft', { total: hand.total })
    : t('blackjack.total', { total: hand.total });
}

/** What a finished hand paid, in words. */
export function handResult(t: Translate, money: (minor: number) => string, hand: HandView): string | null {
  if (!hand.result) return null;
  const amount = money(hand.payout ?? 0);
  return t(`blackjack.result.${hand.result}` as MessageKey, { amount });
}

/** A bet in words: "Split 16/17", "Dozen 13–24". */
export function describeBet(t: Translate, spec: BetSpec): string {
  if ('numbers' in spec) {
    const { numbers } = spec;
    const slash = numbers.join('/');
    const span = `${numbers[0]}–${numbers.at(-1)}`;
    switch (spec.type) {
      case 'straight':
        return t('roulette.bet.straight', { numbers: slash });
      case 'split':
        return t('roulette.bet.split', { numbers: slash });
      case 'street':
        return numbers[0] === 0
          ? t('roulette.bet.trio', { numbers: slash })
          : t('roulette.bet.street', { numbers: span });
      case 'corner':
        return t('roulette.bet.corner', { numbers: slash });
      case 'first-four':
        return t('roulette.bet.first-four', { numbers: slash });
      case 'six-line':
        return t('roulette.bet.six-line', { numbers: span });
    }
  }
  if ('index' in spec) {
    return spec.type === 'column'
      ? t('roulette.bet.column', { index: spec.index })
      : t('roulette.bet.dozen', { from: spec.index * 12 - 11, to: spec.index * 12 });
  }
  return t(`roulette.bet.${spec.type}`);
}

/** A bet of the engine's view (numbers for every kind) back as the spec the board uses. */
export function specOfViewBet(bet: RouletteView['bets'][number]): BetSpec {
  const first = bet.numbers[0] ?? 1;
  if (bet.type === 'column') return { type: 'column', index: (((first - 1) % 3) + 1) as 1 | 2 | 3 };
  if (bet.type === 'dozen') return { type: 'dozen', index: (Math.floor((first - 1) / 12) + 1) as 1 | 2 | 3 };
  if (['red', 'black', 'even', 'odd', 'low', 'high'].includes(bet.type)) return { type: bet.type } as BetSpec;
  return { type: bet.type, numbers: bet.numbers } as BetSpec;
}
