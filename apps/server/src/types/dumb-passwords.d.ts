declare module 'dumb-passwords' {
  const dumbPasswords: {
    /** Whether the password is among the 10,000 most common passwords (case-insensitive). */
    check(password: string): boolean;
  };
  export default dumbPasswords;
}
