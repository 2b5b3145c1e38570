import { check } from 'dumb-passwords';

/** Spec'd for sign-up: a password among the 10,000 most common ones is refused. */
export function isCommonPassword(password: string): boolean {
  return check(password);
}

export const commonPasswordMessage = 'is among the most common passwords; choose one that is harder to guess';
