import {
  type ContentCollection,
  type ContentData,
  type ContentItem,
  type ContentQuery,
  contentQuery,
} from '@chrysos/contract';
import { type Db, preparedPerDatabase, schema } from '@chrysos/db';
import { type Locale, type Viewer, visibleItems } from '@chrysos/rules';
import { and, eq, sql } from 'drizzle-orm';
import { freshRead } from '../../platform/fresh-read.ts';
import type { ContentFileItem } from './read-content-files.ts';

/**
 * The content collections, stored in the database and served from a snapshot held in memory: content
 * changes only when files are synced (or the back office edits it and calls `reload`), while every page
 * reads several collections. A write on any instance bumps content_items_version (a trigger), and
 * `current()` reloads a snapshot older than that, so every instance serves the change on its next page.
 */
export class ContentStore {
  readonly #db: Db;
  /** Each collection and locale's items, in stem order: read per page, so grouped and sorted once. */
  #groups = new Map<string, ContentItem[]>();
  /** The content_items_version the snapshot was read at (-1: not read yet). */
  #version = -1;
  #reloading: Promise<void> | undefined;

  constructor(db: Db) {
    this.#db = db;
  }

  /**
   * The items of a collection whose `createdAt` has come by `at` (an editor may date one ahead), slug and
   * time, read from the database in the caller's transaction `db`: what every instance agrees on.
   */
  async datedBy(
    db: Db,
    collection: ContentCollection,
    at: Date,
  ): Promise<{ slug: string; createdAt: Date }[]> {
    const c = schema.contentItems;
    const rows = await db
      .selectDistinct({
        slug: sql<string>`${c.data}->>'slug'`,
        createdAt: sql<string>`${c.data}->>'createdAt'`,
      })
      .from(c)
      .where(
        and(
          eq(c.collection, collection),
          sql`(${c.data}->>'createdAt')::timestamptz <= ${at.toISOString()}::timestamptz`,
        ),
      );
    return rows.map((row) => ({ slug: row.slug, createdAt: new Date(row.createdAt) }));
  }

  /**
   * Applies the content files as a seed (the deploy step): a new file adds its item, a changed one
   * rewrites it, a removed one removes it, but only items the seed wrote; what an operator added or
   * edited (origin `operator`) is never touched, whatever the files say.
   */
  async seed(files: ContentFileItem[]): Promise<{ written: number; removed: number }> {
    const c = schema.contentItems;
    const key = (item: { collection: string; locale: string; stem: string }) =>
      `${item.collection}/${item.locale}/${item.stem}`;
    let written = 0;
    let removed = 0;
    await this.#db.transaction(async (tx) => {
      const stored = await tx
        .select({
          collection: c.collection,
          locale: c.locale,
          stem: c.stem,
          checksum: c.checksum,
          origin: c.origin,
        })
        .from(c);
      const byKey = new Map(stored.map((row) => [key(row), row]));
      const changed = files.filter((file) => {
        const row = byKey.get(key(file));
        return !row || (row.origin === 'seed' && row.checksum !== file.checksum);
      });
      for (const file of changed) {
        await tx
          .insert(c)
          .values({ ...file, origin: 'seed', updatedAt: sql`now()` })
          .onConflictDoUpdate({
            target: [c.collection, c.locale, c.stem],
            set: { data: file.data, bodyHtml: file.bodyHtml, checksum: file.checksum, updatedAt: sql`now()` },
            // An operator's edit made between the read and this write stays.
            setWhere: eq(c.origin, 'seed'),
          });
      }
      written = changed.length;
      const keep = new Set(files.map(key));
      const gone = stored.filter((row) => row.origin === 'seed' && !keep.has(key(row)));
      for (const row of gone) {
        await tx
          .delete(c)
          .where(
            and(
              eq(c.collection, row.collection),
              eq(c.locale, row.locale),
              eq(c.stem, row.stem),
              eq(c.origin, 'seed'),
            ),
          );
      }
      removed = gone.length;
    });
    await this.reload();
    return { written, removed };
  }

  /**
   * The version of the content this process serves, after reloading the snapshot if another process
   * (or a sync) changed the content since: one indexed read of a one-row table.
   */
  async current(): Promise<number> {
    const version = await this.#readVersion();
    if (version > this.#version) {
      this.#reloading ??= this.reload().finally(() => {
        this.#reloading = undefined;
      });
      await this.#reloading;
    }
    return this.#version;
  }

  /** Shared by the requests that arrive while one is under way (platform/fresh-read.ts). */
  readonly #readVersion = freshRead(async () => {
    const [row] = await contentVersion(this.#db).execute();
    return Number(row?.version ?? 0);
  });

  /** Re-reads the snapshot from the database. */
  async reload(): Promise<void> {
    // Rows read after the version are at least that new; a change in between bumps it again.
    const version = await this.#readVersion();
    const rows = await this.#db
      .select()
      .from(schema.contentItems)
      .orderBy(schema.contentItems.collection, schema.contentItems.locale, schema.contentItems.stem);
    const groups = new Map<string, ContentItem[]>();
    for (const row of rows) {
      const key = groupKey(row.collection, row.locale);
      const group = groups.get(key) ?? [];
      group.push({
        collection: row.collection as ContentCollection,
        locale: row.locale as Locale,
        stem: row.stem,
        data: row.data as ContentData<ContentCollection>,
        bodyHtml: row.bodyHtml,
      });
      groups.set(key, group);
    }
    for (const group of groups.values()) group.sort((a, b) => compare(a.stem, b.stem));
    this.#groups = groups;
    this.#version = Math.max(this.#version, version);
  }

  /**
   * The items of one collection and locale that the viewer may see, filtered, ordered (by stem
   * ascending unless told otherwise) and paginated. The query must already be validated.
   */
  query(input: ContentQuery, viewer: Viewer): { total: number; items: ContentItem[] } {
    const query = contentQuery.parse(input);
    const fieldValue = (item: ContentItem, field: string): unknown =>
      field === 'stem' ? item.stem : (item.data as Record<string, unknown>)[field];

    let items = this.#groups.get(groupKey(query.collection, query.locale)) ?? [];
    for (const [field, condition] of Object.entries(query.where ?? {})) {
      const accepted = typeof condition === 'object' ? condition.in : [condition];
      items = items.filter((item) => accepted.includes(fieldValue(item, field) as string | number | boolean));
    }
    items = visibleItems(
      items.map((item) => ({
        item,
        visibilitySettings: (item.data as { visibilitySettings?: never }).visibilitySettings,
      })),
      viewer,
    ).map(({ item }) => item);

    // Without an order the group's own (by stem ascending) stands.
    const order = query.order ?? [];
    if (order.length > 0) {
      items = [...items].sort((a, b) => {
        for (const { field, direction } of order) {
          const compared = compare(fieldValue(a, field), fieldValue(b, field));
          if (compared !== 0) return direction === 'asc' ? compared : -compared;
        }
        return 0;
      });
    }
    return { total: items.length, items: items.slice(query.offset, query.offset + query.limit) };
  }

  /** The first visible item of a collection, for collections holding one item per locale (header, logos…). */
  first<C extends ContentCollection>(
    collection: C,
    locale: Locale,
    viewer: Viewer,
  ): ContentItem<C> | undefined {
    return this.query({ collection, locale, limit: 1 }, viewer).items[0] as ContentItem<C> | undefined;
  }

  /** All visible items of a collection in stem order. */
  list<C extends ContentCollection>(collection: C, locale: Locale, viewer: Viewer): ContentItem<C>[] {
    return this.query({ collection, locale, limit: 200 }, viewer).items as ContentItem<C>[];
  }
}

/** Built once per database: every page checks the version. */
const contentVersion = preparedPerDatabase((db: Db) =>
  db
    .select({ version: schema.contentItemsVersion.version })
    .from(schema.contentItemsVersion)
    .prepare('content_version'),
);

const groupKey = (collection: string, locale: string) => `${collection}\u0000${locale}`;

/** Built once: `localeCompare` with options builds a collator on every call. */
const collator = new Intl.Collator('en', { numeric: true });

/** Orders strings by locale-aware comparison, numbers numerically, missing values last. */
function compare(a: unknown, b: unknown): number {
  if (a === b) return 0;
  if (a === undefined || a === null) return 1;
  if (b === undefined || b === null) return -1;
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  return collator.compare(String(a), String(b));
}
