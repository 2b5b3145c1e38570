declare module '../../platform/events.ts' {
  interface DomainEvents {
    /** Groups a player joined or left (content visibility, bonuses and segments follow groups). */
    'player.groups_changed': { playerId: string; added: string[]; removed: string[] };
    /** An address the player chose while completing their registration: confirmed like one given at sign-up. */
    'player.email_chosen': { playerId: string; email: string; language: string };
  }
}

export {};
