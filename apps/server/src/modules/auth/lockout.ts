/** Devise lockable: ten wrong passwords in a row lock the account for an hour. */
export const maximumFailedAttempts = 10;
export const lockDurationMs = 60 * 60 * 1000;

/** Whether an account locked at `lockedAt` is still locked: the lock lifts by itself after an hour. */
export const isLocked = (lockedAt: Date | null, now: Date) =>
  lockedAt !== null && now.getTime() - lockedAt.getTime() < lockDurationMs;
