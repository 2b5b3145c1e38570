/**
 * Spec §5 asynchronous email check: whether the server thinks an address can receive mail. Answers are
 * kept per address (case and surrounding spaces do not matter); a failed check counts as valid, so a
 * slow or broken checker never stops anyone registering, and is asked again next time.
 */
export function createEmailValidator(ask: (address: string) => Promise<boolean>) {
  const answers = new Map<string, Promise<boolean>>();
  return (address: string): Promise<boolean> => {
    const key = address.trim().toLowerCase();
    const known = answers.get(key);
    if (known) return known;
    const answer = ask(key).then(
      (valid) => valid,
      () => {
        answers.delete(key);
        return true;
      },
    );
    answers.set(key, answer);
    return answer;
  };
}

/** Milliseconds of quiet typing before an address is checked. */
export const emailCheckDelayMs = 300;

/**
 * Spec §5: whether an address may register when the casino lists the only email domains allowed
 * (`allowed_email_domains` of the player settings, lowercase). No list allows every domain.
 */
export function registrationAllowed(address: string, allowedDomains: readonly string[] | null): boolean {
  if (!allowedDomains) return true;
  const domain = address.trim().split('@').pop()?.toLowerCase() ?? '';
  return allowedDomains.includes(domain);
}
