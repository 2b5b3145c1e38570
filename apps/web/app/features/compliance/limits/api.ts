import type { PlayerLimits } from '@chrysos/contract';
import { endpoints } from '@chrysos/contract/client';
import { api } from '../../../lib/api';

export type { PlayerLimit, PlayerLimits } from '@chrysos/contract';

/** GET /player/limits; null when it could not be read. */
export async function fetchLimits(): Promise<PlayerLimits | null> {
  const answer = await api(endpoints.limits.list, {}).catch(() => null);
  return answer?.ok ? answer.body : null;
}
