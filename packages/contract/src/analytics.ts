import { z } from 'zod';
import { endpoint } from './endpoint.ts';
import { errorBody } from './errors.ts';

/*
 * Analytics (spec §3 event kinds, §7 Analytics and core API, §9 analytics queue): the product's own
 * ingest speaks Segment's tracking API, so the browser's @segment/analytics-next and a back end's
 * @segment/analytics-node post to it unchanged.
 *
 *   GET  /analytics/v1/projects/:writeKey/settings   the source's settings document ({cdn})
 *   POST /analytics/v1/{t|i|p|a|g|s}                 one event, by its type's first letter ({pipeline})
 *   POST /analytics/v1/b, /analytics/v1/batch        a batch: { batch, writeKey, sentAt }
 *   POST /analytics/v1/m                             the library's own delivery metrics
 *   POST /api/send-event                             the session_end beacon on page hide
 *   POST /api/v2/collect-stats, /many                a client's named measurements (core API)
 *
 * Bodies come as `text/plain` (the library's Content-Type, which needs no CORS preflight) or JSON. The
 * write key is the body's `writeKey` or the Authorization header's Basic user name.
 */

const text = (max: number) => z.string().min(1).max(max);
const json = z.record(z.string(), z.unknown());

export const analyticsEventTypes = ['track', 'page', 'screen', 'identify', 'group', 'alias'] as const;
export type AnalyticsEventType = (typeof analyticsEventTypes)[number];

/** The path letter of each type: `/v1/t` is a track (spec §7). */
export const analyticsPathLetters = {
  t: 'track',
  p: 'page',
  s: 'screen',
  i: 'identify',
  g: 'group',
  a: 'alias',
} as const;
export type AnalyticsPathLetter = keyof typeof analyticsPathLetters;

/**
 * One event as Segment's libraries send it. Fields beyond these (`_metadata`, `integrations`, `sentAt`)
 * are accepted and not kept. Either `userId` or `anonymousId` names who it is about.
 */
export const analyticsEvent = z
  .looseObject({
    type: z.enum(analyticsEventTypes),
    messageId: text(100).optional(),
    timestamp: z.iso.datetime({ offset: true }).optional(),
    userId: text(200).nullish(),
    anonymousId: text(200).nullish(),
    /** A track's event name. */
    event: text(200).optional(),
    /** A page's or screen's name. */
    name: text(200).nullish(),
    category: text(200).nullish(),
    properties: json.optional(),
    traits: json.optional(),
    context: json.optional(),
    groupId: text(200).optional(),
    previousId: text(200).optional(),
    writeKey: text(200).optional(),
  })
  .meta({ id: 'AnalyticsEvent' });
export type AnalyticsEvent = z.infer<typeof analyticsEvent>;

/** A batch (`POST /v1/b`): at most 500 events, the whole body at most the ingest's 500 KB. */
export const analyticsBatch = z
  .looseObject({
    batch: z.array(z.unknown()).min(1).max(500),
    writeKey: text(200).optional(),
    sentAt: z.iso.datetime({ offset: true }).optional(),
    /** Context shared by every event of the batch (analytics-node's). */
    context: json.optional(),
  })
  .meta({ id: 'AnalyticsBatch' });

/** What the ingest answers: `rejected` names the events of a batch it did not keep, and why. */
export const analyticsAccepted = z
  .object({
    success: z.literal(true),
    rejected: z.array(z.object({ index: z.number().int(), reason: z.string() })).optional(),
  })
  .meta({ id: 'AnalyticsAccepted' });

/** The source's settings document, as analytics-next reads it from `{cdn}/v1/projects/{writeKey}/settings`. */
export const analyticsSettings = json.meta({ id: 'AnalyticsSettings' });

/** The `session_end` beacon (spec §7): sent with navigator.sendBeacon when the page is hidden. */
export const sessionEndBeacon = z
  .object({
    event: z.literal('session_end'),
    messageId: text(100),
    anonymousId: text(200),
    /** How long the visit lasted, in milliseconds. */
    duration_ms: z
      .number()
      .int()
      .min(0)
      .max(31 * 86_400_000),
    /** The page the visit ended on (a path of the site). */
    path: z.string().max(2000).startsWith('/'),
  })
  .meta({ id: 'SessionEndBeacon' });

/** One measurement for `POST /v2/collect-stats`: a snake- or dot-cased name, its value, string tags. */
export const collectedStat = z
  .object({
    name: z.string().regex(/^[a-z][a-z0-9_.:-]{0,99}$/),
    value: z.number().finite(),
    tags: z.record(z.string().regex(/^[a-z][a-z0-9_]{0,39}$/), z.string().max(200)).default({}),
  })
  .refine((stat) => Object.keys(stat.tags).length <= 20, { message: 'At most 20 tags', path: ['tags'] })
  .meta({ id: 'CollectedStat' });
export type CollectedStat = z.input<typeof collectedStat>;

const ingest = { base: '/analytics', tags: ['analytics'] } as const;

export const analyticsApi = {
  settings: endpoint({
    ...ingest,
    method: 'GET',
    path: '/v1/projects/:writeKey/settings',
    summary: "A source's settings document: its delivery, retry and metrics settings (spec §9)",
    params: z.object({ writeKey: text(200) }),
    responses: { 200: analyticsSettings, 401: errorBody },
  }),
  event: endpoint({
    ...ingest,
    method: 'POST',
    path: '/v1/:letter',
    summary: 'One event, by the first letter of its type',
    params: z.object({ letter: z.enum(Object.keys(analyticsPathLetters) as [AnalyticsPathLetter]) }),
    body: analyticsEvent,
    responses: { 200: analyticsAccepted, 400: errorBody, 401: errorBody, 429: errorBody },
  }),
  batch: endpoint({
    ...ingest,
    method: 'POST',
    path: '/v1/b',
    summary: 'A batch of events; each messageId is stored once however often the batch is re-sent',
    body: analyticsBatch,
    responses: { 200: analyticsAccepted, 400: errorBody, 401: errorBody, 429: errorBody },
  }),
  /** Segment's own path for a batch, which @segment/analytics-node posts to by default. */
  batchAtSegmentPath: endpoint({
    ...ingest,
    method: 'POST',
    path: '/v1/batch',
    summary: "A batch of events, at the path Segment's server libraries use",
    body: analyticsBatch,
    responses: { 200: analyticsAccepted, 400: errorBody, 401: errorBody, 429: errorBody },
  }),
  metrics: endpoint({
    ...ingest,
    method: 'POST',
    path: '/v1/m',
    summary: "The browser library's delivery metrics, counted for the operator's monitoring",
    body: z.looseObject({
      series: z
        .array(z.looseObject({ metric: text(100), value: z.number(), tags: json.optional() }))
        .max(100),
    }),
    responses: { 200: analyticsAccepted, 400: errorBody },
  }),
  sessionEnd: endpoint({
    method: 'POST',
    path: '/send-event',
    tags: ['analytics'],
    summary: 'The session_end beacon, sent as the page is hidden',
    body: sessionEndBeacon,
    responses: { 202: z.object({}), 400: errorBody },
  }),
  collectStats: endpoint({
    method: 'POST',
    path: '/v2/collect-stats',
    tags: ['core'],
    summary: 'Stores one measurement',
    body: collectedStat,
    responses: { 202: z.object({}), 400: errorBody, 429: errorBody },
  }),
  collectStatsMany: endpoint({
    method: 'POST',
    path: '/v2/collect-stats/many',
    tags: ['core'],
    summary: 'Stores up to 100 measurements',
    body: z.object({ stats: z.array(collectedStat).min(1).max(100) }),
    responses: { 202: z.object({}), 400: errorBody, 429: errorBody },
  }),
};

/** An event as the operator reads it back. */
export const storedAnalyticsEvent = z
  .object({
    message_id: z.string(),
    source: z.enum(['web', 'server', 'platform']),
    type: z.enum(analyticsEventTypes),
    name: z.string().nullable(),
    user_id: z.string().nullable(),
    anonymous_id: z.string().nullable(),
    properties: json,
    occurred_at: z.iso.datetime({ offset: true }),
    received_at: z.iso.datetime({ offset: true }),
  })
  .meta({ id: 'StoredAnalyticsEvent' });

export const analyticsOperatorApi = {
  /** Support's view of one visitor's or player's journey: their latest events, newest first. */
  events: endpoint({
    method: 'GET',
    path: '/operator/analytics/events',
    ability: ['read', 'Analytics'],
    tags: ['operator'],
    summary: "A visitor's or a player's latest analytics events, newest first",
    query: z
      .object({
        anonymous_id: text(200).optional(),
        user_id: text(200).optional(),
        limit: z.coerce.number().int().min(1).max(1000).default(100),
      })
      .refine((query) => Boolean(query.anonymous_id) !== Boolean(query.user_id), {
        message: 'Name either anonymous_id or user_id',
        path: ['anonymous_id'],
      }),
    responses: { 200: z.array(storedAnalyticsEvent), 401: errorBody, 422: errorBody },
  }),
};
