import { generateServerSeed, roundRng } from '../apps/games/src/fair/index.ts';
import {
  basicStrategy,
  blackjack,
  blackjackVariants,
  classicSlot,
  classicSlotVariants,
  dice,
  diceBetRtp,
  diceVariants,
  type Engine,
  type RtpEstimate,
  roulette,
  rouletteVariants,
  simulateRtp,
  videoSlot,
  videoSlotVariants,
} from '../apps/games/src/math/index.ts';

/**
 * The studio's maths played for real: every engine and variant simulated through the provably fair
 * RNG (a fresh server seed per run, one nonce per round, exactly as players' rounds are drawn), the
 * simulated RTP set against the declared one in standard errors, and the rounds per second of each
 * engine next to the RNG alone measured in the same run. Prints figures; it never passes or fails.
 *   node bench/games-rtp.ts [--rounds 2000000] [--table-rounds 2000000] [--hands 1000000]
 */
const argument = (name: string, fallback: number) => {
  const index = process.argv.indexOf(`--${name}`);
  return index > 0 ? Number(process.argv[index + 1]) : fallback;
};
const slotRounds = argument('rounds', 2_000_000);
const tableRounds = argument('table-rounds', 2_000_000);
const blackjackHands = argument('hands', 1_000_000);

const serverSeed = generateServerSeed();
const clientSeed = 'bench';
let nonce = 0;

interface Row {
  engine: string;
  variant: string;
  declared: number;
  estimate: RtpEstimate;
  roundsPerSecond: number;
}

function run<Bet, State, View, Action>(
  engine: Engine<Bet, State, View, Action>,
  variant: string,
  bet: unknown,
  rounds: number,
  declared: number,
  decide?: (state: State) => Action,
): Row {
  // Nonces continue across runs so no two simulated rounds share a byte stream.
  const first = nonce;
  nonce += rounds;
  const started = performance.now();
  const estimate = simulateRtp({
    engine,
    variant,
    bet,
    rounds,
    rngOf: (round) => roundRng(serverSeed, clientSeed, first + round),
    decide,
  });
  const seconds = (performance.now() - started) / 1000;
  const row = { engine: engine.id, variant, declared, estimate, roundsPerSecond: rounds / seconds };
  process.stderr.write(`  ${engine.id} ${variant}: ${seconds.toFixed(1)} s\n`);
  return row;
}

function rngBaseline(rounds: number): number {
  const started = performance.now();
  let sink = 0;
  for (let round = 0; round < rounds; round++) sink += roundRng(serverSeed, clientSeed, round).int(37);
  if (sink < 0) console.log(sink);
  return rounds / ((performance.now() - started) / 1000);
}

console.log(
  `\nGames RTP: ${slotRounds.toLocaleString('en')} rounds per slot variant, ${tableRounds.toLocaleString('en')} ` +
    `per table game, ${blackjackHands.toLocaleString('en')} blackjack hands; Node ${process.version}\n`,
);
const baseline = rngBaseline(Math.min(tableRounds, 500_000));
const rows: Row[] = [];
for (const [key, variant] of Object.entries(videoSlotVariants)) {
  rows.push(run(videoSlot, key, { stake: variant.lines * 10 }, slotRounds, variant.rtp));
}
for (const [key, variant] of Object.entries(classicSlotVariants)) {
  rows.push(run(classicSlot, key, { stake: variant.lines.length * 10 }, slotRounds, variant.rtp));
}
for (const [key, variant] of Object.entries(rouletteVariants)) {
  const spread = [
    { type: 'straight', numbers: [17], amount: 10 },
    { type: 'split', numbers: [0, 3], amount: 10 },
    { type: 'corner', numbers: [25, 26, 28, 29], amount: 20 },
    { type: 'six-line', numbers: [7, 8, 9, 10, 11, 12], amount: 20 },
    { type: 'dozen', index: 3, amount: 40 },
    { type: 'black', amount: 100 },
  ];
  rows.push(run(roulette, key, { bets: spread }, tableRounds, variant.rtp));
}
for (const key of Object.keys(diceVariants)) {
  // 49.50 % at a stake of 1000 pays exactly 2000: no rounding, so the bet returns the declared 99 %.
  const bet = { stake: 1000, target: 49.5, direction: 'under' };
  rows.push(run(dice, key, bet, tableRounds, diceBetRtp(dice.parseBet(bet, key))));
}
for (const [key, variant] of Object.entries(blackjackVariants)) {
  rows.push(run(blackjack, key, { stake: 100 }, blackjackHands, variant.rtp, basicStrategy));
}

const percent = (value: number, digits = 3) => `${(value * 100).toFixed(digits)} %`;
console.log(
  `Baseline: roundRng alone (new round, one int) ${Math.round(baseline).toLocaleString('en')} rounds/s\n`,
);
console.table(
  rows.map((row) => ({
    engine: row.engine,
    variant: row.variant,
    declared: percent(row.declared),
    simulated: percent(row.estimate.rtp),
    'std error': percent(row.estimate.standardError),
    'deviation (SE)': ((row.estimate.rtp - row.declared) / row.estimate.standardError).toFixed(2),
    'sd/round': row.estimate.standardDeviation.toFixed(2),
    'rounds/s': Math.round(row.roundsPerSecond).toLocaleString('en'),
    'vs rng': `${(row.roundsPerSecond / baseline).toFixed(3)}×`,
  })),
);

const slots = rows.filter((row) => row.engine === 'video-slot' || row.engine === 'classic-slot');
for (const engine of ['video-slot', 'classic-slot']) {
  const mine = slots.filter((row) => row.engine === engine);
  const rate = mine.length / mine.reduce((sum, row) => sum + 1 / row.roundsPerSecond, 0);
  console.log(
    `${engine}: ${Math.round(rate).toLocaleString('en')} rounds/s (harmonic mean over its variants)`,
  );
}
