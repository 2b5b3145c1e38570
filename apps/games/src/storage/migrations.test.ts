import type { Database } from '@chrysos/db';
import { openTestDatabase, testDatabaseKinds } from '@chrysos/db/testing';
import { eq, sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { studioMigrations } from './migrations.ts';
import { studioRounds, studioSeeds, studioSessions } from './schema.ts';

/** What a database holds of the studio: its tables, their indexes and constraints, by schema. */
async function layout(database: Database) {
  const { rows } = (await database.db.execute(sql`
    select n.nspname || '.' || c.relname || ' ' || c.relkind::text as entry
      from pg_class c join pg_namespace n on n.oid = c.relnamespace
     where (n.nspname = 'studio' or c.relname like 'studio\_%')
       and c.relkind in ('r', 'i', 'S')
       and c.relname not like '%drizzle_migrations%'
    union all
    select 'constraint ' || conname from pg_constraint
     where connamespace = 'studio'::regnamespace and contype <> 'n' and conname not like '%drizzle_migrations%'
     order by 1`)) as unknown as { rows: { entry: string }[] };
  return rows.map((row) => row.entry);
}

const studioLayout = [
  'constraint freespin_grants_pkey',
  'constraint freespin_grants_spins',
  'constraint round_starts_owner_title_id_pk',
  'constraint rounds_pkey',
  'constraint seeds_pkey',
  'constraint sessions_pkey',
  'studio.freespin_grants r',
  'studio.freespin_grants_pkey i',
  'studio.round_starts r',
  'studio.round_starts_owner_title_id_pk i',
  'studio.rounds r',
  'studio.rounds_free_grant_idx i',
  'studio.rounds_open_idx i',
  'studio.rounds_owner_idx i',
  'studio.rounds_pkey i',
  'studio.seeds r',
  'studio.seeds_id_seq S',
  'studio.seeds_one_active i',
  'studio.seeds_owner_idx i',
  'studio.seeds_pkey i',
  'studio.sessions r',
  'studio.sessions_expiry_idx i',
  'studio.sessions_pkey i',
];

describe.each(testDatabaseKinds)('the studio’s own schema and migrations on %s', (kind) => {
  let database: Database | undefined;
  afterEach(async () => {
    await database?.close();
    database = undefined;
  });

  it('creates its tables in the `studio` schema on a database that never had them, and again changes nothing', async () => {
    database = await openTestDatabase(kind, 'empty');
    await database.migrate(studioMigrations);
    expect(await layout(database)).toEqual(studioLayout);

    await database.db.insert(studioSeeds).values({
      owner: 'demo:x',
      serverSeed: 'a'.repeat(64),
      serverSeedHash: 'b'.repeat(64),
      clientSeed: 'c',
    });
    // Run again from scratch (as after a lost journal): every step is guarded, nothing is lost.
    await database.db.execute(sql`delete from studio.__drizzle_migrations`);
    await database.migrate(studioMigrations);
    expect(await layout(database)).toEqual(studioLayout);
    expect(await database.db.select({ owner: studioSeeds.owner }).from(studioSeeds)).toEqual([
      { owner: 'demo:x' },
    ]);
  });

  it('moves the tables of an earlier release out of `public` with their rows, ending as a new database does', async () => {
    database = await openTestDatabase(kind, 'empty');
    // The platform's migrations alone leave the studio's tables where migration 0011 put them.
    await database.migrate();
    await database.db.execute(sql`
      insert into public.studio_seeds (owner, server_seed, server_seed_hash, client_seed, nonce)
      values ('player-1', ${'a'.repeat(64)}, ${'b'.repeat(64)}, 'lucky', 3)`);
    await database.db.execute(sql`
      insert into public.studio_sessions (id_hash, mode, title_id, language, user_id, wallet_token, currency, expires_at)
      values ('hash-1', 'real', 'hi-lo-dice', 'el', 'player-1', 'token-1', 'EUR', now() + interval '1 hour')`);
    await database.db.execute(sql`
      insert into public.studio_rounds (id, session_hash, mode, owner, title_id, currency, seed_id, client_seed, nonce, bet, stake)
      values ('00000000-0000-4000-8000-000000000001', 'hash-1', 'real', 'player-1', 'hi-lo-dice', 'EUR', 1, 'lucky', 2, '{"stake":100}', 100)`);

    await database.migrate(studioMigrations);
    expect(await layout(database)).toEqual(studioLayout);

    const [session] = await database.db
      .select()
      .from(studioSessions)
      .where(eq(studioSessions.idHash, 'hash-1'));
    expect(session).toMatchObject({ mode: 'real', user: 'player-1', walletToken: 'token-1', language: 'el' });
    const [round] = await database.db.select().from(studioRounds);
    expect(round).toMatchObject({ owner: 'player-1', stake: 100, status: 'open', phase: 'betting' });
    // The moved sequence goes on from where it was: the next seed is not a second id 1.
    const [next] = await database.db
      .insert(studioSeeds)
      .values({
        owner: 'player-2',
        serverSeed: 'c'.repeat(64),
        serverSeedHash: 'd'.repeat(64),
        clientSeed: 'x',
      })
      .returning({ id: studioSeeds.id });
    expect(next?.id).toBe(2);
    // One active seed per owner still holds after the move.
    await expect(
      database.db.insert(studioSeeds).values({
        owner: 'player-1',
        serverSeed: 'e'.repeat(64),
        serverSeedHash: 'f'.repeat(64),
        clientSeed: 'y',
      }),
    ).rejects.toThrow();
  });
});
