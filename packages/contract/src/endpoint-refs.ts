// Written by `npm run refs -w @chrysos/contract` from the endpoint descriptors; do not edit.
// The references browsers call through: method, base, path and version, with the endpoint as a type
// only, so no zod schema reaches a page (docs/decisions/0017). A stale line fails the typecheck.
import { ref } from './endpoint.ts';
import type * as contract from './index.ts';

export const endpoints = {
  notifications: {
    readRecords: ref<typeof contract.notificationsApi.readRecords>(
      'GET',
      '/api',
      '/player/notification_reads',
      1,
    ),
    addReadRecords: ref<typeof contract.notificationsApi.addReadRecords>(
      'POST',
      '/api',
      '/player/notification_reads',
      1,
    ),
    pushKey: ref<typeof contract.notificationsApi.pushKey>(
      'GET',
      '/api',
      '/player/push_subscriptions/key',
      1,
    ),
    subscribePush: ref<typeof contract.notificationsApi.subscribePush>(
      'POST',
      '/api',
      '/player/push_subscriptions',
      1,
    ),
    unsubscribePush: ref<typeof contract.notificationsApi.unsubscribePush>(
      'DELETE',
      '/api',
      '/player/push_subscriptions',
      1,
    ),
  },
  support: {
    sendContactMessage: ref<typeof contract.supportApi.sendContactMessage>(
      'POST',
      '/api',
      '/send_contact_message',
      1,
    ),
  },
} as const;
