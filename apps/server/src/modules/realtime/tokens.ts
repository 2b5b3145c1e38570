import { errors, jwtVerify, SignJWT } from 'jose';

/**
 * Connection tokens (Centrifugo's JWT: HS256, `sub` = the user, `exp`): short-lived, asked for again
 * through GET /api/player/settings before they expire. The same tokens a Centrifugo with the shared
 * token_hmac_secret_key accepts.
 */
export class ConnectionTokens {
  readonly #key: Uint8Array;
  readonly #ttlSeconds: number;

  constructor(secret: string, ttlSeconds: number) {
    this.#key = new TextEncoder().encode(secret);
    this.#ttlSeconds = ttlSeconds;
  }

  async sign(user: string, now = Date.now()): Promise<{ token: string; issuedAt: number }> {
    const issuedAt = Math.floor(now / 1000);
    const token = await new SignJWT({})
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(user)
      .setIssuedAt(issuedAt)
      .setExpirationTime(issuedAt + this.#ttlSeconds)
      .sign(this.#key);
    return { token, issuedAt };
  }

  /** The token's user and expiry (seconds), or why it is refused. */
  async verify(
    token: string,
  ): Promise<
    { ok: true; user: string; expiresAt: number | undefined } | { ok: false; reason: 'expired' | 'invalid' }
  > {
    try {
      const { payload } = await jwtVerify(token, this.#key, { algorithms: ['HS256'] });
      if (typeof payload.sub !== 'string' || payload.sub === '') return { ok: false, reason: 'invalid' };
      return { ok: true, user: payload.sub, expiresAt: payload.exp };
    } catch (error) {
      return { ok: false, reason: error instanceof errors.JWTExpired ? 'expired' : 'invalid' };
    }
  }
}
