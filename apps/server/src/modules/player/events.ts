declare module '../../platform/events.ts' {
  interface DomainEvents {
    /** Groups a player joined or left (content visibility, bonuses and segments follow groups). */
    'player.groups_changed': { playerId: string; added: string[]; removed: string[] };
    /** An address the player chose while completing their registration: confirmed like one given at sign-up. */
    'player.email_chosen': { playerId: string; email: string; language: string };
    /**
     * An operator suspended, reinstated or closed the player's account (issue 38); the player's sessions
     * ended in the same transaction when it was barred.
     */
    'player.account_status_changed': {
      playerId: string;
      status: 'active' | 'suspended' | 'closed';
      previous: 'active' | 'suspended' | 'closed';
    };
  }
}

export {};
