import { describe, expect, it } from 'vitest';
import { roundRng } from '../fair/round-rng.ts';
import { engines } from '../math/index.ts';
import { checkRound, engineOfView, sameJson } from './verification.ts';

describe('sameJson', () => {
  it('ignores the order of keys but not of array items or values', () => {
    expect(sameJson({ a: 1, b: [1, { c: 2, d: 3 }] }, { b: [1, { d: 3, c: 2 }], a: 1 })).toBe(true);
    expect(sameJson([1, 2], [2, 1])).toBe(false);
    expect(sameJson({ a: 1 }, { a: 1, b: 2 })).toBe(false);
    expect(sameJson({ a: null }, { a: 0 })).toBe(false);
    expect(sameJson(2.5, 2.5)).toBe(true);
  });
});

describe('engineOfView and checkRound', () => {
  const seed = 'c'.repeat(64);
  const cases = [
    ['video-slot', 'lines10-low', { stake: 100 }],
    ['classic-slot', 'five-lines-medium', { stake: 50 }],
    ['roulette', 'european', { bets: [{ type: 'red', amount: 10 }] }],
    ['blackjack', 'six-deck-s17', { stake: 100 }],
    ['dice', 'classic', { stake: 100, direction: 'under', target: 50 }],
  ] as const;

  it('knows each engine by its view, and a round matches its recomputation after a JSON round trip', () => {
    for (const [engineId, variant, input] of cases) {
      const engine = engines[engineId];
      const step = engine.start(engine.parseBet(input, variant), variant, roundRng(seed, 'check', 3));
      expect(engineOfView(step.view)).toBe(engineId);
      const stored = JSON.parse(JSON.stringify(step.view));
      const recomputed = {
        server_seed_hash: '',
        finished: step.finished,
        payout: step.finished ? step.payout : null,
        view: step.view,
      };
      expect(
        checkRound({ view: stored, payout: step.finished ? step.payout : null }, recomputed).matches,
      ).toBe(true);
    }
  });

  it('flags a payout or an outcome that differs', () => {
    const recomputed = { server_seed_hash: '', finished: true, payout: 200, view: { pocket: 3 } };
    expect(checkRound({ view: { pocket: 3 }, payout: 100 }, recomputed)).toEqual({
      viewMatches: true,
      payoutMatches: false,
      matches: false,
    });
    expect(checkRound({ view: { pocket: 4 }, payout: 200 }, recomputed).matches).toBe(false);
  });
});
