declare module '../../platform/events.ts' {
  interface DomainEvents {
    /** Groups a player joined or left (content visibility, bonuses and segments follow groups). */
    'player.groups_changed': { playerId: string; added: string[]; removed: string[] };
  }
}

export {};
