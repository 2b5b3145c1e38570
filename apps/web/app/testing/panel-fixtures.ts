import type { CompPoints, LotteryOverview, PlayerLottery, VerificationStatus } from '@chrysos/contract';

/*
 * What the loyalty, lottery and verification endpoints answer, for the route tests of their pages: a
 * player's own data with what the test says in place of the defaults.
 */

/** GET /player/comp_points: a Bronze player on the way to Silver, paid in euros. */
export function someCompPoints(overrides: Partial<CompPoints> = {}): CompPoints {
  return {
    points: 120,
    collected: 120,
    level: { id: 'bronze', name: 'Bronze', points: 0, points_per_euro: 100 },
    next_level: { id: 'silver', name: 'Silver', points: 500, points_per_euro: 90 },
    to_next_level: 380,
    progress_percent: 24,
    exchange: { points_per_euro: 100, minimum_points: 100, currency: 'EUR', value_cents: 120 },
    ...overrides,
  };
}

/** GET /player/lottery: tickets this week, and a past draw the player took part in. */
export function someTickets(tickets: number[], deposited_euro_cents = tickets.length * 2_000): PlayerLottery {
  return {
    current: {
      draw_id: '2026-12-06',
      draw_at: '2026-12-06T18:00:00.000Z',
      tickets,
      deposited_euro_cents,
      next_ticket_euro_cents: 2_000 - (deposited_euro_cents % 2_000),
    },
    history: [
      {
        draw_id: '2026-11-29',
        draw_at: '2026-11-29T18:00:00.000Z',
        drawn_at: '2026-11-29T18:00:05.000Z',
        tickets: 1,
        prize: null,
      },
    ],
  };
}

/** GET /lottery: this week's open draw and one past draw with a winner. */
export function someLottery(): LotteryOverview {
  return {
    current: {
      id: '2026-12-06',
      opens_at: '2026-11-30T00:00:00.000Z',
      draw_at: '2026-12-06T18:00:00.000Z',
      seed_hash: 'a3f1c2',
      seed: null,
      drawn_at: null,
      tickets: 42,
      winners: [],
    },
    prizes: [],
    ticket_euro_cents: 2_000,
    max_tickets: 50,
    past: [
      {
        id: '2026-11-29',
        opens_at: '2026-11-23T00:00:00.000Z',
        draw_at: '2026-11-29T18:00:00.000Z',
        seed_hash: 'b4e2d3',
        seed: 'revealed-seed',
        drawn_at: '2026-11-29T18:00:05.000Z',
        tickets: 7,
        winners: [
          {
            place: 1,
            ticket: 5,
            owner: 'p1',
            name: 'Nikos P.',
            kind: 'cash',
            currency: 'EUR',
            amount: 100_000,
          },
        ],
      },
    ],
  };
}

/** GET /player/documents: unverified, nothing sent, unless told. */
export function someVerification(overrides: Partial<VerificationStatus> = {}): VerificationStatus {
  return {
    verified: false,
    missing: ['identity', 'address'],
    withdrawal_thresholds: [{ currency: 'EUR', amount_cents: 200_000 }],
    deposits: { total_euro_cents: 0, threshold_euro_cents: 200_000, days: 30, blocked: false },
    documents: [],
    ...overrides,
  };
}
