import type { ExperimentVariation } from '@chrysos/contract';
import { type Db, preparedPerDatabase, schema } from '@chrysos/db';
import { eq } from 'drizzle-orm';
import { freshRead } from '../../platform/fresh-read.ts';
import type { Hashable } from './choose-variation.ts';

/** A running experiment as assignment reads it. */
export type RunningExperiment = Hashable;

/**
 * The running experiments, held in memory: every /v2/ab request and every page reads them, an operator
 * changes them rarely. A write on any instance bumps experiments_version (a trigger), and `current()`
 * reloads a list older than that, so every instance assigns by the same experiments on its next request.
 */
export class RunningExperiments {
  readonly #db: Db;
  #running: ReadonlyMap<string, RunningExperiment> = new Map();
  /** The experiments_version the list was read at (-1: not read yet). */
  #version = -1;
  #reloading: Promise<void> | undefined;

  constructor(db: Db) {
    this.#db = db;
  }

  /** The running experiments by id, reloaded first when another process (or this one) changed any. */
  async current(): Promise<ReadonlyMap<string, RunningExperiment>> {
    return this.at(await this.#readVersion());
  }

  /**
   * The running experiments as of experiments_version `version`, read by the caller with its own query
   * (readStoredAssignments): reloaded only when the list is older.
   */
  async at(version: number): Promise<ReadonlyMap<string, RunningExperiment>> {
    // A reload under way may have read the version before this one: then one more, which cannot have.
    for (let tries = 0; tries < 2 && version > this.#version; tries++) {
      this.#reloading ??= this.#reload().finally(() => {
        this.#reloading = undefined;
      });
      await this.#reloading;
    }
    return this.#running;
  }

  /** The list as last read, with its version (-1: never read), asking nothing of the database. */
  snapshot(): { version: number; running: ReadonlyMap<string, RunningExperiment> } {
    return { version: this.#version, running: this.#running };
  }

  /** Shared by the requests that arrive while one is under way (platform/fresh-read.ts). */
  readonly #readVersion = freshRead(async () => {
    const [row] = await experimentsVersion(this.#db).execute();
    return Number(row?.version ?? 0);
  });

  async #reload(): Promise<void> {
    // Rows read after the version are at least that new; a change in between bumps it again.
    const version = await this.#readVersion();
    const e = schema.experiments;
    const rows = await this.#db
      .select({ id: e.id, seed: e.seed, coverage: e.coverage, variations: e.variations })
      .from(e)
      .where(eq(e.status, 'running'));
    this.#running = new Map(
      rows.map((row) => [row.id, { ...row, variations: row.variations as ExperimentVariation[] }]),
    );
    this.#version = Math.max(this.#version, version);
  }
}

/** Built once per database: every request that assigns checks the version. */
const experimentsVersion = preparedPerDatabase((db: Db) =>
  db
    .select({ version: schema.experimentsVersion.version })
    .from(schema.experimentsVersion)
    .prepare('experiments_version'),
);
