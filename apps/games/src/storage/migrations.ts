import { fileURLToPath } from 'node:url';

/**
 * Where the studio's migrations are and where it records which have run: its own journal table in its
 * own schema, apart from the platform's (`drizzle.__drizzle_migrations`). The host applies them when it
 * mounts the studio, after its own migrations; the first one moves tables an earlier release kept in
 * `public` (see migrations/0000_studio_schema.sql).
 */
export const studioMigrations = {
  migrationsFolder: fileURLToPath(new URL('../../migrations', import.meta.url)),
  migrationsSchema: 'studio',
  migrationsTable: '__drizzle_migrations',
} as const;
