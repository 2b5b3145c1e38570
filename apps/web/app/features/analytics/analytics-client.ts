import { AnalyticsBrowser, type MiddlewareFunction } from '@segment/analytics-next';
import type { AnalyticsCall, AnalyticsSink } from './preload-buffer';

/**
 * The source middlewares a page may name, applied to every event before it is sent. An unknown name
 * is a mistake in the page's code, not a visitor's: it throws (spec §8).
 */
const middlewares: Record<string, (page: PageFacts) => MiddlewareFunction> = {
  /** The page's language on every event, so reports split by it. */
  'page-language':
    (page) =>
    ({ payload, next }) => {
      payload.obj.context = { ...payload.obj.context, locale: page.locale };
      next(payload);
    },
  /** The visitor's stored referral tags (utm_*, btag …) as the event's campaign (spec §9 tracked tags). */
  'referral-tags':
    (page) =>
    ({ payload, next }) => {
      if (Object.keys(page.referral).length > 0) {
        payload.obj.context = { ...payload.obj.context, referral: page.referral };
      }
      next(payload);
    },
};

export function middlewareNamed(name: string, page: PageFacts): MiddlewareFunction {
  const make = Object.hasOwn(middlewares, name) ? middlewares[name] : undefined;
  if (!make) throw new Error(`Unknown analytics middleware: ${name}`);
  return make(page);
}

export interface PageFacts {
  locale: string;
  referral: Record<string, string>;
}

export interface StartedAnalytics extends AnalyticsSink {
  anonymousId(): string | null;
  /** Signs the visitor's analytics identity out: the next events are a new anonymous visitor's. */
  reset(): void;
}

/**
 * @segment/analytics-next, loaded after hydration once the visitor agreed: its settings from the
 * product's own ingest (`{cdn}/v1/projects/{writeKey}/settings`), which carries spec §9's batch, retry
 * and metrics constants. A settings or plugin failure is logged and the page goes on without analytics.
 */
export async function startAnalytics(options: {
  writeKey: string;
  cdnURL: string;
  page: PageFacts;
  middleware: readonly string[];
}): Promise<StartedAnalytics | null> {
  const analytics = new AnalyticsBrowser();
  for (const name of options.middleware) analytics.addSourceMiddleware(middlewareNamed(name, options.page));
  try {
    await analytics.load({ writeKey: options.writeKey, cdnURL: options.cdnURL }, { initialPageview: false });
  } catch (error) {
    console.warn('Analytics could not load its settings or plugins; the page goes on without it', error);
    return null;
  }
  const [instance] = await analytics;
  return {
    send(call: AnalyticsCall) {
      switch (call.type) {
        case 'track':
          void analytics.track(call.event, call.properties);
          break;
        case 'page':
          void analytics.page(undefined, call.name, call.properties);
          break;
        case 'identify':
          // Once per player: the library keeps the id, and a page load of a signed-in player repeats nothing.
          if (instance.user().id() !== call.userId) void analytics.identify(call.userId, call.traits);
          break;
      }
    },
    anonymousId: () => instance.user().anonymousId() ?? null,
    reset: () => instance.reset(),
  };
}
