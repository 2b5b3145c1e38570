import { z } from 'zod';
import { endpoint } from './endpoint.ts';
import { errorBody } from './errors.ts';
import { oneLine } from './text.ts';

/*
 * A/B tests (spec §7 core API `GET /v2/ab/{testId}`, the content's `ab` visibility rule; issue 37).
 *
 *   GET /api/v2/ab/:testId?utm_…               the request's subject's variation: { path, group }
 *   GET /api/operator/experiments              every experiment (bearer OPERATOR_API_TOKEN)
 *   PUT /api/operator/experiments/:id          creates or replaces one
 *   GET /api/operator/experiments/:id          one, with how many subjects each variation has
 */

const iso = z.iso.datetime({ offset: true });

/** An experiment's id: a slug, also what content's `ab.id` names (`home-hero`). */
export const experimentId = z
  .string()
  .max(64)
  .regex(/^[a-z0-9]+(?:[-_][a-z0-9]+)*$/);

export const experimentStatuses = ['draft', 'running', 'stopped'] as const;
export type ExperimentStatus = (typeof experimentStatuses)[number];

/**
 * One arm of an experiment: `key` is the group the API answers and analytics records, `path` what the
 * content's `ab.path` and the client compare with, `weight` the share of new subjects it gets.
 */
export const experimentVariation = z.object({
  key: z
    .string()
    .max(32)
    .regex(/^[a-z0-9]+(?:[-_][a-z0-9]+)*$/),
  path: z.string().max(200).startsWith('/').check(oneLine),
  weight: z.number().min(0).max(1),
});
export type ExperimentVariation = z.infer<typeof experimentVariation>;

/** Floating-point weights (0.1 + 0.2 + 0.7) sum to 1 within this. */
const weightTolerance = 1e-6;

/** 2 to 10 variations, the first the control, keys unique, weights summing to 1. */
export const experimentVariations = z
  .array(experimentVariation)
  .min(2)
  .max(10)
  .superRefine((variations, ctx) => {
    const seen = new Set<string>();
    for (const [index, { key }] of variations.entries()) {
      if (seen.has(key)) {
        ctx.addIssue({ code: 'custom', message: 'is used twice', path: [index, 'key'] });
      }
      seen.add(key);
    }
    const sum = variations.reduce((total, variation) => total + variation.weight, 0);
    if (Math.abs(sum - 1) > weightTolerance) {
      ctx.addIssue({ code: 'custom', message: 'weights must sum to 1', path: [] });
    }
  });

/** The utm_ parameters of the page that asks, recorded with the exposure (spec §9's tracked tags). */
export const utmParameters = z.object({
  utm_source: z.string().max(200).optional(),
  utm_medium: z.string().max(200).optional(),
  utm_campaign: z.string().max(200).optional(),
  utm_content: z.string().max(200).optional(),
  utm_term: z.string().max(200).optional(),
});
export type UtmParameters = z.infer<typeof utmParameters>;

/** The subject's variation: its path (what the page shows) and its key. */
export const abAnswer = z
  .object({
    path: z.string(),
    group: z.string(),
  })
  .meta({ id: 'AbAnswer' });
export type AbAnswer = z.infer<typeof abAnswer>;

/** An experiment as the operator defines it. */
export const experiment = z
  .object({
    id: z.string(),
    name: z.string(),
    status: z.enum(experimentStatuses),
    variations: z.array(experimentVariation),
    /** The share of subjects in the experiment at all; the rest see the control and are not recorded. */
    coverage: z.number(),
    /** What subjects are hashed with: the same subject, seed and weights give the same variation. */
    seed: z.string(),
    created_at: iso,
    updated_at: iso,
  })
  .meta({ id: 'Experiment' });
export type Experiment = z.infer<typeof experiment>;

/** One experiment with the subjects assigned so far, by variation key. */
export const experimentWithAssignments = experiment
  .extend({ assigned: z.record(z.string(), z.number().int()) })
  .meta({ id: 'ExperimentWithAssignments' });

export const experimentsApi = {
  ab: endpoint({
    method: 'GET',
    path: '/v2/ab/:testId',
    tags: ['core'],
    summary:
      'The variation of a running A/B test for the signed-in player, or the visitor of the analytics cookie; the control for a visitor without one',
    description:
      'Sticky: the first answer is stored and given again, whatever the weights become. The first one is recorded as an `Experiment Viewed` analytics event with the utm_ parameters given.',
    params: z.object({ testId: z.string().min(1).max(100) }),
    query: utmParameters,
    responses: { 200: abAnswer, 400: errorBody, 404: errorBody },
  }),
};

const operatorTags = ['operator'];

/** A/B tests' part of the operator API the back office will use (bearer OPERATOR_API_TOKEN). */
export const experimentOperatorApi = {
  list: endpoint({
    method: 'GET',
    path: '/operator/experiments',
    ability: ['read', 'Experiment'],
    tags: operatorTags,
    summary: 'Every experiment, running or not',
    responses: { 200: z.array(experiment), 401: errorBody },
  }),
  put: endpoint({
    method: 'PUT',
    path: '/operator/experiments/:id',
    ability: ['update', 'Experiment'],
    params: z.object({ id: experimentId }),
    body: z.object({
      name: z.string().trim().min(1).max(120).check(oneLine),
      status: z.enum(experimentStatuses),
      variations: experimentVariations,
      coverage: z.number().min(0).max(1).default(1),
      /** The experiment's id when left out. */
      seed: z.string().min(1).max(100).check(oneLine).optional(),
    }),
    tags: operatorTags,
    summary:
      'Creates (201) or replaces (200) an experiment; subjects already assigned keep their variation, so once any are, the variation keys stay as they are',
    responses: { 200: experiment, 201: experiment, 401: errorBody, 422: errorBody },
  }),
  get: endpoint({
    method: 'GET',
    path: '/operator/experiments/:id',
    ability: ['read', 'Experiment'],
    params: z.object({ id: experimentId }),
    tags: operatorTags,
    summary: 'One experiment with the number of subjects assigned to each variation',
    responses: { 200: experimentWithAssignments, 401: errorBody, 404: errorBody },
  }),
};
