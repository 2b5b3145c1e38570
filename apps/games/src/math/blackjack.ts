import { betObject, stakeField, variantOf } from './bet-input.ts';
import { BetError, type Engine, type Rng, type Step, type VariantDeclaration } from './engine.ts';

/*
 * Cards are numbers 0–51: rank = card mod 13 (0 ace, 1–8 the twos to nines, 9 ten, 10 jack, 11 queen,
 * 12 king), suit = ⌊card / 13⌋ (spades, hearts, diamonds, clubs). A shoe of six decks holds each card
 * six times: shoe position k (0–311) starts as card k mod 52.
 */

export const blackjackActions = ['hit', 'stand', 'double', 'split'] as const;
export type BlackjackAction = (typeof blackjackActions)[number];

export interface BlackjackVariant extends VariantDeclaration {
  decks: number;
  /** Hands a player may end up with by splitting (4: split up to three times). */
  maxHands: number;
  /** The house edge per initial bet under basic strategy, from the same simulation as `rtp`. */
  houseEdgePerInitialBet: number;
}

export const blackjackVariants: Readonly<Record<string, BlackjackVariant>> = {
  'six-deck-s17': {
    rtp: 0.99638,
    rtpMethod:
      'Simulation of basic strategy (basicStrategy) over 100,000,000 hands, each from a freshly shuffled ' +
      'six-deck shoe (scripts/blackjack-rtp.ts --hands 100000000 --seed declared): paid / all staked, ' +
      'doubles and splits included, 99.6378 % ± 0.0102 % (1 SE). Per initial bet the house edge is ' +
      '0.4099 % ± 0.0115 %; a hand stakes 1.1316 initial bets on average.',
    houseEdgePerInitialBet: 0.0041,
    decks: 6,
    maxHands: 4,
  },
};

/**
 * The most cards a round can take from the shoe, so only that many are shuffled into place. Every
 * player hand stops drawing once its hard total passes 20 and the dealer once hers passes 16: across
 * the hands and the dealer, the cards other than each one's last have hard values summing to at most
 * 20 per hand + 16. The most cards that fit are the smallest of the shoe (aces, then twos, …); add each
 * hand's and the dealer's last card. Six decks and four hands: 24 aces, 24 twos and 8 threes, plus 5.
 */
export function cardsPerRound(variant: Pick<BlackjackVariant, 'decks' | 'maxHands'>): number {
  let budget = variant.maxHands * 20 + 16;
  let cards = variant.maxHands + 1;
  for (let value = 1; value <= 10 && budget >= value; value++) {
    const inShoe = variant.decks * 4 * (value === 10 ? 4 : 1);
    const taken = Math.min(inShoe, Math.floor(budget / value));
    cards += taken;
    budget -= taken * value;
  }
  return cards;
}

export interface BlackjackHand {
  cards: number[];
  /** Minor units at stake on the hand, doubled when the hand doubles. */
  stake: number;
  doubled: boolean;
  /** Split aces take one card each and play no further. */
  splitAces: boolean;
  done: boolean;
}

/** The whole round. It holds the cards still to come: keep it on the server, show the player the view. */
export interface BlackjackState {
  variant: string;
  /** The initial bet. */
  stake: number;
  /** The round's cards in dealing order: the first `cardsPerRound` of the shuffled shoe. */
  cards: number[];
  /** Index in `cards` of the next card to deal. */
  next: number;
  dealer: number[];
  hands: BlackjackHand[];
  /** The hand being played; equals hands.length once the player is done. */
  active: number;
  finished: boolean;
  /** Per hand, what it paid (stake included), once finished. */
  payouts: number[];
}

export interface CardView {
  rank: 'A' | '2' | '3' | '4' | '5' | '6' | '7' | '8' | '9' | '10' | 'J' | 'Q' | 'K';
  suit: 'spades' | 'hearts' | 'diamonds' | 'clubs';
}

export interface HandView {
  cards: CardView[];
  total: number;
  soft: boolean;
  stake: number;
  doubled: boolean;
  blackjack: boolean;
  busted: boolean;
  result: 'blackjack' | 'win' | 'push' | 'lose' | null;
  payout: number | null;
}

export interface BlackjackView {
  variant: string;
  /** While the player plays only the dealer's up card is shown; the hole card is turned at the end. */
  dealer: { cards: CardView[]; total: number; soft: boolean; blackjack: boolean; holeCardHidden: boolean };
  hands: HandView[];
  /** Index of the hand being played, or null when the player has nothing left to decide. */
  active: number | null;
  /** What the player may do now. */
  actions: BlackjackAction[];
  /** Everything staked so far: the bet, doubles and splits. */
  stake: number;
  finished: boolean;
  total: number;
}

export interface BlackjackBet {
  /** Minor units. */
  stake: number;
}

const ranks: CardView['rank'][] = ['A', '2', '3', '4', '5', '6', '7', '8', '9', '10', 'J', 'Q', 'K'];
const suits: CardView['suit'][] = ['spades', 'hearts', 'diamonds', 'clubs'];

export const cardView = (card: number): CardView => ({
  rank: ranks[card % 13] as CardView['rank'],
  suit: suits[Math.floor(card / 13) % 4] as CardView['suit'],
});

/** A card's count: aces 1 (the hand's total makes one of them 11 when it can), faces 10. */
export const cardValue = (card: number) => Math.min((card % 13) + 1, 10);

/** A hand's best total, and whether an ace counts 11 in it. */
export function handTotal(cards: readonly number[]): { total: number; soft: boolean } {
  let hard = 0;
  let aces = false;
  for (const card of cards) {
    const value = cardValue(card);
    hard += value;
    if (value === 1) aces = true;
  }
  return aces && hard + 10 <= 21 ? { total: hard + 10, soft: true } : { total: hard, soft: false };
}

const isBlackjack = (cards: readonly number[]) => cards.length === 2 && handTotal(cards).total === 21;

/**
 * The round's cards: the first n = cardsPerRound(variant) positions of a Fisher–Yates shuffle of the
 * shoe, drawn as `j = i + rng.int(cards in shoe − i)`, swap positions i and j, for i = 0 … n − 1 (for
 * six decks: 61 draws, `rng.int(312)`, `rng.int(311)`, …). Each is the card a full shuffle would put
 * there, so the round deals from a uniformly shuffled shoe.
 */
export function shuffledCards(rng: Rng, variant: Pick<BlackjackVariant, 'decks' | 'maxHands'>): number[] {
  const shoe = new Uint8Array(variant.decks * 52);
  for (let position = 0; position < shoe.length; position++) shoe[position] = position % 52;
  const cards: number[] = [];
  const count = cardsPerRound(variant);
  for (let i = 0; i < count; i++) {
    const j = i + rng.int(shoe.length - i);
    const card = shoe[j] as number;
    shoe[j] = shoe[i] as number;
    shoe[i] = card;
    cards.push(card);
  }
  return cards;
}

function draw(state: BlackjackState): number {
  const card = state.cards[state.next];
  // Unreachable by the bound of cardsPerRound; a corrupted state must not deal a made-up card.
  if (card === undefined) throw new Error('Blackjack round ran out of cards');
  state.next++;
  return card;
}

const activeHand = (state: BlackjackState) => (state.finished ? undefined : state.hands[state.active]);

/** The actions open to the player on the hand being played. */
export function legalActions(state: BlackjackState): BlackjackAction[] {
  const hand = activeHand(state);
  if (!hand || hand.done) return [];
  const variant = variantOf(blackjackVariants, state.variant, 'blackjack');
  const actions: BlackjackAction[] = ['hit', 'stand'];
  if (hand.cards.length === 2) {
    actions.push('double');
    const [first = -1, second = -2] = hand.cards;
    if (cardValue(first) === cardValue(second) && state.hands.length < variant.maxHands)
      actions.push('split');
  }
  return actions;
}

/**
 * Moves play on to the next hand that needs the player, dealing a split hand its second card when it
 * comes up; then, with no hand left, the dealer plays and the round settles.
 */
function advance(state: BlackjackState): void {
  for (;;) {
    const hand = state.hands[state.active];
    if (!hand) break;
    if (!hand.done) {
      if (hand.cards.length === 1) hand.cards.push(draw(state));
      // 21 needs no decision.
      if (handTotal(hand.cards).total < 21) return;
      hand.done = true;
    }
    state.active++;
  }

  // The dealer draws only when a hand is still standing, and stands on every 17, soft ones included.
  if (state.hands.some((hand) => handTotal(hand.cards).total <= 21)) {
    while (handTotal(state.dealer).total < 17) state.dealer.push(draw(state));
  }
  const dealer = handTotal(state.dealer).total;
  state.payouts = state.hands.map((hand) => {
    const player = handTotal(hand.cards).total;
    if (player > 21) return 0;
    if (dealer > 21 || player > dealer) return hand.stake * 2;
    return player === dealer ? hand.stake : 0;
  });
  state.finished = true;
}

function handResult(state: BlackjackState, index: number): HandView['result'] {
  const payout = state.payouts[index];
  const hand = state.hands[index];
  if (!state.finished || payout === undefined || !hand) return null;
  const naturalRound = state.hands.length === 1 && isBlackjack(hand.cards);
  if (naturalRound && payout > hand.stake) return 'blackjack';
  if (payout > hand.stake) return 'win';
  return payout === hand.stake ? 'push' : 'lose';
}

export function blackjackView(state: BlackjackState): BlackjackView {
  const hidden = !state.finished;
  const dealerCards = hidden ? state.dealer.slice(0, 1) : state.dealer;
  const dealerTotal = handTotal(dealerCards);
  return {
    variant: state.variant,
    dealer: {
      cards: dealerCards.map(cardView),
      total: dealerTotal.total,
      soft: dealerTotal.soft,
      blackjack: !hidden && isBlackjack(state.dealer),
      holeCardHidden: hidden,
    },
    hands: state.hands.map((hand, index) => {
      const { total, soft } = handTotal(hand.cards);
      return {
        cards: hand.cards.map(cardView),
        total,
        soft,
        stake: hand.stake,
        doubled: hand.doubled,
        blackjack: state.hands.length === 1 && isBlackjack(hand.cards),
        busted: total > 21,
        result: handResult(state, index),
        payout: state.finished ? (state.payouts[index] ?? 0) : null,
      };
    }),
    active: state.finished ? null : state.active,
    actions: legalActions(state),
    stake: state.hands.reduce((sum, hand) => sum + hand.stake, 0),
    finished: state.finished,
    total: state.payouts.reduce((sum, payout) => sum + payout, 0),
  };
}

function step(state: BlackjackState): Step<BlackjackState, BlackjackView> {
  return {
    state,
    finished: state.finished,
    payout: state.payouts.reduce((sum, payout) => sum + payout, 0),
    view: blackjackView(state),
  };
}

/** Deals the round: player, dealer up card, player, dealer hole card; settles naturals at once. */
export function dealBlackjack(variantKey: string, stake: number, cards: number[]): BlackjackState {
  const state: BlackjackState = {
    variant: variantKey,
    stake,
    cards,
    next: 0,
    dealer: [],
    hands: [],
    active: 0,
    finished: false,
    payouts: [],
  };
  const [p1, d1, p2, d2] = [draw(state), draw(state), draw(state), draw(state)];
  state.dealer = [d1, d2];
  state.hands = [{ cards: [p1, p2], stake, doubled: false, splitAces: false, done: false }];

  const playerNatural = isBlackjack([p1, p2]);
  // The dealer peeks under an ace or a ten: a dealer blackjack ends the round before any decision.
  if (isBlackjack(state.dealer)) {
    state.payouts = [playerNatural ? stake : 0];
    state.finished = true;
  } else if (playerNatural) {
    // Blackjack pays 3 to 2, rounded down to the minor unit.
    state.payouts = [stake + Math.floor((stake * 3) / 2)];
    state.finished = true;
  }
  return state;
}

/** Applies one legal action to a copy of the state. */
export function applyBlackjackAction(previous: BlackjackState, action: BlackjackAction): BlackjackState {
  if (!legalActions(previous).includes(action)) {
    throw new BetError('action', `You cannot ${action} now.`);
  }
  // The dealt cards never change; everything else is copied so the previous state stays as it was.
  const state: BlackjackState = {
    ...previous,
    dealer: [...previous.dealer],
    hands: previous.hands.map((hand) => ({ ...hand, cards: [...hand.cards] })),
    payouts: [...previous.payouts],
  };
  const hand = state.hands[state.active] as BlackjackHand;
  switch (action) {
    case 'hit':
      hand.cards.push(draw(state));
      if (handTotal(hand.cards).total >= 21) hand.done = true;
      break;
    case 'stand':
      hand.done = true;
      break;
    case 'double':
      hand.stake *= 2;
      hand.doubled = true;
      hand.cards.push(draw(state));
      hand.done = true;
      break;
    case 'split': {
      const [first, second] = hand.cards as [number, number];
      const aces = cardValue(first) === 1;
      const twin: BlackjackHand = {
        cards: [second],
        stake: hand.stake,
        doubled: false,
        splitAces: aces,
        done: false,
      };
      hand.cards = [first, draw(state)];
      hand.splitAces = aces;
      state.hands.splice(state.active + 1, 0, twin);
      if (aces) {
        // Split aces take one card each and stand; they are never split again.
        twin.cards.push(draw(state));
        hand.done = true;
        twin.done = true;
      }
      break;
    }
  }
  advance(state);
  return state;
}

/**
 * Blackjack, six decks shuffled for every round; dealer stands on soft 17 and peeks for blackjack;
 * blackjack pays 3 to 2; double on any first two cards, after splits too; split pairs (any two ten-value
 * cards count as a pair) up to three times for four hands, aces once, one card each; no surrender, no
 * insurance. Every card comes from the shuffle drawn at the start, so the actions take no randomness.
 * Actions: `"hit"`, `"stand"`, `"double"`, `"split"` (or `{ action }`).
 */
export const blackjack: Engine<BlackjackBet, BlackjackState, BlackjackView, BlackjackAction> = {
  id: 'blackjack',
  variants: blackjackVariants,

  parseBet(input, variantKey) {
    variantOf(blackjackVariants, variantKey, 'blackjack');
    // Four hands, each doubled and won, pay 16 times the bet.
    return { stake: stakeField(betObject(input).stake, 'stake', Math.floor(Number.MAX_SAFE_INTEGER / 16)) };
  },

  stakeOf: (bet) => bet.stake,

  start(bet, variantKey, rng) {
    const variant = variantOf(blackjackVariants, variantKey, 'blackjack');
    return step(dealBlackjack(variantKey, bet.stake, shuffledCards(rng, variant)));
  },

  parseAction(input, state) {
    const name = typeof input === 'object' && input !== null ? (input as { action?: unknown }).action : input;
    if (!blackjackActions.includes(name as BlackjackAction)) {
      throw new BetError('action', 'Choose hit, stand, double or split.');
    }
    if (state.finished) throw new BetError('action', 'The round is over.');
    const action = name as BlackjackAction;
    if (!legalActions(state).includes(action)) throw new BetError('action', `You cannot ${action} now.`);
    return action;
  },

  extraStakeOf(state, action) {
    return action === 'double' || action === 'split' ? (activeHand(state)?.stake ?? 0) : 0;
  },

  act(state, action) {
    return step(applyBlackjackAction(state, action));
  },
};
