import { type Db, schema } from '@chrysos/db';
import { eq } from 'drizzle-orm';

/** What the handlers that follow play need of a game: its names and categories. */
export interface GameFacts {
  identifier: string;
  seoTitle: string | null;
  categories: string[];
}

/**
 * Games by the code the wallet books them under, for the handlers that follow play (wagering weights,
 * tournament games, comp points): kept for one catalogue version, the one-row version the triggers bump
 * on any change to games (games_catalogue_changed.sql), which is read once per batch transaction. So a
 * game recategorised or renamed counts as it is now from the next batch on, not after a restart.
 */
export class GameFactsByCode {
  #version = -1;
  readonly #facts = new Map<string, GameFacts | null>();
  readonly #versionOf = new WeakMap<Db, Promise<number>>();

  /**
   * The game booked under `code` as the catalogue holds it, or null for none (an unknown code). `db` is
   * the handler's transaction (context.db): the version is read once in it.
   */
  async of(db: Db, code: string | null): Promise<GameFacts | null> {
    if (!code) return null;
    const version = await this.#versionIn(db);
    if (version !== this.#version) {
      this.#facts.clear();
      this.#version = version;
    }
    const known = this.#facts.get(code);
    if (known !== undefined) return known;
    const g = schema.games;
    const [row] = await db
      .select({ identifier: g.identifier, seoTitle: g.seoTitle, categories: g.categories })
      .from(g)
      .where(eq(g.gameCode, code))
      .limit(1);
    // Only what was read under the version now kept: a newer one read meanwhile cleared the map.
    if (version === this.#version) this.#facts.set(code, row ?? null);
    return row ?? null;
  }

  #versionIn(db: Db): Promise<number> {
    const known = this.#versionOf.get(db);
    if (known) return known;
    const reading = db
      .select({ version: schema.gamesCatalogueVersion.version })
      .from(schema.gamesCatalogueVersion)
      .then(([row]) => Number(row?.version ?? 0));
    this.#versionOf.set(db, reading);
    return reading;
  }
}
