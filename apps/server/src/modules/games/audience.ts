import { schema } from '@chrysos/db';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { countryOfClient } from '../info/public.ts';
import { countrySql, registrationCurrencySql } from '../player/public.ts';
import { activeAccountCurrencySql } from '../wallet/public.ts';

/**
 * Who asks for games, as far as licensing cares: the countries they are in or live in and the currency
 * they would play in. A game is hidden from, and cannot be launched by, an audience it is restricted for.
 */
export interface Audience {
  playerId: string | null;
  /** The request's country (GeoIP or the CDN's header) and the player's country of residence. */
  countries: string[];
  /** The signed-in player's active account currency; a visitor has none yet. */
  currency: string | null;
  /** The signed-in player's favourite games' ids, the most recently added first; null for a visitor. */
  favorites: number[] | null;
}

export async function audienceOf(app: FastifyInstance, request: FastifyRequest): Promise<Audience> {
  const header = app.config.GEOIP_COUNTRY_HEADER
    ? request.headers[app.config.GEOIP_COUNTRY_HEADER]
    : undefined;
  const requestCountry = countryOfClient(request.ip, typeof header === 'string' ? header : undefined);
  const playerId = await request.playerId();
  const countries = requestCountry ? [requestCountry] : [];
  if (!playerId) return { playerId, countries, currency: null, favorites: null };

  const f = schema.favoriteGames;
  const id = sql`${playerId}::uuid`;
  // One round trip: every lobby answer of a signed-in player marks their favourites.
  const [player] = (
    (await app.database.db.execute(sql`select
      ${countrySql(id)} as country,
      -- The active account decides; a player who never opened the wallet plays in the registration currency.
      coalesce(${activeAccountCurrencySql(id)}, ${registrationCurrencySql(id)}) as currency,
      array(select ${f.gameId} from ${f} where ${f.playerId} = ${id}
        order by ${f.createdAt} desc, ${f.gameId}) as favorites`)) as unknown as {
      rows: { country: string | null; currency: string | null; favorites: number[] }[];
    }
  ).rows;
  if (player?.country && !countries.includes(player.country)) countries.push(player.country);
  return { playerId, countries, currency: player?.currency ?? null, favorites: player?.favorites ?? [] };
}
