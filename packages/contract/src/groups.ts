import { z } from 'zod';
import { endpoint } from './endpoint.ts';
import { errorBody } from './errors.ts';
import { oneLine } from './text.ts';

/*
 * Player groups (spec §3 statuses, §6: checked by id, extended or replaced, driving content visibility):
 *
 *   GET    /player/groups/:id                  whether the player is in the group
 *   POST   /v2/groups                          a new player's self-assignable groups, synced within 5 minutes
 *                                              of registration (spec §9)
 *
 * and the operator API's (bearer OPERATOR_API_TOKEN):
 *
 *   GET    /operator/players/:id/groups        the player's groups
 *   PATCH  /operator/players/:id/groups        adds and removes groups
 *   PUT    /operator/players/:id/groups        replaces them
 *
 * `POST /player/groups` (the player's own, self-assignable groups) is in playerApi.
 */

export const groupName = z.string().regex(/^[a-z0-9_]{1,40}$/, 'expected a group name');
const groupList = z.array(groupName).max(50);

/** Spec §7 groups_updates: a list of items with id. */
export const playerGroupList = z.array(z.object({ id: z.string() })).meta({ id: 'PlayerGroups' });

export const groupsApi = {
  check: endpoint({
    method: 'GET',
    path: '/player/groups/:id',
    params: z.object({ id: groupName }),
    tags: ['player'],
    summary: 'Whether the signed-in player is in a group',
    responses: { 200: z.object({ id: z.string(), member: z.boolean() }), 401: errorBody },
  }),
  sync: endpoint({
    method: 'POST',
    path: '/v2/groups',
    body: z.object({ groups: groupList }),
    tags: ['core'],
    summary:
      "Sets a new player's self-assignable groups to this list, within 5 minutes of registration (spec §9)",
    responses: { 200: playerGroupList, 401: errorBody, 409: errorBody, 422: errorBody },
  }),
};

const operatorPlayer = z.object({ id: z.uuid() });

export const groupsOperatorApi = {
  list: endpoint({
    method: 'GET',
    path: '/operator/players/:id/groups',
    ability: ['read', 'PlayerGroup'],
    params: operatorPlayer,
    tags: ['operator'],
    summary: "A player's groups",
    responses: { 200: playerGroupList, 401: errorBody, 404: errorBody },
  }),
  change: endpoint({
    method: 'PATCH',
    path: '/operator/players/:id/groups',
    ability: ['update', 'PlayerGroup'],

    params: operatorPlayer,
    body: z.object({
      add: groupList.optional(),
      remove: groupList.optional(),
      /** Why, for the audit trail (the back office always asks). */
      reason: z.string().trim().min(3).max(300).check(oneLine).optional(),
    }),
    tags: ['operator'],
    summary: "Adds and removes a player's groups (pushed on groups_updates)",
    responses: { 200: playerGroupList, 401: errorBody, 404: errorBody, 422: errorBody },
  }),
  replace: endpoint({
    method: 'PUT',
    path: '/operator/players/:id/groups',
    ability: ['update', 'PlayerGroup'],
    params: operatorPlayer,
    body: z.object({ groups: groupList }),
    tags: ['operator'],
    summary: "Replaces a player's groups with this list (pushed on groups_updates)",
    responses: { 200: playerGroupList, 401: errorBody, 404: errorBody, 422: errorBody },
  }),
};
