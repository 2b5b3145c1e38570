import type { Db } from '@chrysos/db';
import { AppError } from '../../platform/errors.ts';

/** Free spins a real-money launch asks to play: whose, in which currency, and for which game. */
export interface FreespinsAsked {
  id: string;
  playerId: string;
  currency: string;
  /** The launch's provider and game (its urlId or code). */
  provider: string;
  game: string;
}

/**
 * What pays for free spins at a launch: the grant the studio plays as `is_free` bets, its spins left
 * and their stake; throws an AppError when they are not the player's to play here. The bonus engine
 * registers it (`app.launchGrants.payFreespinsWith`), so the catalogue does not depend on bonuses.
 */
export type FreespinsAtLaunch = (
  db: Db,
  spins: FreespinsAsked,
  now: Date,
) => Promise<{ grant: string; count: number; stake: number }>;

/** Where the launch route finds the registered free-spins payer. */
export class LaunchGrants {
  #freespins: FreespinsAtLaunch | undefined;

  payFreespinsWith(payer: FreespinsAtLaunch): void {
    this.#freespins = payer;
  }

  freespins(db: Db, spins: FreespinsAsked, now: Date): ReturnType<FreespinsAtLaunch> {
    // Without a bonus engine there are no free spins to play.
    if (!this.#freespins) throw new AppError('bonuses.freespins_not_found', { field: 'freespins' });
    return this.#freespins(db, spins, now);
  }
}
