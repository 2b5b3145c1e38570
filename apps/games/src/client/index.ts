/**
 * The studio's game clients, rendered by the casino's /studio/play/:titleId page inside the game
 * iframe. The public verifier's pieces are in ./verify.ts (a separate entry, without the games).
 */
export type { Lang } from './api.ts';
export { langFrom } from './i18n.ts';
export { StudioGame, sessionStorageKey } from './StudioGame.tsx';
