import type { Account, Currency, Payment, Player } from '@chrysos/contract';
import type { WalletData } from '../features/cashier/WalletProvider';

/** A signed-in player of the route tests, in euros unless told. */
export function aPlayer(overrides: Partial<Player> = {}): Player {
  return {
    id: '00000000-0000-4000-8000-000000000001',
    email: 'eleni@example.gr',
    first_name: 'Eleni',
    last_name: 'Papadopoulou',
    language: 'en',
    currency: 'EUR',
    country: 'GR',
    statuses: [],
    auth_fields_missed: [],
    receive_promos: false,
    receive_sms_promos: false,
    agreed_to_partner_promotions: false,
    date_of_birth: '1990-03-24',
    phone: null,
    city: null,
    address: null,
    postal_code: null,
    confirmed: true,
    verified: true,
    password_set: true,
    created_at: '2026-01-05T10:00:00.000Z',
    current_sign_in_at: '2026-11-30T09:00:00.000Z',
    ...overrides,
  };
}

/** The euro as GET /info/currencies describes it. */
export const euro: Currency = {
  code: 'EUR',
  symbol: '€',
  subunits_to_unit: 100,
  default: true,
  fiat: true,
  subcurrencies: [],
};

/** The wallet the root loader reads: one account per amount given, the first one active. */
export function aWallet(...accounts: Partial<Account>[]): WalletData {
  return {
    accounts: accounts.map((account, index) => ({
      currency: 'EUR',
      amount_cents: 0,
      available_to_cashout_cents: account.amount_cents ?? 0,
      bonus_cents: 0,
      active: index === 0,
      ...account,
    })),
    currencies: [euro],
  };
}

/** A withdrawal of the player's, awaiting approval unless told. */
export function aWithdrawal(overrides: Partial<Payment> = {}): Payment {
  return {
    id: '00000000-0000-4000-8000-0000000000a1',
    kind: 'withdrawal',
    method: 'card',
    currency: 'EUR',
    amount_cents: 15_000,
    status: 'pending',
    failure_reason: null,
    created_at: '2026-11-29T12:00:00.000Z',
    updated_at: '2026-11-29T12:00:00.000Z',
    timeline: null,
    ...overrides,
  };
}

/** The card method with the limits the route tests show. */
export const cardMethod = {
  id: 'card',
  deposit: { min_cents: 1_000, max_cents: 500_000 },
  withdrawal: { min_cents: 2_000, max_cents: 500_000 },
};
