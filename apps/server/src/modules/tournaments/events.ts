/*
 * The tournaments' events: a tournament's board was frozen and its prizes paid (published in the
 * transaction of the end job). The winners' pushes and the status publications follow from it.
 */
declare module '../../platform/events.ts' {
  interface DomainEvents {
    'tournaments.finished': { tournamentId: string; winners: { playerId: string; place: number }[] };
  }
}

export {};
