/*
 * The bonus engine's events: a player's bonus, free spins or lootbox changed (issued, activated,
 * progressed, ended), published in the transaction of the change. Realtime pushes and web pushes
 * follow from them (handlers/publish-*.ts), never from the request that made the change.
 */
declare module '../../platform/events.ts' {
  interface DomainEvents {
    /** `pushed`: the change is worth a web push (issued, activated, converted, ended by the casino). */
    'bonuses.bonus_changed': { bonusId: string; playerId: string; stage: string; pushed: boolean };
    'bonuses.freespins_changed': { freespinsId: string; playerId: string; stage: string; pushed: boolean };
    'bonuses.lootbox_changed': { lootboxId: string; playerId: string; stage: string; pushed: boolean };
  }
}

export {};
