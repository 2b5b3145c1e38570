/*
 * What a browser imports of the contract at run time: the client and the endpoint references, none of
 * which carries a zod schema (types come from the descriptors). Servers and tests import the
 * descriptors themselves from the package root.
 */
export * from './endpoint.ts';
export { endpoints } from './endpoint-refs.ts';
export { notificationReadsKept, readNotificationsShown } from './notification-limits.ts';
