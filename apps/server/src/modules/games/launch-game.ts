import type { LaunchOptions } from '@chrysos/contract';
import { type Db, schema } from '@chrysos/db';
import { and, eq, or, sql } from 'drizzle-orm';
import { AppError } from '../../platform/errors.ts';
import { holdsPlay } from '../compliance/public.ts';
import { openGameSession } from '../wallet/public.ts';
import type { Audience } from './audience.ts';
import type { Locale } from './catalogue-snapshot.ts';
import { houseStudio } from './config.ts';
import type { StudioLauncher } from './studio.ts';

const g = schema.games;

export interface LaunchRequest {
  provider: string;
  /** The game's seo_title (urlId) or the game part of its identifier. */
  game: string;
  mode: 'demo' | 'real';
  locale: Locale;
}

/**
 * Free spins for the studio to play first (the bonus engine's grant: its id, the spins left, the stake
 * per spin in minor units of the player's currency). The studio keeps count, so launching again with
 * the same grant continues it; the spins' winnings are paid to the bonus balance.
 */
export interface LaunchFreespins {
  grant: string;
  count: number;
  stake: number;
}

/**
 * GET /games/launch_options/{provider}/{game}: where the game client runs. Real play opens a game
 * session for the player's active currency (its token authorises the studio's wallet calls) and puts
 * the game on the player's recently played list. The studio is asked through its launch call, like
 * an aggregator's: it opens its own session and answers the game's address.
 */
export async function launchGame(
  db: Db,
  launch: LaunchRequest,
  audience: Audience,
  defaultCurrency: string,
  launchAtStudio: StudioLauncher,
  /** Real mode only; a slot title only (any other is games.no_freespins). */
  freespins?: LaunchFreespins,
): Promise<LaunchOptions> {
  const [found] = await db
    .select({
      id: g.id,
      studio: g.studio,
      gameCode: g.gameCode,
      hasDemo: g.hasDemo,
      restrictedCountries: g.restrictedCountries,
      restrictedCurrencies: g.restrictedCurrencies,
    })
    .from(g)
    .where(
      and(
        eq(g.provider, launch.provider),
        or(eq(g.seoTitle, launch.game), eq(g.identifier, `${launch.provider}:${launch.game}`)),
      ),
    )
    // An seo_title match wins over another game's identifier part.
    .orderBy(sql`${g.seoTitle} = ${launch.game} desc`)
    .limit(1);
  if (!found) {
    throw new AppError('games.not_found', {
      field: 'game',
      params: { game: launch.game, provider: launch.provider },
    });
  }
  if (audience.countries.some((country) => found.restrictedCountries.includes(country))) {
    throw new AppError('games.restricted_country', { field: 'game' });
  }

  if (found.studio !== houseStudio) {
    throw new AppError('games.studio_unavailable', { field: 'game' });
  }
  const gameUrl = async (studioLaunch: Parameters<StudioLauncher>[0]) => {
    const launched = await launchAtStudio(studioLaunch);
    if ('gameUrl' in launched) return launched.gameUrl;
    if (launched.refused === 'game') {
      throw new AppError('games.not_found', {
        field: 'game',
        params: { game: launch.game, provider: launch.provider },
      });
    }
    if (launched.refused === 'currency') {
      throw new AppError('games.restricted_currency', {
        field: 'game',
        params: { currency: studioLaunch.currency },
      });
    }
    if (launched.refused === 'freespins') throw new AppError('games.no_freespins', { field: 'game' });
    throw new AppError('games.studio_unavailable', { field: 'game' });
  };

  if (launch.mode === 'demo') {
    if (!found.hasDemo) {
      throw new AppError('games.no_demo', { field: 'mode' });
    }
    const game_url = await gameUrl({
      mode: 'demo',
      game_code: found.gameCode,
      language: launch.locale,
      currency: audience.currency ?? defaultCurrency,
    });
    return { game_url, mode: 'demo', strategy: 'iframe' };
  }

  const { playerId, currency } = audience;
  if (!playerId || !currency) {
    throw new AppError('games.sign_in_to_play');
  }
  if (found.restrictedCurrencies.includes(currency)) {
    throw new AppError('games.restricted_currency', { field: 'game', params: { currency } });
  }
  // A break or self-exclusion not yet lifted keeps real-money play closed, even after its end.
  if (await holdsPlay(db, playerId)) throw new AppError('compliance.play_closed', { field: 'game' });
  const token = await openGameSession(db, {
    playerId,
    currency,
    studio: found.studio,
    gameCode: found.gameCode,
  });
  const game_url = await gameUrl({
    mode: 'real',
    game_code: found.gameCode,
    language: launch.locale,
    currency,
    user: playerId,
    token,
    ...(freespins ? { freespins } : {}),
  });
  // Only a game the studio opened counts as played.
  await db
    .insert(schema.recentGames)
    .values({ playerId, gameId: found.id })
    .onConflictDoUpdate({
      target: [schema.recentGames.playerId, schema.recentGames.gameId],
      set: { lastPlayedAt: sql`now()` },
    });
  return { game_url, mode: 'real', strategy: 'iframe' };
}
