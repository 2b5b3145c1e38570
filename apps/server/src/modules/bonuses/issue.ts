import { createHash, randomBytes } from 'node:crypto';
import { type Db, schema } from '@chrysos/db';
import type { EventBus } from '../../platform/events.ts';
import { gamesByIdentifier } from '../games/public.ts';
import type { CampaignTerms, FreespinsGrant } from './terms.ts';

const day = 24 * 60 * 60 * 1000;
const hour = 60 * 60 * 1000;

export interface Grant {
  playerId: string;
  currency: string;
  campaignId: string;
  /** Why, unique per campaign and player: a second grant with one source is the first. */
  source: string;
}

/**
 * Issues a bonus (stage `issued`, no money moved yet: activation books it). Answers its id, or null when
 * this source already had one (the grant is idempotent).
 */
export async function issueBonus(
  tx: Db,
  events: Pick<EventBus, 'publish'>,
  grant: Grant & {
    kind: (typeof schema.playerBonuses.$inferInsert)['kind'];
    amount: number;
    depositAmount?: number;
    terms: CampaignTerms;
    now: Date;
  },
): Promise<string | null> {
  const { terms } = grant;
  const wagering = terms.wagering ?? { multiplier: 0, on: 'bonus' as const, days: 30 };
  const base = grant.amount + (wagering.on === 'bonus_and_deposit' ? (grant.depositAmount ?? 0) : 0);
  const [row] = await tx
    .insert(schema.playerBonuses)
    .values({
      playerId: grant.playerId,
      campaignId: grant.campaignId,
      kind: grant.kind,
      currency: grant.currency,
      amount: grant.amount,
      depositAmount: grant.depositAmount ?? 0,
      wageringRequired: Math.ceil(base * wagering.multiplier),
      maxBet: terms.maxBet?.[grant.currency] ?? null,
      contributions: terms.contributions ?? { categories: {}, games: {}, other: 100 },
      wagerDays: wagering.days,
      source: grant.source,
      expiresAt: new Date(grant.now.getTime() + terms.claimDays * day),
      createdAt: grant.now,
    })
    .onConflictDoNothing()
    .returning({ id: schema.playerBonuses.id });
  if (!row) return null;
  await events.publish(tx, 'bonuses.bonus_changed', {
    bonusId: row.id,
    playerId: grant.playerId,
    stage: 'issued',
    pushed: true,
  });
  return row.id;
}

/**
 * Issues free spins in their batches (20 a day for five days: five rows, the first available now).
 * Answers the ids of the batches issued now (none when this source had them already).
 */
export async function issueFreespins(
  tx: Db,
  events: Pick<EventBus, 'publish'>,
  grant: Grant & { spins: FreespinsGrant; now: Date },
): Promise<string[]> {
  const { spins, now } = grant;
  const value = spins.value[grant.currency];
  if (value === undefined) return [];
  const [game] = await gamesByIdentifier(tx, [spins.game]);
  if (!game) throw new Error(`free spins for ${spins.game}, which is not in the catalogue`);
  const ids: string[] = [];
  for (let batch = 0; batch < spins.batches; batch++) {
    const availableAt = new Date(now.getTime() + batch * spins.everyHours * hour);
    const [row] = await tx
      .insert(schema.playerFreespins)
      .values({
        playerId: grant.playerId,
        campaignId: grant.campaignId,
        currency: grant.currency,
        gameIdentifier: spins.game,
        gameCode: game.gameCode,
        count: spins.count,
        value,
        wagering: { ...spins.wagering, cap: spins.winCap?.[grant.currency] ?? null },
        source: spins.batches > 1 ? `${grant.source}:batch-${batch + 1}` : grant.source,
        availableAt,
        // The first batch is announced with the grant; later ones by the lapse job when their day comes.
        announcedAt: batch === 0 ? now : null,
        expiresAt: new Date(availableAt.getTime() + spins.playDays * day),
        createdAt: now,
      })
      .onConflictDoNothing()
      .returning({ id: schema.playerFreespins.id });
    if (!row) continue;
    if (batch === 0) {
      await events.publish(tx, 'bonuses.freespins_changed', {
        freespinsId: row.id,
        playerId: grant.playerId,
        stage: 'issued',
        pushed: true,
      });
      ids.push(row.id);
    }
  }
  return ids;
}

/** Issues a lootbox with its server seed drawn now and committed to by its hash (provably fair). */
export async function issueLootbox(
  tx: Db,
  events: Pick<EventBus, 'publish'>,
  grant: Grant & { now: Date },
): Promise<string | null> {
  const serverSeed = randomBytes(32).toString('hex');
  const [row] = await tx
    .insert(schema.playerLootboxes)
    .values({
      playerId: grant.playerId,
      campaignId: grant.campaignId,
      currency: grant.currency,
      serverSeed,
      serverSeedHash: createHash('sha256').update(serverSeed).digest('hex'),
      source: grant.source,
      createdAt: grant.now,
    })
    .onConflictDoNothing()
    .returning({ id: schema.playerLootboxes.id });
  if (!row) return null;
  await events.publish(tx, 'bonuses.lootbox_changed', {
    lootboxId: row.id,
    playerId: grant.playerId,
    stage: 'issued',
    pushed: true,
  });
  return row.id;
}
