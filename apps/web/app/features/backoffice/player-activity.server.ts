import type { OperatorLedgerKind } from '@chrysos/contract';
import { endpoints } from '@chrysos/contract/client';
import type { AppContext } from '../../lib/app-context';
import type { LedgerFilter } from './PlayerLedger';

const ledgerKinds: readonly string[] = [
  'deposit',
  'withdrawal',
  'bet',
  'win',
  'rollback',
  'bonus',
  'adjustment',
] satisfies OperatorLedgerKind[];

/** A page's "before" parameter: a positive whole number, or none (a hand-edited one is ignored). */
const beforeOf = (value: string | null) =>
  value && /^[1-9]\d{0,15}$/.test(value) ? Number(value) : undefined;

/**
 * Player 360's activity parts (issue 38): the ledger (filtered and paged by the page's `ledger_*`
 * query), the game rounds (paged by `rounds_before`) and the sign-in sessions. A part the operator's
 * role may not read is null, and not shown.
 */
export async function playerActivity(app: AppContext, playerId: string, search: URLSearchParams) {
  const id = { params: { id: playerId } };
  const kind = search.get('ledger_kind') ?? '';
  const currency = search.get('ledger_currency') ?? '';
  const filter: LedgerFilter = {
    kind: ledgerKinds.includes(kind) ? kind : '',
    currency: /^[A-Z]{3,5}$/.test(currency) ? currency : '',
  };
  const [ledger, rounds, sessions] = await Promise.all([
    app.api(endpoints.playerActivityOperator.ledger, {
      ...id,
      query: {
        kind: (filter.kind || undefined) as OperatorLedgerKind | undefined,
        currency: filter.currency || undefined,
        before: beforeOf(search.get('ledger_before')),
        limit: 20,
      },
    }),
    app.api(endpoints.playerActivityOperator.rounds, {
      ...id,
      query: { before: beforeOf(search.get('rounds_before')), limit: 10 },
    }),
    app.api(endpoints.playerActivityOperator.sessions, id),
  ]);
  const roundsPage = rounds.ok ? rounds.body : null;
  return {
    ledger: ledger.ok ? ledger.body : null,
    ledgerFilter: filter,
    rounds: roundsPage,
    /** The query of the "Older rounds" link: the ledger's filter kept. */
    olderRounds: new URLSearchParams({
      ...(filter.kind ? { ledger_kind: filter.kind } : {}),
      ...(filter.currency ? { ledger_currency: filter.currency } : {}),
      rounds_before: String(roundsPage?.next_before ?? ''),
    }).toString(),
    sessions: sessions.ok ? sessions.body : null,
  };
}
