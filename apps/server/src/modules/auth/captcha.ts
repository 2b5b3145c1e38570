import { createHash, randomBytes } from 'node:crypto';
import { createChallenge, extractParams, verifySolution } from 'altcha-lib/v1';
import { AppError } from '../../platform/errors.ts';
import type { SharedState } from '../../platform/shared-state.ts';

/** How long a challenge may take to solve and send back. */
const challengeLifetimeMs = 5 * 60 * 1000;
/** Failed sign-ins from one address, and sign-ups, count towards the captcha for this long. */
const failureWindowMs = 15 * 60 * 1000;
/** About 50,000 SHA-256 hashes on average: a blink for one person, costly for a script doing thousands. */
const difficulty = 100_000;

export const captchaRequired = () => new AppError('auth.captcha_required', { field: 'captcha' });

/**
 * Self-hosted proof-of-work captcha (ALTCHA): no third-party service sees our players. The server
 * signs a challenge; the browser finds the number whose hash matches and sends it back with the form.
 * Each solution is accepted once. Failed sign-ins and spent solutions are kept in the shared state,
 * so every instance counts and refuses alike.
 */
export class Captcha {
  readonly #hmacKey: string;
  readonly #state: SharedState;
  private readonly policy: { afterFailedSignIns: number; afterSignUps: number; onSignUp: boolean };

  constructor(
    hmacKey: string | undefined,
    policy: { afterFailedSignIns: number; afterSignUps: number; onSignUp: boolean },
    state: SharedState,
  ) {
    this.policy = policy;
    this.#state = state;
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
  async requiredForSignIn(ip: string): Promise<boolean> {
    const { afterFailedSignIns } = this.policy;
    return afterFailedSignIns > 0 && (await this.#state.hits(failuresKey(ip))) >= afterFailedSignIns;
  }

  /**
   * Whether a sign-up must carry a solved captcha: every one with CAPTCHA_ON_SIGN_UP, else once a few
   * sign-ups came from this client's address or named this email address (issue 31 item 9): asking
   * which addresses are taken, one sign-up at a time, costs a captcha each after that.
   */
  async requiredForSignUp(ip: string, email: string): Promise<boolean> {
    const { onSignUp, afterSignUps } = this.policy;
    if (onSignUp) return true;
    if (afterSignUps === 0) return false;
    const counts = await Promise.all(signUpKeys(ip, email).map((key) => this.#state.hits(key)));
    return counts.some((count) => count >= afterSignUps);
  }

  /** Counts a sign-up that asked whether the address is taken, for its client and its address alike. */
  async recordSignUp(ip: string, email: string): Promise<void> {
    if (this.policy.afterSignUps === 0) return;
    await Promise.all(signUpKeys(ip, email).map((key) => this.#state.hit(key, failureWindowMs)));
  }

  /** Counted in a 15-minute window opened by the address's first failure. */
  async recordFailedSignIn(ip: string): Promise<void> {
    if (this.policy.afterFailedSignIns > 0) await this.#state.hit(failuresKey(ip), failureWindowMs);
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
    const signature = JSON.parse(Buffer.from(token, 'base64').toString('utf8')).signature as string;
    // Remembered until the challenge expires, after which verifySolution refuses it anyway.
    const expires = Number(extractParams(token).expires) * 1000 || Date.now() + challengeLifetimeMs;
    return this.#state.add(`captcha:solution:${signature}`, '1', Math.max(1, expires - Date.now()));
  }
}

const failuresKey = (ip: string) => `captcha:failed-sign-ins:${ip}`;
/** The email address is kept hashed: the shared state holds no address. */
const signUpKeys = (ip: string, email: string) => [
  `captcha:sign-ups:${ip}`,
  `captcha:sign-ups:${createHash('sha256').update(email.trim().toLowerCase()).digest('hex')}`,
];
