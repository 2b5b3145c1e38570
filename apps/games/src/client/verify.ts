/**
 * What the casino's public /provably-fair page needs from the studio client, without the games:
 * the verify call, the browser-side hash, and the outcome in words.
 */
export { createStudioApi, StudioError, sha256Hex, type VerifyAnswer, type VerifyInput } from './api.ts';
export { translator } from './i18n.ts';
export { OutcomeSummary } from './OutcomeSummary.tsx';
export { engineOfView } from './verification.ts';
