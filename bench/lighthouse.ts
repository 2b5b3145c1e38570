import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { chromiumFlags, chromiumPath } from '../e2e/browser.ts';
import { startProduct } from '../e2e/server.ts';

/**
 * Lighthouse (mobile, simulated throttling) against the built product in Debian Chromium, for the
 * anonymous English home page, run `--runs` times (5 unless told) on one product start, a fresh
 * Chromium each run. One run's score moves by several points on a busy machine, so it prints the
 * median and the spread (min–max) of the score, LCP, TBT, CLS, page weight and requests.
 * Targets (issue 20 and the README): median score ≥ 95, LCP ≤ 2.0 s, CLS ≤ 0.05, weight ≤ 500 KB,
 * requests ≤ 30.
 */
const runsArgument = process.argv.indexOf('--runs');
const runs = runsArgument === -1 ? 5 : Number(process.argv[runsArgument + 1]);
if (!Number.isInteger(runs) || runs < 1) throw new Error('--runs takes a whole number ≥ 1');

interface RequestItem {
  url?: string;
  resourceType?: string;
  transferSize?: number;
}

interface Figures {
  score: number;
  lcp: number;
  tbt: number;
  cls: number;
  weight: number;
  script: number;
  image: number;
  requests: number;
}

async function measure(url: string): Promise<{ figures: Figures; requests: RequestItem[] } | string> {
  const chrome = await chromeLauncher.launch({
    chromePath: chromiumPath,
    chromeFlags: ['--headless=new', ...chromiumFlags],
  });
  try {
    const result = await lighthouse(url, {
      port: chrome.port,
      onlyCategories: ['performance'],
      output: 'json',
      logLevel: 'error',
    });
    if (!result) throw new Error('Lighthouse returned no result');
    const { lhr } = result;
    // A run Lighthouse could not finish (no paint seen in time on a busy machine…) has no figures.
    if (lhr.runtimeError) return `${lhr.runtimeError.code}: ${lhr.runtimeError.message}`;
    const numeric = (id: string) => Number(lhr.audits[id]?.numericValue ?? 0);
    const requests =
      (lhr.audits['network-requests']?.details as { items?: RequestItem[] } | undefined)?.items ?? [];
    const bytesOf = (type: string) =>
      requests
        .filter((request) => request.resourceType === type)
        .reduce((sum, request) => sum + (request.transferSize ?? 0), 0);
    return {
      figures: {
        score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
        lcp: numeric('largest-contentful-paint'),
        tbt: numeric('total-blocking-time'),
        cls: numeric('cumulative-layout-shift'),
        weight: numeric('total-byte-weight'),
        script: bytesOf('Script'),
        image: bytesOf('Image'),
        requests: requests.length,
      },
      requests,
    };
  } finally {
    chrome.kill();
  }
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  const at = (index: number) => sorted[index] ?? 0;
  return sorted.length % 2 ? at(middle) : (at(middle - 1) + at(middle)) / 2;
};

const product = await startProduct();
const measured: Figures[] = [];
let lastRequests: RequestItem[] = [];
try {
  for (let run = 1; run <= runs; run++) {
    const outcome = await measure(`${product.url}/`);
    if (typeof outcome === 'string') {
      console.log(`run ${run}/${runs}: failed, left out of the figures (${outcome})`);
      continue;
    }
    const { figures, requests } = outcome;
    measured.push(figures);
    lastRequests = requests;
    console.log(
      `run ${run}/${runs}: score ${figures.score}, LCP ${(figures.lcp / 1000).toFixed(2)} s, TBT ${Math.round(figures.tbt)} ms, CLS ${figures.cls.toFixed(3)}, ${(figures.weight / 1024).toFixed(1)} KB, ${figures.requests} requests`,
    );
  }
} finally {
  await product.stop();
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
const ms = (value: number) => `${Math.round(value)} ms`;
const plain = (value: number) => String(Math.round(value));
const cls = (value: number) => value.toFixed(3);
const row = (key: keyof Figures, format: (value: number) => string, target: string) => {
  const values = measured.map((figures) => figures[key]);
  return {
    median: format(median(values)),
    spread: `${format(Math.min(...values))} – ${format(Math.max(...values))}`,
    target,
  };
};

if (measured.length === 0) throw new Error('no Lighthouse run finished');
console.log(
  `\nLighthouse, mobile with simulated throttling: GET / (anonymous, en), ${measured.length} of ${runs} runs\n`,
);
console.table({
  'performance score': row('score', plain, '≥ 95'),
  'largest contentful paint': row('lcp', seconds, '≤ 2.00 s'),
  'total blocking time': row('tbt', ms, ''),
  'cumulative layout shift': row('cls', cls, '≤ 0.050'),
  'page weight (transferred)': row('weight', kb, '≤ 500 KB'),
  'JavaScript transferred': row('script', kb, ''),
  'images transferred': row('image', kb, ''),
  requests: row('requests', plain, '≤ 30'),
});

if (process.argv.includes('--list')) {
  console.log('\nRequests of the last run (type, transferred, URL):\n');
  for (const request of lastRequests) {
    console.log(
      `${(request.resourceType ?? '?').padEnd(10)} ${kb(request.transferSize ?? 0).padStart(10)}  ${request.url}`,
    );
  }
}
