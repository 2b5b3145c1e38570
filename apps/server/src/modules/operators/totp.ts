import { Secret, TOTP } from 'otpauth';

/** RFC 6238 as authenticator apps use it: SHA-1, six digits, 30-second steps. */
const period = 30;

export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

/** The otpauth:// URI an authenticator app takes (as a QR code or pasted), naming the casino and the operator. */
export function totpUri(secret: string, email: string): string {
  return totpOf(secret, email).toString();
}

/**
 * The time step `code` is valid for at `now`, one step either side allowed for a clock that drifts;
 * null when it is not the code of any of them.
 */
export function totpStepOf(secret: string, code: string, now: Date): number | null {
  const delta = totpOf(secret).validate({ token: code, timestamp: now.getTime(), window: 1 });
  return delta === null ? null : Math.floor(now.getTime() / 1000 / period) + delta;
}

/** The code of `secret` at `at` (the operator:create command shows none; tests and demos sign in with it). */
export function totpCodeAt(secret: string, at: Date): string {
  return totpOf(secret).generate({ timestamp: at.getTime() });
}

function totpOf(secret: string, label = 'operator') {
  return new TOTP({
    issuer: 'Chrysos Casino back office',
    label,
    algorithm: 'SHA1',
    digits: 6,
    period,
    secret: Secret.fromBase32(secret),
  });
}
