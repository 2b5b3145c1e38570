import type { EngineId } from '../studio-types.ts';

/** Uniform random numbers drawn from one round's provably fair byte stream. */
export interface Rng {
  /** A float in [0, 1) with 52 bits of precision. */
  float(): number;
  /** An integer in [0, maxExclusive), without modulo bias. */
  int(maxExclusive: number): number;
}

/** A bet the engine refuses, with a message a player can read. */
export class BetError extends Error {
  readonly field: string;
  constructor(field: string, message: string) {
    super(message);
    this.field = field;
  }
}

/** What every maths variant declares about itself. */
export interface VariantDeclaration {
  /** Return to player as a fraction of all money staked in the round (0.9612 is 96.12 %). */
  rtp: number;
  /** How `rtp` was obtained: exact enumeration, analysis, or simulation with its size and error. */
  rtpMethod: string;
}

/**
 * One step of a round. Single-step games (slots, roulette, dice) finish on `start`; blackjack takes
 * actions until `finished`. Amounts are minor units of the player's currency.
 */
export interface Step<State, View> {
  state: State;
  finished: boolean;
  /** Total paid back to the player for the whole round; meaningful once `finished`. */
  payout: number;
  /** What the game client shows: reels, the ball's pocket, the hands, the roll. JSON-serialisable. */
  view: View;
}

/**
 * A game engine: pure maths, no I/O, no clock. Everything random comes from the Rng of the round, so
 * a round can be recomputed from its seeds and the player's actions (the verification page).
 */
export interface Engine<Bet, State, View, Action = never> {
  id: EngineId;
  /** The maths variants of the engine, by key; a title names one (`StudioTitle.variant`). */
  variants: Readonly<Record<string, VariantDeclaration>>;
  /** Checks and normalises a bet for this maths variant; throws BetError. */
  parseBet(input: unknown, variant: string): Bet;
  /** The stake the bet costs up front, in minor units. */
  stakeOf(bet: Bet): number;
  start(bet: Bet, variant: string, rng: Rng): Step<State, View>;
  /** Blackjack only. */
  parseAction?(input: unknown, state: State): Action;
  /** Extra stake an action costs before it is applied (double, split), in minor units. */
  extraStakeOf?(state: State, action: Action): number;
  act?(state: State, action: Action): Step<State, View>;
}
