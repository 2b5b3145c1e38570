import type { Player, PlayerFields } from '@chrysos/contract';

/** Spec §3 context fields with their rules and §4 dependencies. */
export const fields: PlayerFields['fields'] = [
  { name: 'email', type: 'email', rules: { required: true, max: 255 } },
  { name: 'password', type: 'password', rules: { required: true, min: 8, max: 128 } },
  { name: 'forgot_password', type: 'boolean', rules: {} },
  { name: 'terms_acceptance', type: 'boolean', rules: { required: true }, cannotUnset: true },
  {
    name: 'age_acceptance',
    type: 'boolean',
    rules: { required: true },
    cannotUnset: true,
    dependsOn: 'terms_acceptance',
  },
  { name: 'receive_promos', type: 'boolean', rules: {} },
  { name: 'receive_sms_promos', type: 'boolean', rules: {}, dependsOn: 'receive_promos' },
  { name: 'agreed_to_partner_promotions', type: 'boolean', rules: {} },
  { name: 'deposit_bonus_code', type: 'text', rules: { max: 64 } },
  { name: 'country', type: 'select', rules: { required: true } },
  { name: 'currency', type: 'select', rules: { required: true } },
];

/**
 * The forms (spec §4 Contexts): login and registration, and for a signed-in player the synthetic
 * complete-registration context — country and currency while the profile has no country, plus the
 * fields a social sign-in did not provide.
 */
export function contextsFor(player: Player | null): PlayerFields['contexts'] {
  const contexts: PlayerFields['contexts'] = {
    login: ['email', 'password', 'forgot_password'],
    registration: [
      'email',
      'password',
      'terms_acceptance',
      'age_acceptance',
      'receive_promos',
      'receive_sms_promos',
      'agreed_to_partner_promotions',
      'deposit_bonus_code',
    ],
  };
  if (player) {
    contexts.complete_registration = [
      ...(player.country === null ? ['country', 'currency'] : []),
      ...player.auth_fields_missed,
    ];
  }
  return contexts;
}
