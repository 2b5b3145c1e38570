import { type ClassicSlotVariant, checkClassicSlotVariant, evaluateClassicSpin } from './classic-slot.ts';

export interface ClassicSlotAnalysis {
  /** Every stop combination of the three reels, each equally likely. */
  combinations: number;
  /** Sum over all combinations of the spin's payout, in line bets (an integer). */
  paidLineBets: number;
  /** paidLineBets / (combinations × lines): exact, as the ratio of two integers. */
  rtp: number;
  /** Share of spins that pay anything. */
  hitFrequency: number;
  /** Standard deviation of a spin's payout, in stakes. */
  standardDeviation: number;
}

/**
 * Exact RTP by enumerating every stop combination and paying it with the engine's own evaluation. A
 * spin of stake = lines pays its total in line bets, so the sums are integers and the RTP is exact.
 */
export function analyseClassicSlot(variant: ClassicSlotVariant): ClassicSlotAnalysis {
  checkClassicSlotVariant(variant);
  const [first = [], second = [], third = []] = variant.reels;
  const lines = variant.lines.length;
  const bet = { stake: lines, lineBet: 1 };
  let paid = 0;
  let squares = 0;
  let hits = 0;
  for (let a = 0; a < first.length; a++) {
    for (let b = 0; b < second.length; b++) {
      for (let c = 0; c < third.length; c++) {
        const total = evaluateClassicSpin('analysis', variant, [a, b, c], bet).total;
        paid += total;
        squares += total * total;
        if (total > 0) hits++;
      }
    }
  }
  const combinations = first.length * second.length * third.length;
  const rtp = paid / (combinations * lines);
  const meanSquare = squares / (combinations * lines * lines);
  return {
    combinations,
    paidLineBets: paid,
    rtp,
    hitFrequency: hits / combinations,
    standardDeviation: Math.sqrt(meanSquare - rtp * rtp),
  };
}
