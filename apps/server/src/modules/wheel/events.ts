/*
 * The fortune wheel's events, published in the transaction of the change: a qualifying deposit earned
 * the day's spin, or the spin was made (its prize paid in the same transaction). The realtime push
 * follows from them (handlers/publish-spin.ts).
 */
declare module '../../platform/events.ts' {
  interface DomainEvents {
    'wheel.spin_granted': { spinId: string; playerId: string };
    'wheel.spun': { spinId: string; playerId: string; sector: number };
  }
}

export {};
