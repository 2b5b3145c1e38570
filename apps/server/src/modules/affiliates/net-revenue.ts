import { type Db, schema } from '@chrysos/db';
import { eq } from 'drizzle-orm';
import { realMoneyNetOf } from '../wallet/public.ts';
import { type OwedCall, oweCalls } from './owe-calls.ts';

/** The UTC day before `now`, as `2026-12-01` and its bounds. */
export function previousDay(now: Date) {
  const to = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
  const from = new Date(to.getTime() - 86_400_000);
  return { day: from.toISOString().slice(0, 10), from, to };
}

/**
 * Owes each referred player's net revenue of the previous UTC day (job `affiliates.net-revenue`, daily):
 * a postback per player and currency they played in, with what their real-money play left the casino
 * (negative when they won). Keyed by player, day and currency, so a run repeated owes nothing more.
 */
export async function oweNetRevenue(db: Db, now: Date): Promise<void> {
  const c = schema.affiliateCalls;
  const referred = await db
    .select({ playerId: c.playerId, params: c.params })
    .from(c)
    .where(eq(c.kind, 'registration'));
  if (referred.length === 0) return;
  const tagsOf = new Map(
    referred.map(({ playerId, params }) => {
      const { player_id: _player, event: _event, ...tags } = params;
      return [playerId, tags] as const;
    }),
  );
  const { day, from, to } = previousDay(now);
  const nets = await realMoneyNetOf(db, [...tagsOf.keys()], { from, to });
  const calls: OwedCall[] = nets.map(({ playerId, currency, net }) => ({
    idempotencyKey: `net_revenue:${playerId}:${day}:${currency}`,
    kind: 'net_revenue',
    playerId,
    params: {
      ...tagsOf.get(playerId),
      player_id: playerId,
      event: 'net_revenue',
      day,
      currency,
      net_revenue_cents: String(net),
    },
  }));
  await oweCalls(db, calls, now);
}
