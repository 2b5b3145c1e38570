import { startAnalytics } from '../../apps/web/app/features/analytics/analytics-client';

/**
 * The page of the delivery bench (run.ts): the product's own analytics client (analytics-client.ts
 * and @segment/analytics-next, started as the product starts it). A visit to a page hands the library
 * a page event and tracks numbered from `from` (`count` in all), so the bench can tell which arrived,
 * and says `sent` once the library has taken them, never waiting for their delivery: the next
 * navigation follows at once, as a visitor's would. The page is loaded with `?from=&count=` (a full
 * page load), and `visit(from, count)` navigates within it as the site's router does.
 */
declare global {
  interface Window {
    deliveryBench: {
      writeKey: string;
      state: 'starting' | 'sent' | 'failed';
      visit?: (from: number, count: number) => void;
    };
  }
}

const settings = window.deliveryBench;
const analytics = await startAnalytics({
  writeKey: settings.writeKey,
  cdnURL: `${window.location.origin}/analytics`,
  page: { locale: 'en', referral: {} },
  middleware: ['page-language'],
});

function visit(from: number, count: number) {
  if (!analytics) return;
  if (count > 0) analytics.send({ type: 'page', name: 'delivery bench', properties: { seq: from } });
  for (let seq = from + 1; seq < from + count; seq++) {
    analytics.send({ type: 'track', event: 'delivery_bench', properties: { seq } });
  }
}

if (analytics) {
  const query = new URLSearchParams(window.location.search);
  visit(Number(query.get('from')), Number(query.get('count')));
  settings.visit = (from, count) => {
    window.history.pushState(null, '', `?from=${from}&count=${count}`);
    visit(from, count);
  };
  settings.state = 'sent';
} else {
  settings.state = 'failed';
}
