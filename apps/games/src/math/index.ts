import type { EngineId } from '../studio-types.ts';
import { blackjack } from './blackjack.ts';
import { classicSlot } from './classic-slot.ts';
import { dice } from './dice.ts';
import type { Engine } from './engine.ts';
import { roulette } from './roulette.ts';
import { videoSlot } from './video-slot.ts';

export * from './blackjack.ts';
export { basicStrategy } from './blackjack-strategy.ts';
export * from './classic-slot.ts';
export { analyseClassicSlot, type ClassicSlotAnalysis } from './classic-slot-rtp.ts';
export { classicCentreLine, classicFiveLines, classicSlotVariants } from './classic-slot-variants.ts';
export * from './dice.ts';
export * from './engine.ts';
export * from './roulette.ts';
export { playRound, type RtpEstimate, rtpAccumulator, simulateRtp } from './simulation.ts';
export * from './video-slot.ts';
export { analyseVideoSlot, expectedFeatureSpins, type VideoSlotAnalysis } from './video-slot-rtp.ts';
export { videoSlotVariants } from './video-slot-variants.ts';

/**
 * An engine whose bet, state, view and action types are not known statically: what a registry holds.
 * Values pass through it untouched (a bet from `parseBet` goes back into `start`).
 */
export type StudioEngine = Engine<unknown, unknown, unknown, unknown>;

/** Every engine of the studio by id; a title's `engine` picks one. Import an engine by name for its types. */
export const engines: Readonly<Record<EngineId, StudioEngine>> = {
  'video-slot': videoSlot,
  'classic-slot': classicSlot,
  roulette,
  blackjack,
  dice,
};
