import type { Intervention, RiskCase, RiskCaseKind } from '@chrysos/contract';
import type { Db, schema } from '@chrysos/db';
import type { FastifyInstance } from 'fastify';
import { playerNames } from '../player/public.ts';

export type CaseRow = typeof schema.riskCases.$inferSelect;
export type InterventionRow = typeof schema.riskInterventions.$inferSelect;

/** Operators' names by id, read once per list (an operator whose account is gone has none). */
async function operatorNames(app: FastifyInstance, ids: Iterable<string>): Promise<Map<string, string>> {
  const names = new Map<string, string>();
  for (const id of new Set(ids)) {
    const operator = await app.operators.byId(id);
    if (operator) names.set(id, operator.name);
  }
  return names;
}

const operatorIdOf = (actor: string) => actor.replace(/^operator:/, '');

/** Cases as the console shows them: with the player's email and the owner's name. */
export async function presentCases(app: FastifyInstance, db: Db, rows: CaseRow[]): Promise<RiskCase[]> {
  const players = await playerNames(
    db,
    rows.map((row) => row.playerId),
  );
  const owners = await operatorNames(
    app,
    rows.flatMap((row) => (row.ownerId ? [row.ownerId] : [])),
  );
  return rows.map((row) => ({
    id: row.id,
    player_id: row.playerId,
    player_email: players.get(row.playerId)?.email ?? '',
    kind: row.kind as RiskCaseKind,
    category: row.category,
    status: row.status,
    facts: row.facts,
    owner_id: row.ownerId,
    owner_name: row.ownerId ? (owners.get(row.ownerId) ?? null) : null,
    opened_at: row.openedAt.toISOString(),
    due_at: row.dueAt.toISOString(),
    outcome: row.outcome,
    resolution_note: row.resolutionNote,
    resolved_by: row.resolvedBy,
    resolved_at: row.resolvedAt?.toISOString() ?? null,
  }));
}

export async function presentCase(app: FastifyInstance, db: Db, row: CaseRow): Promise<RiskCase> {
  const [presented] = await presentCases(app, db, [row]);
  if (!presented) throw new Error('case not presented');
  return presented;
}

/** Interventions with the name of the operator who recorded each. */
export async function presentInterventions(
  app: FastifyInstance,
  rows: InterventionRow[],
): Promise<Intervention[]> {
  const names = await operatorNames(
    app,
    rows.map((row) => operatorIdOf(row.recordedBy)),
  );
  return rows.map((row) => ({
    id: row.id,
    player_id: row.playerId,
    case_id: row.caseId,
    kind: row.kind as Intervention['kind'],
    note: row.note,
    recorded_by: row.recordedBy,
    recorded_by_name: names.get(operatorIdOf(row.recordedBy)) ?? null,
    recorded_at: row.recordedAt.toISOString(),
  }));
}
