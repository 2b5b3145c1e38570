import type { PlayerSummary } from '@chrysos/contract';
import { endpoints } from '@chrysos/contract/client';
import { Form, Link, useNavigation } from 'react-router';
import { appContext } from '#app-context';
import { when } from '../../features/backoffice/format';
import { refuseUnlessAllowed } from '../../features/backoffice/operator.server';
import { refusalText } from '../../features/backoffice/refusal';
import { pageUrl } from '../../lib/request-url';
import type { Route } from './+types/players';

const statuses: readonly PlayerSummary['status'][] = ['active', 'disabled'];
const isStatus = (value: string): value is PlayerSummary['status'] =>
  (statuses as readonly string[]).includes(value);

const kycStates = {
  verified: 'Verified',
  pending_review: 'Documents to review',
  unverified: 'Not verified',
} as const;
type KycState = keyof typeof kycStates;
const isKyc = (value: string): value is KycState => value in kycStates;

/** The groups a support agent looks players up by: the VIP levels' and the VIP team's. */
const groups = {
  loyalty_silver: 'Silver',
  loyalty_gold: 'Gold',
  loyalty_platinum: 'Platinum',
  loyalty_diamond: 'Diamond',
  loyalty_chrysos: 'Chrysos',
  high_roller: 'High roller',
  vip: 'VIP',
} as const;
const isGroup = (value: string): value is keyof typeof groups => value in groups;

/** The search's fields as the address holds them: what the form shows and what was asked. */
function searchOf(url: URL) {
  const q = url.searchParams.get('q')?.trim() ?? '';
  const country = url.searchParams.get('country')?.trim().toUpperCase() ?? '';
  const status = url.searchParams.get('status') ?? '';
  const kyc = url.searchParams.get('kyc') ?? '';
  const group = url.searchParams.get('group') ?? '';
  return {
    q,
    country,
    status: isStatus(status) ? status : ('' as const),
    kyc: isKyc(kyc) ? kyc : ('' as const),
    group: isGroup(group) ? group : ('' as const),
  };
}

/** Players found by the search in the address; the newest registrations when nothing is asked. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const asked = searchOf(pageUrl(request));
  const answer = await context.get(appContext).api(endpoints.playerOperator.search, {
    query: {
      ...(asked.q ? { q: asked.q } : {}),
      ...(asked.country ? { country: asked.country } : {}),
      ...(asked.status ? { status: asked.status } : {}),
      ...(asked.kyc ? { kyc: asked.kyc } : {}),
      ...(asked.group ? { group: asked.group } : {}),
    },
  });
  refuseUnlessAllowed(answer);
  return answer.ok
    ? { asked, players: answer.body, error: null }
    : { asked, players: [], error: refusalText(answer) };
}

export default function BackofficePlayers({ loaderData }: Route.ComponentProps) {
  const { asked, players, error } = loaderData;
  const searching = useNavigation().state === 'loading';
  return (
    <section aria-labelledby="players-title">
      <h1 id="players-title">Players</h1>
      <Form method="get" className="backoffice-search" role="search">
        <label className="field">
          <span>Email, name or player id</span>
          <input name="q" type="search" defaultValue={asked.q} />
        </label>
        <label className="field">
          <span>Country</span>
          <input name="country" defaultValue={asked.country} maxLength={2} size={4} placeholder="GR" />
        </label>
        <label className="field">
          <span>Status</span>
          <select name="status" defaultValue={asked.status}>
            <option value="">Any</option>
            <option value="active">Active</option>
            <option value="disabled">Disabled</option>
          </select>
        </label>
        <label className="field">
          <span>Verification</span>
          <select name="kyc" defaultValue={asked.kyc}>
            <option value="">Any</option>
            {Object.entries(kycStates).map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
        </label>
        <label className="field">
          <span>VIP level or group</span>
          <select name="group" defaultValue={asked.group}>
            <option value="">Any</option>
            {Object.entries(groups).map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
        </label>
        <button type="submit" className="button button--primary" disabled={searching}>
          Search
        </button>
      </Form>
      {error ? (
        <p role="alert" className="backoffice__error">
          {error}
        </p>
      ) : players.length === 0 ? (
        <p>
          {asked.q || asked.country || asked.status || asked.kyc || asked.group
            ? 'No player matches this search.'
            : 'No player has registered yet.'}
        </p>
      ) : (
        <table className="backoffice-table">
          <caption>
            {asked.q || asked.country || asked.status ? 'Players found' : 'Newest registrations'}
          </caption>
          <thead>
            <tr>
              <th scope="col">Player</th>
              <th scope="col">Email</th>
              <th scope="col">Country</th>
              <th scope="col">Currency</th>
              <th scope="col">Status</th>
              <th scope="col">Registered</th>
            </tr>
          </thead>
          <tbody>
            {players.map((player) => (
              <tr key={player.id}>
                <td>
                  <Link to={`/backoffice/players/${player.id}`}>
                    {[player.first_name, player.last_name].filter(Boolean).join(' ') || player.email}
                  </Link>
                </td>
                <td>{player.email}</td>
                <td>{player.country ?? '—'}</td>
                <td>{player.currency}</td>
                <td>{player.status === 'active' ? 'Active' : 'Disabled'}</td>
                <td>{when(player.created_at)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
