import type { JackpotCycle, Jackpots, Winner } from '@chrysos/contract';
import { endpoints } from '@chrysos/contract/client';
import { api } from '../../lib/api';

/** The jackpot's and the winners' public calls, through the contract client; null when unanswered. */

export const fetchJackpots = (currency?: string): Promise<Jackpots | null> =>
  api(endpoints.jackpot.current, currency ? { query: { currency } } : {})
    .then((answer) => (answer.ok ? answer.body : null))
    .catch(() => null);

export const fetchJackpotCycles = (currency?: string): Promise<JackpotCycle[] | null> =>
  api(endpoints.jackpot.cycles, currency ? { query: { currency } } : {})
    .then((answer) => (answer.ok ? answer.body : null))
    .catch(() => null);

export const fetchLatestWinners = (): Promise<Winner[] | null> =>
  api(endpoints.winners.latest, {})
    .then((answer) => (answer.ok ? answer.body : null))
    .catch(() => null);
