import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { chromiumFlags, chromiumPath } from '../e2e/browser.ts';
import { startProduct } from '../e2e/server.ts';

/**
 * Lighthouse (mobile, simulated throttling) against the built product in Debian Chromium, for the
 * anonymous English home page. Prints the performance score, LCP/TBT/CLS, page weight and requests.
 * Targets: performance ≥ 95, weight ≤ 500 KB, CLS ≤ 0.05.
 */
const product = await startProduct();
const chrome = await chromeLauncher.launch({
  chromePath: chromiumPath,
  chromeFlags: ['--headless=new', ...chromiumFlags],
});
try {
  const result = await lighthouse(`${product.url}/`, {
    port: chrome.port,
    onlyCategories: ['performance'],
    output: 'json',
    logLevel: 'error',
  });
  if (!result) throw new Error('Lighthouse returned no result');
  const { lhr } = result;
  const audit = (id: string) => lhr.audits[id];
  const items = (id: string) =>
    (audit(id)?.details as { items?: { resourceType?: string; transferSize?: number }[] })?.items ?? [];
  const requests = items('network-requests');
  const bytesOf = (type: string) =>
    requests
      .filter((request) => request.resourceType === type)
      .reduce((sum, request) => sum + (request.transferSize ?? 0), 0);
  const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
  console.log('\nLighthouse, mobile with simulated throttling: GET / (anonymous, en)\n');
  console.table({
    'performance score': {
      value: Math.round((lhr.categories.performance?.score ?? 0) * 100),
      target: '≥ 95',
    },
    'largest contentful paint': { value: audit('largest-contentful-paint')?.displayValue, target: '' },
    'total blocking time': { value: audit('total-blocking-time')?.displayValue, target: '' },
    'cumulative layout shift': { value: audit('cumulative-layout-shift')?.displayValue, target: '≤ 0.05' },
    'page weight (transferred)': {
      value: kb(Number(audit('total-byte-weight')?.numericValue ?? 0)),
      target: '≤ 500 KB',
    },
    'JavaScript transferred': { value: kb(bytesOf('Script')), target: '' },
    'images transferred': { value: kb(bytesOf('Image')), target: '' },
    requests: { value: requests.length, target: '' },
  });
} finally {
  chrome.kill();
  await product.stop();
}
