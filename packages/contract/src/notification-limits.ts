// Numbers of the notifications centre, apart from the schemas so a page can import them without zod.

/** Read records kept, on the device and per player on the server (spec §9). */
export const notificationReadsKept = 100;
/** Read notifications shown below the unread ones (spec §9). */
export const readNotificationsShown = 5;
