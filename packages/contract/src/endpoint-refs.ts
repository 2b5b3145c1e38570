// Written by `npm run refs -w @chrysos/contract` from the endpoint descriptors; do not edit.
// The references browsers call through: method, base, path and version, with the endpoint as a type
// only, so no zod schema reaches a page (docs/decisions/0017). A stale line fails the typecheck.
import { ref } from './endpoint.ts';
import type * as contract from './index.ts';

export const endpoints = {
  support: {
    sendContactMessage: ref<typeof contract.supportApi.sendContactMessage>(
      'POST',
      '/api',
      '/send_contact_message',
      1,
    ),
  },
} as const;
