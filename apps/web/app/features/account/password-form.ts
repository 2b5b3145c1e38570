/* The change-password form's rules and answers, shared by the form and its route's action. */

import { confirmed, maxLength, minLength, required } from '@chrysos/rules';

/** The rules of a new password (spec §5): the same as at registration, typed twice alike. */
export function newPasswordProblems(
  password: string,
  confirmation: string,
): { password: ReturnType<typeof required>; password_confirmation: ReturnType<typeof required> } {
  return {
    password: required(password) ?? minLength(password, 8) ?? maxLength(password, 128),
    password_confirmation: required(confirmation) ?? confirmed(confirmation, password),
  };
}

/** What the security tab needs of the player: their address, and whether they have a password to change. */
export interface PasswordAccount {
  email: string;
  passwordSet: boolean;
}

/** What the change-password action answers; the passwords are never sent back. */
export type PasswordResult = { changed: true } | { changed: false; problems: Record<string, string> };
