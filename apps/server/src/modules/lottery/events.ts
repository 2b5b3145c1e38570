/*
 * The lottery's events, published in the transaction of the change; the realtime and web pushes to the
 * player follow from them (handlers/publish-*.ts).
 */
declare module '../../platform/events.ts' {
  interface DomainEvents {
    /** A deposit earned tickets (their numbers) in a week's draw. */
    'lottery.tickets_issued': { drawId: string; playerId: string; numbers: number[] };
    /** A player won a place in a draw (the prize is booked or granted in the same transaction). */
    'lottery.prize_won': { drawId: string; playerId: string; place: number };
    /** A week was drawn: its seed is public and its winners stored. */
    'lottery.drawn': { drawId: string; winners: number };
  }
}

export {};
