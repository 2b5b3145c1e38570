import { type Db, schema } from '@chrysos/db';
import { and, eq, inArray, notInArray } from 'drizzle-orm';
import type { EventBus } from '../../platform/events.ts';

const g = schema.playerGroups;

export interface GroupsChange {
  added: string[];
  removed: string[];
}

/**
 * Adds and removes a player's groups (spec §6: groups are extended or replaced by the platform and by
 * operators) in the caller's transaction, announcing what actually changed as player.groups_changed
 * (pushed on groups_updates, followed by content visibility). Nothing changed, nothing announced.
 */
export async function changeGroups(
  tx: Db,
  events: Pick<EventBus, 'publish'>,
  playerId: string,
  change: { add?: readonly string[]; remove?: readonly string[] },
): Promise<GroupsChange> {
  const remove = (change.remove ?? []).filter((group) => !(change.add ?? []).includes(group));
  const added =
    change.add && change.add.length > 0
      ? await tx
          .insert(g)
          .values([...new Set(change.add)].map((group) => ({ playerId, group })))
          .onConflictDoNothing()
          .returning({ group: g.group })
      : [];
  const removed =
    remove.length > 0
      ? await tx
          .delete(g)
          .where(and(eq(g.playerId, playerId), inArray(g.group, remove)))
          .returning({ group: g.group })
      : [];
  const result = { added: added.map((row) => row.group), removed: removed.map((row) => row.group) };
  if (result.added.length > 0 || result.removed.length > 0) {
    await events.publish(tx, 'player.groups_changed', { playerId, ...result });
  }
  return result;
}

/** Makes a player's groups exactly `groups` (an operator's replace), announcing the difference. */
export async function replaceGroups(
  tx: Db,
  events: Pick<EventBus, 'publish'>,
  playerId: string,
  groups: readonly string[],
): Promise<GroupsChange> {
  const keep = [...new Set(groups)];
  const others = await tx
    .select({ group: g.group })
    .from(g)
    .where(
      keep.length > 0 ? and(eq(g.playerId, playerId), notInArray(g.group, keep)) : eq(g.playerId, playerId),
    );
  return changeGroups(tx, events, playerId, { add: keep, remove: others.map((row) => row.group) });
}
