import { randomBytes } from 'node:crypto';
import { createChallenge, extractParams, verifySolution } from 'altcha-lib/v1';
import { AppError } from '../../platform/errors.ts';

/** How long a challenge may take to solve and send back. */
const challengeLifetimeMs = 5 * 60 * 1000;
/** Failed sign-ins from one address count towards the captcha for this long. */
const failureWindowMs = 15 * 60 * 1000;
/** About 50,000 SHA-256 hashes on average: a blink for one person, costly for a script doing thousands. */
const difficulty = 100_000;

export const captchaRequired = () => new AppError(422, { captcha: ['is required'] });

/**
 * Self-hosted proof-of-work captcha (ALTCHA): no third-party service sees our players. The server
 * signs a challenge; the browser finds the number whose hash matches and sends it back with the form.
 * Each solution is accepted once.
 */
export class Captcha {
  readonly #hmacKey: string;
  readonly #used = new Map<string, number>();
  readonly #failures = new Map<string, number[]>();
  private readonly policy: { afterFailedSignIns: number; onSignUp: boolean };

  constructor(hmacKey: string | undefined, policy: { afterFailedSignIns: number; onSignUp: boolean }) {
    this.policy = policy;
    this.#hmacKey = hmacKey ?? randomBytes(32).toString('hex');
  }

  challenge(): ReturnType<typeof createChallenge> {
    return createChallenge({
      hmacKey: this.#hmacKey,
      maxNumber: difficulty,
      expires: new Date(Date.now() + challengeLifetimeMs),
    });
  }

  /** Whether sign-in from this address must carry a solved captcha. */
  requiredForSignIn(ip: string): boolean {
    const { afterFailedSignIns } = this.policy;
    return afterFailedSignIns > 0 && this.#recentFailures(ip).length >= afterFailedSignIns;
  }

  get requiredForSignUp(): boolean {
    return this.policy.onSignUp;
  }

  recordFailedSignIn(ip: string): void {
    // Many distinct addresses must not grow the table without end: drop the stale ones now and then.
    if (this.#failures.size > 10_000)
      for (const known of [...this.#failures.keys()]) this.#recentFailures(known);
    this.#failures.set(ip, [...this.#recentFailures(ip), Date.now()]);
  }

  /** Throws the captcha-required error unless the token is a fresh, valid, unused solution. */
  async demand(token: string | undefined): Promise<void> {
    if (!token || !(await this.#accept(token))) throw captchaRequired();
  }

  async #accept(token: string): Promise<boolean> {
    let valid = false;
    try {
      valid = await verifySolution(token, this.#hmacKey, true);
    } catch {
      return false;
    }
    if (!valid) return false;
    this.#forgetExpired();
    const signature = JSON.parse(Buffer.from(token, 'base64').toString('utf8')).signature as string;
    if (this.#used.has(signature)) return false;
    const expires = Number(extractParams(token).expires) * 1000 || Date.now() + challengeLifetimeMs;
    this.#used.set(signature, expires);
    return true;
  }

  #recentFailures(ip: string): number[] {
    const since = Date.now() - failureWindowMs;
    const recent = (this.#failures.get(ip) ?? []).filter((at) => at > since);
    if (recent.length === 0) this.#failures.delete(ip);
    return recent;
  }

  #forgetExpired(): void {
    const now = Date.now();
    for (const [signature, expires] of this.#used) if (expires < now) this.#used.delete(signature);
  }
}
