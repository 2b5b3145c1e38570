import { createCipheriv, createHash } from 'node:crypto';
import { availableParallelism } from 'node:os';
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';
import { rngFromBlocks } from '../src/fair/byte-stream-rng.ts';
import { blackjack, blackjackVariants } from '../src/math/blackjack.ts';
import { basicStrategy } from '../src/math/blackjack-strategy.ts';
import { playRound } from '../src/math/simulation.ts';

/**
 * Measures the blackjack RTP the variant table declares: basic strategy over many hands, each from a
 * freshly shuffled shoe, split across worker threads. The random bytes are an AES-256-CTR keystream
 * keyed by SHA-256(`seed:worker`), so a run is reproducible and far faster than HMAC blocks.
 *   node apps/games/scripts/blackjack-rtp.ts [--hands 100000000] [--workers 2] [--seed declared]
 */
const argument = (name: string, fallback: string) => {
  const index = process.argv.indexOf(`--${name}`);
  return index > 0 ? (process.argv[index + 1] ?? fallback) : fallback;
};

interface Sums {
  hands: number;
  staked: number;
  paid: number;
  paidSquared: number;
  stakedSquared: number;
  cross: number;
  net: number;
  netSquared: number;
}

function simulate(variant: string, hands: number, key: Buffer): Sums {
  const cipher = createCipheriv('aes-256-ctr', key, Buffer.alloc(16));
  const zeros = Buffer.alloc(1 << 16);
  const rng = rngFromBlocks(() => cipher.update(zeros));
  const bet = blackjack.parseBet({ stake: 2 }, variant);
  const sums: Sums = {
    hands,
    staked: 0,
    paid: 0,
    paidSquared: 0,
    stakedSquared: 0,
    cross: 0,
    net: 0,
    netSquared: 0,
  };
  for (let hand = 0; hand < hands; hand++) {
    // In initial bets (the stake of 2 keeps a 3:2 blackjack whole).
    const { stake, payout } = playRound(blackjack, variant, bet, rng, basicStrategy);
    const x = stake / 2;
    const y = payout / 2;
    sums.staked += x;
    sums.paid += y;
    sums.stakedSquared += x * x;
    sums.paidSquared += y * y;
    sums.cross += x * y;
    sums.net += y - x;
    sums.netSquared += (y - x) ** 2;
  }
  return sums;
}

if (isMainThread) {
  const hands = Number(argument('hands', '100000000'));
  const workers = Number(argument('workers', String(availableParallelism())));
  const seed = argument('seed', 'declared');
  const variant = argument('variant', 'six-deck-s17');
  if (!(variant in blackjackVariants)) throw new Error(`No blackjack variant ${variant}`);
  const started = performance.now();
  const parts = await Promise.all(
    Array.from({ length: workers }, (_, index) => {
      const share = Math.floor(hands / workers) + (index < hands % workers ? 1 : 0);
      const worker = new Worker(new URL(import.meta.url), {
        workerData: { variant, hands: share, seed, index },
      });
      return new Promise<Sums>((resolve, reject) => {
        worker.once('message', resolve);
        worker.once('error', reject);
      });
    }),
  );
  const total = parts.reduce((sum, part) => {
    for (const key of Object.keys(sum) as (keyof Sums)[]) sum[key] += part[key];
    return sum;
  });
  const n = total.hands;
  const rtp = total.paid / total.staked;
  const residual = (total.paidSquared - 2 * rtp * total.cross + rtp * rtp * total.stakedSquared) / (n - 1);
  const rtpError = Math.sqrt(residual / n) / (total.staked / n);
  const edge = -total.net / n;
  const edgeError = Math.sqrt((total.netSquared / n - (total.net / n) ** 2) / n);
  console.log(`${variant}: ${n.toLocaleString('en')} hands, seed "${seed}", ${workers} workers`);
  console.log(`RTP (paid / all staked): ${(rtp * 100).toFixed(4)} % ± ${(rtpError * 100).toFixed(4)} (1 SE)`);
  console.log(`house edge per initial bet: ${(edge * 100).toFixed(4)} % ± ${(edgeError * 100).toFixed(4)}`);
  console.log(`staked per hand: ${(total.staked / n).toFixed(5)} initial bets`);
  console.log(JSON.stringify({ rtp, rtpError, edge, edgeError }));
  console.log(`${((performance.now() - started) / 1000).toFixed(0)} s`);
} else {
  const { variant, hands, seed, index } = workerData as {
    variant: string;
    hands: number;
    seed: string;
    index: number;
  };
  const key = createHash('sha256').update(`${seed}:${index}`).digest();
  parentPort?.postMessage(simulate(variant, hands, key));
}
