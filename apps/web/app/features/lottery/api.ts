import type { LotteryDraw, LotteryOverview, PlayerLottery } from '@chrysos/contract';
import { endpoints } from '@chrysos/contract/client';
import type { Locale } from '@chrysos/rules';
import { api } from '../../lib/api';

/** GET /player/lottery: the signed-in player's tickets; null signed out or offline. */
export async function fetchPlayerLottery(): Promise<PlayerLottery | null> {
  const answer = await api(endpoints.lottery.player, {}).catch(() => null);
  return answer?.ok ? answer.body : null;
}

export type { LotteryDraw, LotteryOverview, PlayerLottery };

/** The public data of a draw, for anyone recomputing it. */
export const drawDataUrl = (id: string) => `/api/lottery/draws/${id}`;

/** A moment as Athens reads it (the draw's own time zone), in the page's language. */
export function athensTime(iso: string, locale: Locale): string {
  return new Intl.DateTimeFormat(locale === 'el' ? 'el-GR' : 'en-GB', {
    timeZone: 'Europe/Athens',
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(new Date(iso));
}

/** A draw's day, short (the profile's history, notifications). */
export function athensDay(iso: string, locale: Locale): string {
  return new Intl.DateTimeFormat(locale === 'el' ? 'el-GR' : 'en-GB', {
    timeZone: 'Europe/Athens',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
  }).format(new Date(iso));
}
