import {
  type BlackjackAction,
  type BlackjackState,
  cardValue,
  handTotal,
  legalActions,
} from './blackjack.ts';

/** Dealer up cards 2–10 and ace (11) for which a pair of `value` is split (six decks, S17, DAS). */
const splitAgainst: Readonly<Record<number, readonly number[]>> = {
  1: [2, 3, 4, 5, 6, 7, 8, 9, 10, 11],
  2: [2, 3, 4, 5, 6, 7],
  3: [2, 3, 4, 5, 6, 7],
  4: [5, 6],
  6: [2, 3, 4, 5, 6],
  7: [2, 3, 4, 5, 6, 7],
  8: [2, 3, 4, 5, 6, 7, 8, 9, 10, 11],
  9: [2, 3, 4, 5, 6, 8, 9],
};

const between = (value: number, low: number, high: number) => value >= low && value <= high;

/**
 * Basic strategy for these rules (six decks, dealer stands on soft 17, double any two cards, double
 * after split, no surrender): the total-dependent play that maximises the expected return. The
 * simulation behind the declared RTP plays it.
 */
export function basicStrategy(state: BlackjackState): BlackjackAction {
  const hand = state.hands[state.active];
  const up = state.dealer[0];
  const legal = legalActions(state);
  if (!hand || up === undefined || legal.length === 0) throw new Error('No decision to make');
  const dealer = cardValue(up) === 1 ? 11 : cardValue(up);
  const canDouble = legal.includes('double');
  const doubleOr = (fallback: BlackjackAction): BlackjackAction => (canDouble ? 'double' : fallback);

  const [first = -1] = hand.cards;
  if (legal.includes('split') && splitAgainst[cardValue(first)]?.includes(dealer)) return 'split';

  const { total, soft } = handTotal(hand.cards);
  if (soft) {
    if (total >= 19) return 'stand';
    if (total === 18) {
      if (between(dealer, 3, 6)) return doubleOr('stand');
      return dealer <= 8 ? 'stand' : 'hit';
    }
    if (total === 17 && between(dealer, 3, 6)) return doubleOr('hit');
    if ((total === 15 || total === 16) && between(dealer, 4, 6)) return doubleOr('hit');
    if ((total === 13 || total === 14) && between(dealer, 5, 6)) return doubleOr('hit');
    return 'hit';
  }
  if (total >= 17) return 'stand';
  if (total >= 13) return dealer <= 6 ? 'stand' : 'hit';
  if (total === 12) return between(dealer, 4, 6) ? 'stand' : 'hit';
  if (total === 11) return dealer <= 10 ? doubleOr('hit') : 'hit';
  if (total === 10) return dealer <= 9 ? doubleOr('hit') : 'hit';
  if (total === 9) return between(dealer, 3, 6) ? doubleOr('hit') : 'hit';
  return 'hit';
}
