import type { RiskCase } from '@chrysos/contract';
import { money, when } from './format';

/** What each kind of case is called in the console. */
export const caseKindLabels: Record<RiskCase['kind'], string> = {
  cumulative_deposits: 'Due-diligence deposits',
  deposit_velocity: 'Deposit velocity',
  payment_methods: 'Many payment methods',
  limit_raise: 'Limit raise asked',
  long_session: 'Long session',
  night_play: 'Night play',
  deposit_spike: 'Deposit spike',
  big_win: 'Big win to review',
};

export const caseCategoryLabels: Record<RiskCase['category'], string> = {
  aml: 'AML',
  safer_gambling: 'Safer gambling',
  payments: 'Payments',
};

export const caseStatusLabels: Record<RiskCase['status'], string> = {
  open: 'Open',
  investigating: 'Investigating',
  resolved: 'Resolved',
};

export const caseOutcomeLabels = {
  no_action: 'No action needed',
  intervened: 'Intervened',
  reported: 'Reported to the FIU',
} as const;

export const interventionLabels = {
  contacted: 'Contacted the player',
  safer_gambling_message: 'Sent a safer-gambling message',
  limit_suggested: 'Suggested a limit',
  documents_requested: 'Asked for documents',
  source_of_funds_requested: 'Asked for the source of funds',
  account_restricted: 'Restricted the account',
  reported_to_fiu: 'Reported to the FIU',
} as const;

const number = (value: unknown) => (typeof value === 'number' ? value : Number(value ?? 0));
const euros = (value: unknown) => money(number(value), 'EUR');
const minutesText = (minutes: number) =>
  minutes >= 60 ? `${Math.floor(minutes / 60)} h ${minutes % 60} min` : `${minutes} min`;

/** The figures that raised a case, in one sentence an operator reads in the queue. */
export function caseSummary(found: Pick<RiskCase, 'kind' | 'facts'>): string {
  const f = found.facts;
  const seen = number(f.occurrences) > 1 ? ` Seen ${number(f.occurrences)} times.` : '';
  switch (found.kind) {
    case 'cumulative_deposits':
      return `${euros(f.total_euro_cents)} deposited in ${number(f.days)} days (${number(f.deposits)} deposits; due diligence from ${euros(f.threshold_euro_cents)}).${seen}`;
    case 'deposit_velocity':
      return `${number(f.deposits)} deposits within ${number(f.hours)} hours.${seen}`;
    case 'payment_methods':
      return `${Array.isArray(f.methods) ? f.methods.join(', ') : ''} used within ${number(f.days)} days.${seen}`;
    case 'deposit_spike':
      return `A deposit of ${euros(f.deposit_euro_cents)} against a usual ${euros(f.average_euro_cents)} (${number(f.deposits)} deposits in ${number(f.days)} days).${seen}`;
    case 'limit_raise': {
      const session = f.limit === 'session';
      const amount = (value: unknown) =>
        session ? minutesText(number(value)) : money(number(value), String(f.currency || 'EUR'));
      return `Asked to raise the ${f.limit} limit per ${f.period} from ${amount(f.from)} to ${amount(f.to)}.${seen}`;
    }
    case 'long_session':
      return `Played ${minutesText(number(f.minutes))} without a break of half an hour, from ${when(String(f.started_at))}.${seen}`;
    case 'night_play':
      return `Played in the small hours on ${Array.isArray(f.nights) ? f.nights.length : 0} nights within ${number(f.days)} days: ${Array.isArray(f.nights) ? f.nights.join(', ') : ''}.${seen}`;
    case 'big_win': {
      const currency = String(f.currency);
      const game = f.game ? ` on ${f.game}` : '';
      return `Won ${money(number(f.win_cents), currency)} on a stake of ${money(number(f.stake_cents), currency)} (${number(f.multiple)}×)${game}.${seen}`;
    }
  }
}
