import { createHash, randomBytes } from 'node:crypto';

/** Session, game-session and emailed tokens are stored as SHA-256 hashes: they are random, so no salt is needed. */
export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** 256 random bits, URL-safe: session cookies, game sessions and emailed links. */
export const randomToken = () => randomBytes(32).toString('base64url');
