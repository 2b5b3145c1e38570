import { createHmac, timingSafeEqual } from 'node:crypto';

/** Which studio signs a call. */
export const studioHeader = 'x-chrysos-studio';
/** HMAC-SHA256 of the exact request body with the studio's secret, hex. */
export const signatureHeader = 'x-chrysos-signature';

/** What a studio puts in the signature header for a body. */
export const signBody = (body: string, secret: string) =>
  createHmac('sha256', secret).update(body).digest('hex');

/** Whether a signature header is the body's signature with this secret, compared in constant time. */
export function signatureMatches(body: string, secret: string, signature: string): boolean {
  const given = Buffer.from(signature, 'hex');
  const expected = Buffer.from(signBody(body, secret), 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** The headers of a signed call. */
export const signedHeaders = (studio: string, body: string, secret: string) => ({
  'content-type': 'application/json',
  [studioHeader]: studio,
  [signatureHeader]: signBody(body, secret),
});
