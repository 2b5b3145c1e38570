/** Spec §9 loading bar: shown after 400 ms, easing towards the end over 3000 ms, 5 px of #DDA052. */
export const loadingBar = {
  throttleMs: 400,
  durationMs: 3000,
  height: 5,
  color: '#DDA052',
  hideDelayMs: 400,
} as const;

/**
 * Progress (0–100) after `elapsedMs` of a navigation: it approaches 90 % without reaching it, so the
 * bar keeps moving on a slow page and only a finished navigation takes it to 100.
 */
export function loadingProgress(elapsedMs: number): number {
  if (elapsedMs <= 0) return 0;
  return 90 * (1 - Math.exp((-3 * elapsedMs) / loadingBar.durationMs));
}
