import { gameplayRules } from '@chrysos/rules';
import type { Config } from '../../platform/config.ts';

/**
 * How this deployment's games are played (issue 35): the licence's gameplay rule (packages/rules
 * licences: no autoplay, 2.5 s between round starts and no quick spins under the UK licence) unless AUTOPLAY or
 * MIN_GAME_CYCLE_MS says otherwise; every launch tells the studio, which enforces it.
 */
export function gameplayOf(config: Pick<Config, 'LICENSE' | 'AUTOPLAY' | 'MIN_GAME_CYCLE_MS'>) {
  const rules = gameplayRules(config.LICENSE, {
    autoplay: config.AUTOPLAY,
    minimumCycleMs: config.MIN_GAME_CYCLE_MS,
  });
  return { autoplay: rules.autoplay, min_cycle_ms: rules.minimumCycleMs, quick_play: rules.quickPlay };
}
