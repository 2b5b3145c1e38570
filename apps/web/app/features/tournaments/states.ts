/** The list pages' states (spec §2 /tournaments/{state}); `archived` tournaments are not listed. */
export const listedStates = ['active', 'upcoming', 'finished'] as const;
export type ListedState = (typeof listedStates)[number];
export const isListedState = (state: string): state is ListedState =>
  (listedStates as readonly string[]).includes(state);
