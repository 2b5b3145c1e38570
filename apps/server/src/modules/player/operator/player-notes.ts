import type { PlayerNote } from '@chrysos/contract';
import { type Db, schema } from '@chrysos/db';
import { desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';

type NoteRow = typeof schema.playerNotes.$inferSelect;

/** A note as the console shows it: its author's name read from their account (null if it is gone). */
async function present(app: FastifyInstance, rows: NoteRow[]): Promise<PlayerNote[]> {
  const authors = new Map<string, string | null>();
  for (const author of new Set(rows.map((row) => row.author))) {
    const operator = await app.operators.byId(author.replace(/^operator:/, ''));
    authors.set(author, operator?.name ?? null);
  }
  return rows.map((row) => ({
    id: row.id,
    author: row.author,
    author_name: authors.get(row.author) ?? null,
    body: row.body,
    created_at: row.createdAt.toISOString(),
  }));
}

/** What operators wrote on the player's record, newest first. */
export async function playerNotes(app: FastifyInstance, playerId: string): Promise<PlayerNote[]> {
  const n = schema.playerNotes;
  const rows = await app.database.db
    .select()
    .from(n)
    .where(eq(n.playerId, playerId))
    .orderBy(desc(n.id))
    .limit(100);
  return present(app, rows);
}

/**
 * Writes a note in `tx` (the operator's audit row goes in the same transaction), shown with the name
 * of its author, who is the operator making the request.
 */
export async function addPlayerNote(
  app: FastifyInstance,
  tx: Db,
  note: { playerId: string; author: string; authorName: string; body: string },
): Promise<PlayerNote> {
  const [row] = await tx
    .insert(schema.playerNotes)
    .values({ playerId: note.playerId, author: note.author, body: note.body, createdAt: app.clock.now() })
    .returning();
  if (!row) throw new Error('note not stored');
  return {
    id: row.id,
    author: row.author,
    author_name: note.authorName,
    body: row.body,
    created_at: row.createdAt.toISOString(),
  };
}
