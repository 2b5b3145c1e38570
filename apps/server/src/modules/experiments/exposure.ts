import { type UtmParameters, utmParameters } from '@chrysos/contract';
import type { PlatformEvent } from '../analytics/public.ts';
import type { Subject } from './subject-of.ts';

const utmNames = Object.keys(utmParameters.shape) as (keyof UtmParameters)[];

/** The utm_ parameters of a page's URL, as /v2/ab takes them in its query (each at most 200 characters). */
export function utmOf(url: string): UtmParameters {
  const search = new URL(url, 'http://page.invalid').searchParams;
  const found: UtmParameters = {};
  for (const name of utmNames) {
    const value = search.get(name);
    if (value !== null && value.length <= 200) found[name] = value;
  }
  return found;
}

/**
 * The analytics event of a subject's first exposure to an experiment: its message id is the
 * assignment's, so however it is delivered it is one event.
 */
export function exposureEvent(
  experimentId: string,
  subject: Subject,
  variation: { key: string; path: string },
  utm: UtmParameters,
  at: Date,
): PlatformEvent {
  return {
    messageId: `exposure:${experimentId}:${subject.id}`,
    event: 'Experiment Viewed',
    ...(subject.kind === 'player' ? { userId: subject.id } : { anonymousId: subject.id }),
    properties: { experiment_id: experimentId, variation: variation.key, path: variation.path, ...utm },
    at,
  };
}
