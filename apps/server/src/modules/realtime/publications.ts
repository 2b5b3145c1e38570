import { schema } from '@chrysos/db';
import { asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { type HandlerContext, perBatch } from '../../platform/events.ts';
import { listAccounts, listAccountsAfterEach } from '../wallet/public.ts';

/** Payments whose status change moves the player's balance (a deposit in, a payout held or given back). */
const balanceMovingPayments = [
  'cashier.deposit_succeeded',
  'cashier.withdrawal_requested',
  'cashier.withdrawal_cancelled',
  'cashier.withdrawal_rejected',
  'cashier.withdrawal_paid',
  'cashier.withdrawal_failed',
] as const;

/** A winner as the public ticker shows them: enough to tell wins apart, nothing that identifies. */
function maskedName(email: string): string {
  const local = email.split('@')[0] ?? '';
  return `${local.slice(0, 2)}***`;
}

/**
 * The publications the product makes itself, each from the domain event that causes it (never from a
 * request handler): the balance after every booking and payment, the groups after a change, big wins.
 * Bonuses, free spins, lootboxes, comp points and jackpots publish through `app.realtime` from their
 * own capabilities' handlers.
 */
export function registerPublications(app: FastifyInstance): void {
  const publishBalance = async (playerId: string, context: HandlerContext, key: string) => {
    const accounts = await listAccounts(context.db, app.wallet.ledger.using(context.db), playerId);
    await app.realtime.publishToPlayer(context, 'balance', playerId, accounts, key);
  };

  // One push per booking, in order, each with the accounts as that booking left them; read and stored
  // for the whole batch at its end, in two statements rather than three per booking.
  const booked = perBatch<{ playerId: string; transactionId: number; key: string }>(
    'balances',
    async (context, bookings) => {
      const accounts = await listAccountsAfterEach(context.db, bookings);
      await app.realtime.publishManyToPlayers(
        context,
        'balance',
        bookings.map((booking, index) => ({
          playerId: booking.playerId,
          data: accounts[index] ?? [],
          key: booking.key,
        })),
      );
    },
  );

  app.events.on(
    ['wallet.bet_booked', 'wallet.win_booked', 'wallet.rollback_booked'],
    'realtime.balance-games',
    (event, context) => {
      // A free spin's bet or a lost round's zero win moves nothing.
      if (event.payload.amount === 0) return;
      const { playerId, transactionId } = event.payload;
      booked(context, { playerId, transactionId, key: `${event.id}:balance` });
    },
  );

  app.events.on(balanceMovingPayments, 'realtime.balance-payments', async (event, context) => {
    await publishBalance(event.payload.playerId, context, `${event.id}:balance`);
  });

  // Bonus money moves with a bonus's stage (credited on activation, made real or taken back at its end)
  // and a lootbox's prize: the balance follows at once, not at the open tab's next poll (issue 31 item 21).
  app.events.on(
    ['bonuses.bonus_changed', 'bonuses.lootbox_changed'],
    'realtime.balance-bonuses',
    async (event, context) => {
      await publishBalance(event.payload.playerId, context, `${event.id}:balance`);
    },
  );

  app.events.on('player.groups_changed', 'realtime.groups', async (event, context) => {
    const groups = await context.db
      .select({ id: schema.playerGroups.group })
      .from(schema.playerGroups)
      .where(eq(schema.playerGroups.playerId, event.payload.playerId))
      .orderBy(asc(schema.playerGroups.addedAt));
    await app.realtime.publishToPlayer(
      context,
      'groups_updates',
      event.payload.playerId,
      groups,
      `${event.id}:groups`,
    );
  });

  const bigWin = app.config.REALTIME_BIG_WIN_CENTS;
  app.events.on('wallet.win_booked', 'realtime.big-wins', async (event, context) => {
    if (event.payload.amount < bigWin) return;
    const [player] = await context.db
      .select({ email: schema.players.email })
      .from(schema.players)
      .where(eq(schema.players.id, event.payload.playerId));
    await app.realtime.publishToAll(
      context,
      'wins',
      {
        game_code: event.payload.gameCode,
        currency: event.payload.currency,
        amount_cents: event.payload.amount,
        player: maskedName(player?.email ?? ''),
        at: event.occurredAt.toISOString(),
      },
      `${event.id}:win`,
    );
  });
}
