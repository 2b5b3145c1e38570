/**
 * Messages a game's iframe posts to the game page around it (same origin only): the game was left
 * (/exit_iframe), a round changed the balance so the header should show the wallet's new amount, or
 * the player asked the game for the cashier.
 */
export const exitGameMessage = 'chrysos:exit-game';
export const balanceMessage = 'chrysos:balance';
export const cashierMessage = 'chrysos:cashier';

export type GameMessage = 'exit' | 'balance' | 'cashier' | null;

/** What a message event from a game frame asks for; anything from another origin is ignored. */
export function readGameMessage(event: { origin: string; data: unknown }, pageOrigin: string): GameMessage {
  if (event.origin !== pageOrigin) return null;
  const type = (event.data as { type?: unknown } | null)?.type;
  if (type === exitGameMessage) return 'exit';
  if (type === balanceMessage) return 'balance';
  if (type === cashierMessage) return 'cashier';
  return null;
}
