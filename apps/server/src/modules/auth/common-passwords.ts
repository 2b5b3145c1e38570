// A CommonJS package: Node gives ES modules only its default export.
import dumbPasswords from 'dumb-passwords';

/** Sign-up refuses a password among the 10,000 most common ones. */
export function isCommonPassword(password: string): boolean {
  return dumbPasswords.check(password);
}
