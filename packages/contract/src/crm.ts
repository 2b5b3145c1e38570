import { z } from 'zod';
import { endpoint } from './endpoint.ts';
import { errorBody } from './errors.ts';

/*
 * Realtime CRM messages (content realtimeCrmConfigure, issue 31 item 16). The operator's CRM names an
 * event that happened for a player (`first_deposit_done`, `bonus_expiring` …); the player's open pages
 * get it on their private realtime channel `crm_events` and show what the content configures for that
 * event, in the page's language: the modal it names, with its title, text and call to action.
 *
 *   POST /operator/players/:id/crm_events   sends one event to the player (bearer OPERATOR_API_TOKEN)
 */

/** A CRM event's name, as realtimeCrmConfigure's `event` spells it. */
export const crmEventName = z
  .string()
  .regex(/^[a-z_]{1,64}$/, 'expected an event name such as bonus_expiring');

export const crmEvent = z.object({ event: crmEventName }).meta({ id: 'CrmEvent' });
export type CrmEvent = z.infer<typeof crmEvent>;

export const crmApi = {
  send: endpoint({
    method: 'POST',
    path: '/operator/players/:id/crm_events',
    ability: ['create', 'CrmEvent'],
    params: z.object({ id: z.uuid() }),
    body: crmEvent,
    tags: ['operator'],
    summary: "Sends a CRM event to the player's open pages, which show the message content configures for it",
    responses: { 202: crmEvent, 401: errorBody, 404: errorBody, 422: errorBody },
  }),
};
