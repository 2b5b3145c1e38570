import { z } from 'zod';
import { endpoint } from './endpoint.ts';
import { errorBody } from './errors.ts';

/*
 * The weekly lottery (content/{en,el}/lottery; issue 18):
 *
 *   GET /lottery                   the current draw (its seed's hash, when sales close, the prizes) and past results
 *   GET /lottery/draws/:id         one draw's public ticket list and, once drawn, its seed and winners:
 *                                  everything needed to recompute the winners
 *   GET /player/lottery            the signed-in player's tickets this week and their past draws
 */

const iso = z.iso.datetime({ offset: true });

/** A prize by place: 1st–3rd real money (no wagering), 4th–10th free spins under the bonus terms. */
export const lotteryPrize = z
  .object({
    place: z.number().int().min(1).max(10),
    kind: z.enum(['cash', 'freespins']),
    /** Cash: the amount in euro cents (paid in the winning ticket's currency at its equivalent). */
    euro_cents: z.number().int().nullable(),
    /** Free spins: how many. */
    spins: z.number().int().nullable(),
  })
  .meta({ id: 'LotteryPrize' });
export type LotteryPrize = z.infer<typeof lotteryPrize>;

/** A winner as anyone may see it: the ticket, its owner's pseudonym in this draw and masked name. */
export const lotteryWinner = z
  .object({
    place: z.number().int(),
    ticket: z.number().int(),
    owner: z.string(),
    name: z.string(),
    kind: z.enum(['cash', 'freespins']),
    currency: z.string(),
    /** Cash: minor units of `currency`; free spins: their count. */
    amount: z.number().int(),
  })
  .meta({ id: 'LotteryWinner' });
export type LotteryWinner = z.infer<typeof lotteryWinner>;

export const lotteryDrawSummary = z
  .object({
    id: z.string(),
    opens_at: iso,
    draw_at: iso,
    /** SHA-256 (hex) of the seed's text, published from the week's start. */
    seed_hash: z.string(),
    /** Revealed at the draw; null before. */
    seed: z.string().nullable(),
    drawn_at: iso.nullable(),
    tickets: z.number().int(),
    winners: z.array(lotteryWinner),
  })
  .meta({ id: 'LotteryDrawSummary' });
export type LotteryDrawSummary = z.infer<typeof lotteryDrawSummary>;

export const lotteryOverview = z
  .object({
    current: lotteryDrawSummary,
    prizes: z.array(lotteryPrize),
    /** Ticket price and weekly cap. */
    ticket_euro_cents: z.number().int(),
    max_tickets: z.number().int(),
    past: z.array(lotteryDrawSummary),
  })
  .meta({ id: 'LotteryOverview' });
export type LotteryOverview = z.infer<typeof lotteryOverview>;

export const lotteryDraw = lotteryDrawSummary
  .extend({
    /** Every ticket of the draw by number, with its owner's pseudonym (the same for one player in one draw). */
    ticket_list: z.array(z.object({ number: z.number().int(), owner: z.string() })),
  })
  .meta({ id: 'LotteryDraw' });
export type LotteryDraw = z.infer<typeof lotteryDraw>;

export const playerLottery = z
  .object({
    current: z.object({
      draw_id: z.string(),
      draw_at: iso,
      /** The player's ticket numbers this week. */
      tickets: z.array(z.number().int()),
      /** What the player deposited this week, in euro cents, and how much more earns the next ticket (0 at the cap). */
      deposited_euro_cents: z.number().int(),
      next_ticket_euro_cents: z.number().int(),
    }),
    history: z.array(
      z.object({
        draw_id: z.string(),
        draw_at: iso,
        drawn_at: iso.nullable(),
        tickets: z.number().int(),
        prize: lotteryWinner.nullable(),
      }),
    ),
  })
  .meta({ id: 'PlayerLottery' });
export type PlayerLottery = z.infer<typeof playerLottery>;

const tags = ['lottery'];

export const lotteryApi = {
  overview: endpoint({
    method: 'GET',
    path: '/lottery',
    tags,
    summary: "The current week's draw (seed hash, closing time, prizes) and the past draws' results",
    responses: { 200: lotteryOverview },
  }),
  draw: endpoint({
    method: 'GET',
    path: '/lottery/draws/:id',
    params: z.object({ id: z.string().regex(/^\d{4}-\d{2}-\d{2}$/) }),
    tags,
    summary: "One draw's public ticket list, and once drawn its seed and winners, to recompute the result",
    responses: { 200: lotteryDraw, 404: errorBody, 422: errorBody },
  }),
  player: endpoint({
    method: 'GET',
    path: '/player/lottery',
    tags,
    summary: "The player's tickets this week and their past draws with any prize",
    responses: { 200: playerLottery, 401: errorBody },
  }),
};
