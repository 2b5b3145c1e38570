/**
 * The comp points every mounted reader (useCompPoints) shows, read again on demand: spec §4's account
 * switch reloads them from the switch action itself, and waits for them with the accounts and the player.
 */
const readers = new Set<() => Promise<void>>();

/** Registers a reader to read its comp points again on a reload; returns its removal. */
export function onCompPointsReload(read: () => Promise<void>): () => void {
  readers.add(read);
  return () => {
    readers.delete(read);
  };
}

/** Every mounted reader reads its comp points again; settles once all have. */
export async function reloadCompPoints(): Promise<void> {
  await Promise.all([...readers].map((read) => read()));
}
