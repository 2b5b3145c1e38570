import type { PlayerLimit, PlayerLimits, SetLimitBody } from '@chrysos/contract';
import { endpoints } from '@chrysos/contract/client';
import { api } from '../../../lib/api';

export type { PlayerLimit, PlayerLimits } from '@chrysos/contract';

/** GET /player/limits; null when it could not be read. */
export async function fetchLimits(): Promise<PlayerLimits | null> {
  const answer = await api(endpoints.limits.list, {}).catch(() => null);
  return answer?.ok ? answer.body : null;
}

/** PUT /player/limits: new or lower at once, higher pending 24 hours. Null when no answer came. */
export const saveLimit = (body: SetLimitBody) => api(endpoints.limits.set, { body }).catch(() => null);

const target = (limit: PlayerLimit) => ({
  params: { kind: limit.kind, period: limit.period },
  query: limit.currency ? { currency: limit.currency } : {},
});

/** DELETE /player/limits/:kind/:period: removed after 24 hours. */
export const removeLimit = (limit: PlayerLimit) =>
  api(endpoints.limits.remove, target(limit)).catch(() => null);

/** DELETE /player/limits/:kind/:period/pending: the pending raise or removal is dropped. */
export const cancelPending = (limit: PlayerLimit) =>
  api(endpoints.limits.cancelPending, target(limit)).catch(() => null);
