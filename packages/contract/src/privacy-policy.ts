import { z } from 'zod';
import { endpoint } from './endpoint.ts';
import { errorBody } from './errors.ts';

/*
 * The privacy policy's acceptance (content privacyPolicyUpdate, issue 31 item 16). A version of the
 * policy is named by the `utcDateTime` of its privacyPolicyUpdate item; each player's acceptance is kept
 * on the server, in the compliance audit trail (who, which version, when, from which address):
 *
 *   GET  /player/privacy_policy             the version in force, and which one the player accepted
 *   POST /player/privacy_policy/acceptance  the player accepts the version in force
 */

const iso = z.iso.datetime({ offset: true });

export const privacyPolicyStatus = z
  .object({
    /** The latest published version whose date has come; null when none was ever announced. */
    current_version: iso.nullable(),
    /** The latest version the player accepted, and when; null when they never did. */
    accepted_version: iso.nullable(),
    accepted_at: iso.nullable(),
    /** The player has not accepted the version in force: the site shows the notice until they do. */
    must_accept: z.boolean(),
  })
  .meta({ id: 'PrivacyPolicyStatus' });
export type PrivacyPolicyStatus = z.infer<typeof privacyPolicyStatus>;

export const privacyPolicyAcceptance = z
  .object({
    /** The version accepted: the `utcDateTime` of the notice the player read. */
    version: iso,
  })
  .meta({ id: 'PrivacyPolicyAcceptance' });

const tags = ['compliance'];

export const privacyPolicyApi = {
  status: endpoint({
    method: 'GET',
    path: '/player/privacy_policy',
    tags,
    summary: 'The privacy policy version in force and the one the signed-in player accepted',
    responses: { 200: privacyPolicyStatus, 401: errorBody },
  }),
  accept: endpoint({
    method: 'POST',
    path: '/player/privacy_policy/acceptance',
    tags,
    summary: 'Records that the signed-in player accepts the privacy policy version in force',
    body: privacyPolicyAcceptance,
    responses: { 200: privacyPolicyStatus, 401: errorBody, 422: errorBody },
  }),
};
