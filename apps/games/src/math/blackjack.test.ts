import { describe, expect, it } from 'vitest';
import { roundRng } from '../fair/round-rng.ts';
import {
  applyBlackjackAction,
  type BlackjackState,
  type BlackjackVariant,
  blackjack,
  blackjackVariants,
  cardsPerRound,
  dealBlackjack,
  legalActions,
  shuffledCards,
} from './blackjack.ts';
import { basicStrategy } from './blackjack-strategy.ts';
import { BetError } from './engine.ts';
import { scriptedRng } from './scripted-rng.ts';
import { simulateRtp } from './simulation.ts';

const variant = 'six-deck-s17';
// Cards by rank, spades (0 ace … 12 king); the suit does not matter to the rules.
const A = 0;
const [two, three, four, five, six, seven, eight, nine, ten] = [1, 2, 3, 4, 5, 6, 7, 8, 9];
const [jack, queen, king] = [10, 11, 12];

/** A round dealt from these cards: player, dealer up, player, dealer hole, then the draws. */
const deal = (cards: number[], stake = 100) =>
  dealBlackjack(variant, stake, [...cards, ...Array(40).fill(two)]);
const play = (state: BlackjackState, ...actions: Parameters<typeof applyBlackjackAction>[1][]) =>
  actions.reduce(applyBlackjackAction, state);
const payout = (state: BlackjackState) => state.payouts.reduce((sum, value) => sum + value, 0);

describe('blackjack rules', () => {
  it('dealer stands on soft 17', () => {
    const round = play(deal([ten, A, eight, six]), 'stand');
    expect(round.finished).toBe(true);
    expect(round.dealer).toEqual([A, six]);
    expect(payout(round)).toBe(200);
  });

  it('dealer draws to 16 and on a soft 16', () => {
    const hard = play(deal([ten, ten, nine, six, five]), 'stand');
    expect(hard.dealer).toEqual([ten, six, five]);
    expect(payout(hard)).toBe(0);
    // Soft 16, then A-5-K is hard 16, then a 2 makes 18: the player's 18 pushes.
    const soft = play(deal([ten, A, eight, five, king, two]), 'stand');
    expect(soft.dealer).toEqual([A, five, king, two]);
    expect(payout(soft)).toBe(100);
  });

  it('pays a blackjack 3 to 2 at once, rounding down to the minor unit', () => {
    const natural = deal([A, nine, king, seven]);
    expect(natural.finished).toBe(true);
    expect(payout(natural)).toBe(250);
    expect(payout(deal([queen, nine, A, seven], 5))).toBe(12);
  });

  it('peeks under an ace or a ten: a dealer blackjack ends the round, a player blackjack pushes', () => {
    const beaten = deal([ten, A, nine, king]);
    expect(beaten.finished).toBe(true);
    expect(payout(beaten)).toBe(0);
    expect(payout(deal([A, ten, jack, A]))).toBe(100);
  });

  it('doubles for one card and twice the stake', () => {
    const state = deal([six, six, five, ten, ten, eight]);
    expect(blackjack.extraStakeOf?.(state, 'double')).toBe(100);
    const doubled = play(state, 'double');
    expect(doubled.hands[0]).toMatchObject({ stake: 200, doubled: true, cards: [six, five, ten] });
    // Dealer 6-10 draws an 8 and busts.
    expect(doubled.dealer).toEqual([six, ten, eight]);
    expect(payout(doubled)).toBe(400);
  });

  it('splits a pair into two hands, doubling after the split', () => {
    // 8-8 against 10-7: first hand gets a 3 and doubles onto a 10; the second gets a 10 and stands.
    const state = deal([eight, ten, eight, seven, three, ten, ten]);
    expect(legalActions(state)).toEqual(['hit', 'stand', 'double', 'split']);
    expect(blackjack.extraStakeOf?.(state, 'split')).toBe(100);
    const split = play(state, 'split');
    expect(split.hands.map((hand) => hand.cards)).toEqual([[eight, three], [eight]]);
    const round = play(split, 'double', 'stand');
    expect(round.hands.map((hand) => hand.cards)).toEqual([
      [eight, three, ten],
      [eight, ten],
    ]);
    expect(round.dealer).toEqual([ten, seven]);
    expect(round.payouts).toEqual([400, 200]);
    expect(blackjack.act?.(split, 'double').view.stake).toBe(300);
  });

  it('counts any two ten-value cards as a pair, and 21 after a split is not a blackjack', () => {
    const state = deal([king, nine, queen, eight, A, five]);
    expect(legalActions(state)).toContain('split');
    const split = play(state, 'split');
    // K-A is 21 and stands by itself; Q-5 is played next.
    expect(split.active).toBe(1);
    const round = play(split, 'stand');
    expect(round.payouts).toEqual([200, 0]);
    expect(blackjack.act?.(split, 'stand').view.hands[0]?.result).toBe('win');
  });

  it('gives split aces one card each and ends their play', () => {
    const split = play(deal([A, nine, A, eight, A, king]), 'split');
    expect(split.hands.map((hand) => hand.cards)).toEqual([
      [A, A],
      [A, king],
    ]);
    expect(split.finished).toBe(true);
    // Soft 12 loses to 17; A-K is 21 but paid 1 to 1.
    expect(split.payouts).toEqual([0, 200]);
  });

  it('resplits up to four hands, then plays the pair as a total', () => {
    let state = play(deal([eight, ten, eight, nine, eight, eight, eight]), 'split', 'split', 'split');
    expect(state.hands).toHaveLength(4);
    expect(state.hands[0]?.cards).toEqual([eight, eight]);
    expect(legalActions(state)).toEqual(['hit', 'stand', 'double']);
    state = play(state, 'stand', 'stand', 'stand', 'stand');
    expect(state.finished).toBe(true);
    expect(state.hands.every((hand) => hand.cards.length === 2)).toBe(true);
    expect(payout(state)).toBe(0);
  });

  it('loses a bust at once and does not draw for the dealer when every hand is bust', () => {
    const round = play(deal([ten, ten, six, six, nine]), 'hit');
    expect(round.finished).toBe(true);
    expect(round.hands[0]?.cards).toEqual([ten, six, nine]);
    expect(round.dealer).toEqual([ten, six]);
    expect(payout(round)).toBe(0);
  });

  it('stands a hand that reaches 21 without asking', () => {
    const round = play(deal([five, ten, six, seven, king]), 'hit');
    expect(round.hands[0]?.cards).toEqual([five, six, king]);
    expect(round.finished).toBe(true);
  });

  it('refuses actions the hand does not allow', () => {
    const state = deal([ten, ten, four, seven, two]);
    expect(() => blackjack.parseAction?.('split', state)).toThrow(BetError);
    expect(() => blackjack.parseAction?.('surrender', state)).toThrow(BetError);
    expect(blackjack.parseAction?.({ action: 'hit' }, state)).toBe('hit');
    const hit = play(state, 'hit');
    expect(legalActions(hit)).toEqual(['hit', 'stand']);
    expect(() => blackjack.parseAction?.('double', hit)).toThrow(BetError);
    const over = play(hit, 'stand');
    expect(() => blackjack.parseAction?.('hit', over)).toThrow(BetError);
  });

  it('hides the hole card and the cards to come until the round ends', () => {
    // Nonce 0 of these seeds deals no natural, so the player has a decision to make.
    const step = blackjack.start({ stake: 100 }, variant, roundRng('ab'.repeat(32), 'view', 0));
    expect(step.finished).toBe(false);
    expect(step.state.dealer).toHaveLength(2);
    expect(step.view.dealer.cards).toHaveLength(1);
    expect(step.view.dealer.holeCardHidden).toBe(true);
    expect(JSON.stringify(step.view)).not.toContain('"cards":[0');
    expect(Object.keys(step.view)).not.toContain('next');
  });

  it('leaves the previous state alone and plays on from a state read back from JSON', () => {
    const state = deal([eight, ten, eight, seven, three, ten, ten]);
    const before = JSON.stringify(state);
    const direct = play(state, 'split', 'stand', 'stand');
    expect(JSON.stringify(state)).toBe(before);
    const revived = play(JSON.parse(before) as BlackjackState, 'split', 'stand', 'stand');
    expect(revived).toEqual(direct);
  });
});

describe('blackjack shoe', () => {
  it('deals the first 61 cards of a Fisher–Yates shuffle of six decks: the most a round can use', () => {
    const shoe = blackjackVariants[variant] as BlackjackVariant;
    expect(cardsPerRound(shoe)).toBe(61);
    expect(cardsPerRound({ decks: 8, maxHands: 4 })).toBe(32 + 32 + 5);
    // Drawing 0 every time swaps nothing: the shoe stays in order, card p at position p mod 52.
    const inOrder = shuffledCards(scriptedRng(Array(61).fill(0)), shoe);
    expect(inOrder).toEqual([...Array(52).keys(), ...Array(9).keys()]);
    // j = i + 311 − i takes the last position first: the king of clubs of the sixth deck.
    const ints = [311, ...Array(60).fill(0)];
    expect(shuffledCards(scriptedRng(ints), shoe).slice(0, 3)).toEqual([51, 1, 2]);
  });

  it('shuffles from the round rng, so seeds and actions recompute the round', () => {
    const rng = () => roundRng('cd'.repeat(32), 'replay', 5);
    const bet = blackjack.parseBet({ stake: 100 }, variant);
    const run = () => {
      let step = blackjack.start(bet, variant, rng());
      while (!step.finished) step = blackjack.act?.(step.state, basicStrategy(step.state)) ?? step;
      return step;
    };
    expect(run()).toEqual(run());
  });

  it('never runs out of cards, whatever the player does (random legal play)', () => {
    const seed = 'ef'.repeat(32);
    let worst = 0;
    for (let round = 0; round < 20_000; round++) {
      const choose = roundRng(seed, 'choices', round);
      let step = blackjack.start({ stake: 10 }, variant, roundRng(seed, 'fuzz', round));
      while (!step.finished) {
        const actions = legalActions(step.state);
        step = blackjack.act?.(step.state, actions[choose.int(actions.length)] ?? 'stand') ?? step;
      }
      worst = Math.max(worst, step.state.next);
      expect(step.payout).toBeLessThanOrEqual(160);
    }
    expect(worst).toBeLessThanOrEqual(61);
  });
});

describe('blackjack simulation', () => {
  it('returns its declared RTP over 100,000 hands of basic strategy', () => {
    const estimate = simulateRtp({
      engine: blackjack,
      variant,
      bet: { stake: 100 },
      rounds: 100_000,
      rngOf: (round) => roundRng('4b'.repeat(32), 'blackjack', round),
      decide: basicStrategy,
    });
    const declared = blackjackVariants[variant]?.rtp ?? 0;
    expect(Math.abs(estimate.rtp - declared)).toBeLessThan(5 * estimate.standardError);
    // A ceiling, not a budget: 100,000 hands of CPU took 149 s beside the browser lane on two loaded cores.
  }, 400_000);
});
