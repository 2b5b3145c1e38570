import type { Engine, Rng } from './engine.ts';

/** Simulated return: total paid over total staked, with its standard error. */
export interface RtpEstimate {
  rounds: number;
  rtp: number;
  /** Standard error of `rtp`, from the rounds' own spread (ratio estimator, delta method). */
  standardError: number;
  /** Standard deviation of one round's payout, in stakes of the first bet. */
  standardDeviation: number;
}

/**
 * Accumulates rounds' stakes and payouts. RTP = Σ payout / Σ stake; with stakes that vary (blackjack's
 * doubles and splits) its variance is Var(payout − RTP·stake) / (n · mean stake²).
 */
export function rtpAccumulator(unit: number) {
  let n = 0;
  let sumStake = 0;
  let sumPay = 0;
  let sumStake2 = 0;
  let sumPay2 = 0;
  let sumCross = 0;
  return {
    add(stake: number, payout: number) {
      const x = stake / unit;
      const y = payout / unit;
      n++;
      sumStake += x;
      sumPay += y;
      sumStake2 += x * x;
      sumPay2 += y * y;
      sumCross += x * y;
    },
    estimate(): RtpEstimate {
      const rtp = sumPay / sumStake;
      const residual = (sumPay2 - 2 * rtp * sumCross + rtp * rtp * sumStake2) / Math.max(1, n - 1);
      const meanStake = sumStake / n;
      const meanPay = sumPay / n;
      return {
        rounds: n,
        rtp,
        standardError: Math.sqrt(residual / n) / meanStake,
        standardDeviation: Math.sqrt(Math.max(0, sumPay2 / n - meanPay * meanPay)),
      };
    },
  };
}

/** Plays one round to its end, taking actions from `decide`; returns all it staked and paid. */
export function playRound<Bet, State, View, Action>(
  engine: Engine<Bet, State, View, Action>,
  variant: string,
  bet: Bet,
  rng: Rng,
  decide?: (state: State) => Action,
): { stake: number; payout: number } {
  let stake = engine.stakeOf(bet);
  let step = engine.start(bet, variant, rng);
  while (!step.finished) {
    if (!decide || !engine.act) throw new Error(`${engine.id} needs a player's decisions`);
    const action = decide(step.state);
    stake += engine.extraStakeOf?.(step.state, action) ?? 0;
    step = engine.act(step.state, action);
  }
  return { stake, payout: step.payout };
}

/** Simulates `rounds` rounds of one bet, round i drawing from `rngOf(i)`. */
export function simulateRtp<Bet, State, View, Action>(options: {
  engine: Engine<Bet, State, View, Action>;
  variant: string;
  bet: unknown;
  rounds: number;
  rngOf: (round: number) => Rng;
  decide?: (state: State) => Action;
}): RtpEstimate {
  const { engine, variant, rounds, rngOf, decide } = options;
  const bet = engine.parseBet(options.bet, variant);
  const accumulator = rtpAccumulator(engine.stakeOf(bet));
  for (let round = 0; round < rounds; round++) {
    const result = playRound(engine, variant, bet, rngOf(round), decide);
    accumulator.add(result.stake, result.payout);
  }
  return accumulator.estimate();
}
