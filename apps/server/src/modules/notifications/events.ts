/*
 * The notifications module's event: a content notification's time has come (its createdAt has passed
 * and it is in the content store), published once across instances by the announce job.
 */
declare module '../../platform/events.ts' {
  interface DomainEvents {
    'notifications.content_published': { slug: string; createdAt: string };
  }
}

export {};
