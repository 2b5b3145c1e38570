import { useState } from 'react';

/**
 * Runs `reset` when the player switches from one currency to another (in the header), not when the first
 * one arrives, nor when the wallet is briefly without one (a read of the accounts that failed under load)
 * and comes back with the same: only a different currency is a switch. Adjusted while rendering, React's
 * way of deriving state from a changed value: an effect runs after paint, and erased an amount typed as
 * a cashier form first showed.
 */
export function useCurrencySwitch(code: string | null, reset: () => void): void {
  const [seen, setSeen] = useState(code);
  if (code === null || code === seen) return;
  setSeen(code);
  if (seen !== null) reset();
}
