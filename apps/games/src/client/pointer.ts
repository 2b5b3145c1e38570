import { useSyncExternalStore } from 'react';

/** A finger is the primary pointer: a phone or a tablet, where no keyboard is at hand. */
const touchQuery = '(pointer: coarse)';

function subscribe(onChange: () => void): () => void {
  const list = window.matchMedia(touchQuery);
  list.addEventListener('change', onChange);
  return () => list.removeEventListener('change', onChange);
}

/**
 * Whether the player plays by touch, so hints name taps and not keys. False on the server and while
 * hydrating (the keyboard's hint, as rendered), then what the device says.
 */
export function useTouch(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => window.matchMedia(touchQuery).matches,
    () => false,
  );
}
