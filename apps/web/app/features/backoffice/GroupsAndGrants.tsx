import type { BonusCampaign } from '@chrysos/contract';
import { Form } from 'react-router';

/** The groups an operator moves a player between most: the VIP levels' and the VIP team's. */
const knownGroups = [
  'vip',
  'high_roller',
  'loyalty_silver',
  'loyalty_gold',
  'loyalty_platinum',
  'loyalty_diamond',
  'loyalty_chrysos',
];

/**
 * Player 360's actions on the player's groups and bonuses, each with the reason the audit trail keeps:
 * add a group or take one away (risk and marketing), and grant what a campaign gives without a deposit
 * (its bonus, free spins or lootbox; support and marketing). The page's action takes `groups` and
 * `grant`. Shown only to roles whose rules allow them.
 */
export function GroupsAndGrants({
  groups,
  campaigns,
  mayChangeGroups,
  mayGrant,
  busy,
}: {
  groups: string[];
  campaigns: BonusCampaign[] | null;
  mayChangeGroups: boolean;
  mayGrant: boolean;
  busy: boolean;
}) {
  const grantable = (campaigns ?? []).filter((campaign) => campaign.active && campaign.kind !== 'deposit');
  return (
    <>
      {mayChangeGroups ? (
        <section aria-labelledby="player-groups">
          <h2 id="player-groups">Groups</h2>
          <p>{groups.length === 0 ? 'In no group.' : `In ${groups.join(', ')}.`}</p>
          <Form method="post" className="backoffice-form">
            <input type="hidden" name="intent" value="groups" />
            <fieldset className="backoffice-choice">
              <legend>Change</legend>
              <label>
                <input type="radio" name="change" value="add" defaultChecked /> Add to the group
              </label>
              <label>
                <input type="radio" name="change" value="remove" /> Take out of the group
              </label>
            </fieldset>
            <label className="field">
              <span>Group</span>
              <input name="group" required pattern="[a-z0-9_]{1,40}" list="known-groups" />
              <datalist id="known-groups">
                {[...new Set([...knownGroups, ...groups])].map((group) => (
                  <option key={group} value={group} />
                ))}
              </datalist>
            </label>
            <label className="field">
              <span>Reason for the group change</span>
              <input name="reason" required minLength={3} maxLength={300} />
            </label>
            <button type="submit" className="button" disabled={busy}>
              Change the groups
            </button>
          </Form>
        </section>
      ) : null}
      {mayGrant && grantable.length > 0 ? (
        <section aria-labelledby="player-grant">
          <h2 id="player-grant">Grant from a campaign</h2>
          <Form method="post" className="backoffice-form">
            <input type="hidden" name="intent" value="grant" />
            <label className="field">
              <span>Campaign</span>
              <select name="campaign" required defaultValue="">
                <option value="" disabled>
                  Choose…
                </option>
                {grantable.map((campaign) => (
                  <option key={campaign.id} value={campaign.id}>
                    {campaign.title.en}
                  </option>
                ))}
              </select>
            </label>
            <label className="field">
              <span>Reason for the grant</span>
              <input name="reason" required minLength={3} maxLength={300} />
            </label>
            <button type="submit" className="button" disabled={busy}>
              Grant
            </button>
          </Form>
        </section>
      ) : null}
    </>
  );
}
