import type { Player } from '@chrysos/contract';

/** Spec §4: the player needs CompleteRegistration while a social sign-in left fields out or no country is set. */
export const needsCompletion = (player: Pick<Player, 'auth_fields_missed' | 'country'>): boolean =>
  player.auth_fields_missed.length > 0 || player.country === null;
