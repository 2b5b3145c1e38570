import { useState } from 'react';

/**
 * Runs `reset` when the player switches from one currency to another (in the header), not when the first
 * one arrives. Adjusted while rendering, React's way of deriving state from a changed value: an effect
 * runs after paint, and erased an amount typed as a cashier form first showed.
 */
export function useCurrencySwitch(code: string | null, reset: () => void): void {
  const [seen, setSeen] = useState(code);
  if (code === seen) return;
  setSeen(code);
  if (seen !== null) reset();
}
