declare module '../../platform/events.ts' {
  interface DomainEvents {
    /**
     * A player's comp points moved outside play (an award, an exchange): the level is settled and the
     * new points are pushed on comps_award. Play is followed by the accrual handler itself.
     */
    'loyalty.points_changed': { playerId: string; reason: 'award' | 'exchange' };
  }
}

export {};
