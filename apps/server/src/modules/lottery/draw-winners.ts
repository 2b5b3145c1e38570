import { createHash } from 'node:crypto';

/*
 * The draw, verifiable by anyone (the rules on the lottery page say the same in words): the week's seed
 * is 32 random bytes written as 64 hex characters, generated when the week is created; its SHA-256 (of
 * the hex text) is published on the lottery page from then on, and the seed itself at the draw. The
 * tickets are numbered 1 to N in the order they were issued, each with its owner's pseudonym, on the
 * public ticket list (GET /api/lottery/draws/<week>). Then, for k = 0, 1, 2 …: the SHA-256 of the text
 * `<seed>:<k>`, read as a 256-bit number, modulo N, plus 1, is a ticket number; if its owner has not won
 * yet, that ticket takes the next place; otherwise it is passed over. This goes on until ten places are
 * taken or every owner has won.
 */

export const places = 10;

export interface PublicTicket {
  number: number;
  owner: string;
}

export interface DrawnPlace {
  place: number;
  ticket: number;
  owner: string;
}

export function seedHash(seed: string): string {
  return createHash('sha256').update(seed).digest('hex');
}

/** The winning tickets by place, from the seed and the ticket list (sorted or not). */
export function drawWinners(seed: string, tickets: readonly PublicTicket[]): DrawnPlace[] {
  const byNumber = [...tickets].sort((a, b) => a.number - b.number);
  const count = BigInt(byNumber.length);
  const owners = new Set(byNumber.map((ticket) => ticket.owner));
  const wanted = Math.min(places, owners.size);
  const winners: DrawnPlace[] = [];
  const won = new Set<string>();
  for (let k = 0; winners.length < wanted; k++) {
    const digest = createHash('sha256').update(`${seed}:${k}`).digest('hex');
    const index = Number(BigInt(`0x${digest}`) % count);
    const ticket = byNumber[index];
    if (!ticket || won.has(ticket.owner)) continue;
    won.add(ticket.owner);
    winners.push({ place: winners.length + 1, ticket: ticket.number, owner: ticket.owner });
  }
  return winners;
}

/**
 * An owner's pseudonym on a draw's public list: the same for all of one player's tickets in that draw,
 * and telling nothing of who the player is.
 */
export function ownerPseudonym(secret: string, drawId: string, playerId: string): string {
  return createHash('sha256').update(`${secret}:${drawId}:${playerId}`).digest('hex').slice(0, 12);
}
