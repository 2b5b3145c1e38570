import type { Db } from '@chrysos/db';
import type { Locale } from '@chrysos/rules';
import type { FastifyInstance } from 'fastify';
import type { DomainEvent } from '../../platform/events.ts';
import { playerLanguage } from '../player/public.ts';
import type { Wallet } from '../wallet/public.ts';
import { playLocks } from './play-locks.ts';

export type PlayEvent = DomainEvent<'wallet.bet_booked' | 'wallet.win_booked' | 'wallet.rollback_booked'>;
export type Game = { identifier: string; categories: string[] };

/**
 * What the parts of `bonuses.play` (handlers/follow-play.ts) share: the app's services, the batch's
 * ledger locks, and the game and language lookups, built once per app.
 */
export interface PlayFollowing {
  app: FastifyInstance;
  /** What ending a bonus or free spins books and publishes with. */
  deps: { wallet: Wallet; events: FastifyInstance['events'] };
  /** The players' ledger locks, before their bonus rows (issue 31 item 22). */
  lockPlayersInPlay: ReturnType<typeof playLocks>;
  gameOf(db: Db, code: string | null): Promise<Game>;
  languageOf(db: Db, playerId: string): Promise<Locale>;
}

export function playFollowing(app: FastifyInstance): PlayFollowing {
  // A player's language changes seldom; a progress push in the previous one for a minute is harmless.
  const languages = new Map<string, { language: Locale; until: number }>();
  return {
    app,
    deps: { wallet: app.wallet, events: app.events },
    lockPlayersInPlay: playLocks(app.wallet),
    gameOf: async (db, code) => {
      const facts = await app.gameFacts.of(db, code);
      return facts ?? { identifier: code ?? '', categories: [] };
    },
    languageOf: async (db, playerId) => {
      const known = languages.get(playerId);
      if (known && known.until > Date.now()) return known.language;
      const language = await playerLanguage(db, playerId);
      if (languages.size > 50_000) languages.clear();
      languages.set(playerId, { language, until: Date.now() + 60_000 });
      return language;
    },
  };
}
