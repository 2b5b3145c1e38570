import { createHmac, randomBytes } from 'node:crypto';
import { type Db, schema } from '@chrysos/db';
import { and, eq } from 'drizzle-orm';
import { AppError } from '../../platform/errors.ts';
import type { EventBus } from '../../platform/events.ts';
import type { Wallet } from '../wallet/public.ts';
import { termsOf } from './eligibility.ts';
import { activateIfFree } from './grant-campaign.ts';
import { issueBonus, issueFreespins } from './issue.ts';
import type { LootboxPrizeTerms } from './terms.ts';

const l = schema.playerLootboxes;

/**
 * The draw, as /provably-fair verifies it: HMAC-SHA256 keyed by the server seed over
 * `<client seed>:lootbox`, its first 4 bytes read as an unsigned big-endian number, scaled to the sum of
 * the prizes' weights; the prize is the one whose cumulative weight range holds that number.
 */
export function drawPrize<P extends { weight: number }>(
  serverSeed: string,
  clientSeed: string,
  prizes: readonly P[],
): P {
  const total = prizes.reduce((sum, prize) => sum + prize.weight, 0);
  const roll = createHmac('sha256', serverSeed).update(`${clientSeed}:lootbox`).digest().readUInt32BE(0);
  let point = Math.floor((roll / 2 ** 32) * total);
  for (const prize of prizes) {
    if (point < prize.weight) return prize;
    point -= prize.weight;
  }
  return prizes[prizes.length - 1] as P;
}

/** POST /player/lootboxes/:id/activation: opens an issued lootbox and pays its prize at once. */
export async function openLootbox(
  db: Db,
  deps: { wallet: Wallet; events: Pick<EventBus, 'publish'> },
  playerId: string,
  lootboxId: string,
  clientSeed: string | undefined,
  now: Date,
): Promise<void> {
  await db.transaction(async (tx) => {
    const [box] = await tx
      .select()
      .from(l)
      .where(and(eq(l.id, lootboxId), eq(l.playerId, playerId)))
      .for('update');
    if (!box) throw new AppError('bonuses.lootbox_not_found');
    if (box.stage !== 'issued') throw new AppError('bonuses.lootbox_opened');
    const [campaign] = await tx
      .select()
      .from(schema.bonusCampaigns)
      .where(eq(schema.bonusCampaigns.id, box.campaignId));
    const terms = campaign ? termsOf(campaign) : null;
    if (!campaign || !terms?.lootbox)
      throw new Error(`lootbox ${box.id}: campaign ${box.campaignId} has no prize table`);
    const seed = clientSeed ?? randomBytes(16).toString('hex');
    const prize = drawPrize(box.serverSeed, seed, terms.lootbox.prizes);
    const paid = await payPrize(tx, deps, box, prize, terms, now);
    await tx
      .update(l)
      .set({ stage: 'opened', clientSeed: seed, prize: paid, openedAt: now })
      .where(eq(l.id, box.id));
    await deps.events.publish(tx, 'bonuses.lootbox_changed', {
      lootboxId: box.id,
      playerId,
      stage: 'opened',
      pushed: false,
    });
  });
}

async function payPrize(
  tx: Db,
  deps: { wallet: Wallet; events: Pick<EventBus, 'publish'> },
  box: typeof l.$inferSelect,
  prize: LootboxPrizeTerms,
  terms: NonNullable<ReturnType<typeof termsOf>>,
  now: Date,
): Promise<Record<string, unknown>> {
  const { playerId, currency } = box;
  const source = `lootbox:${box.id}`;
  const amount = prize.amount?.[currency] ?? 0;
  const shown = { kind: prize.kind, title: prize.title };
  if (prize.kind === 'freespins' && prize.freespins) {
    await issueFreespins(tx, deps.events, {
      playerId,
      currency,
      campaignId: box.campaignId,
      source,
      spins: prize.freespins,
      now,
    });
    return { ...shown, spins: prize.freespins.count * prize.freespins.batches };
  }
  if (prize.kind === 'real_money' && amount > 0) {
    await deps.wallet
      .using(tx)
      .payPrize({ key: `lootbox:prize:${box.id}`, playerId, currency, amount, reference: box.id });
    return { ...shown, amount_cents: amount, currency };
  }
  if (prize.kind === 'bonus' && amount > 0) {
    const id = await issueBonus(tx, deps.events, {
      playerId,
      currency,
      campaignId: box.campaignId,
      source,
      kind: 'lootbox',
      amount,
      terms,
      now,
    });
    if (id) await activateIfFree(tx, deps, playerId, currency, id, now);
    return { ...shown, amount_cents: amount, currency };
  }
  return shown;
}
