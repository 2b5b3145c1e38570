import type { OperatorLedgerKind, OperatorLedgerPage } from '@chrysos/contract';
import { Form, Link } from 'react-router';
import { money, when } from './format';

/** What the ledger's filter names each kind the endpoint filters by. */
const kindLabels: Record<OperatorLedgerKind, string> = {
  deposit: 'Deposits',
  withdrawal: 'Withdrawals',
  bet: 'Bets',
  win: 'Wins',
  rollback: 'Rollbacks',
  bonus: 'Bonuses',
  adjustment: 'Adjustments',
};

/** The filter the page was asked with: its query parameters, kept on the "Older" link. */
export interface LedgerFilter {
  kind: string;
  currency: string;
}

/**
 * Player 360's ledger: the player's money movements newest first, filtered by kind and currency
 * through the page's own query (a GET form), and paged back with "Older". Null: the operator's role
 * may not read it, and the section is not shown.
 */
export function PlayerLedger({
  ledger,
  filter,
  currencies,
}: {
  ledger: OperatorLedgerPage | null;
  filter: LedgerFilter;
  currencies: string[];
}) {
  if (!ledger) return null;
  const older = new URLSearchParams();
  if (filter.kind) older.set('ledger_kind', filter.kind);
  if (filter.currency) older.set('ledger_currency', filter.currency);
  if (ledger.next_before) older.set('ledger_before', String(ledger.next_before));
  return (
    <section aria-labelledby="player-ledger">
      <h2 id="player-ledger">Ledger</h2>
      <Form method="get" className="backoffice-search" aria-label="Filter the ledger">
        <label className="field">
          <span>Kind</span>
          <select name="ledger_kind" defaultValue={filter.kind}>
            <option value="">Every kind</option>
            {Object.entries(kindLabels).map(([kind, label]) => (
              <option key={kind} value={kind}>
                {label}
              </option>
            ))}
          </select>
        </label>
        <label className="field">
          <span>Currency</span>
          <select name="ledger_currency" defaultValue={filter.currency}>
            <option value="">Every currency</option>
            {currencies.map((currency) => (
              <option key={currency} value={currency}>
                {currency}
              </option>
            ))}
          </select>
        </label>
        <button type="submit" className="button">
          Filter
        </button>
      </Form>
      {ledger.items.length === 0 ? (
        <p>No movement matches.</p>
      ) : (
        <table className="backoffice-table">
          <thead>
            <tr>
              <th scope="col">Time</th>
              <th scope="col">Kind</th>
              <th scope="col">Amount</th>
              <th scope="col">Real / bonus</th>
              <th scope="col">Balance after</th>
              <th scope="col">Game or method</th>
              <th scope="col">Id</th>
            </tr>
          </thead>
          <tbody>
            {ledger.items.map((item) => (
              <tr key={item.id}>
                <td>{when(item.created_at)}</td>
                <td>{item.kind}</td>
                <td>{money(item.amount_cents, item.currency)}</td>
                <td>
                  {money(item.real_cents, item.currency)} / {money(item.bonus_cents, item.currency)}
                </td>
                <td>
                  {item.real_balance_after_cents === null
                    ? '—'
                    : money(item.real_balance_after_cents, item.currency)}
                  {item.bonus_balance_after_cents
                    ? ` (+ ${money(item.bonus_balance_after_cents, item.currency)} bonus)`
                    : ''}
                </td>
                <td>
                  {item.game_title ?? item.game_code ?? item.method ?? '—'}
                  {item.round ? <span className="backoffice__muted"> · round {item.round}</span> : null}
                </td>
                <td>{item.id}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {ledger.next_before ? <Link to={`?${older}`}>Older movements</Link> : null}
    </section>
  );
}
