import { createHmac } from 'node:crypto';

export const signatureHeader = 'x-chrysos-signature';
export const studioHeader = 'x-chrysos-studio';

/** HMAC-SHA256 of the exact request body, hex: what a studio puts in the signature header. */
export const signBody = (body: string, secret: string) =>
  createHmac('sha256', secret).update(body).digest('hex');
