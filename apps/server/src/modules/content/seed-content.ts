import type { Db } from '@chrysos/db';
import { type LicenceName, licences } from '@chrysos/rules';
import { ContentStore } from './content-store.ts';
import { readContentFiles } from './read-content-files.ts';

/**
 * The deploy step's content seed: the files of `dir`, as the licence shows them, into the database
 * (ContentStore.seed: never what an operator added or edited). Invalid files refuse the deploy with every
 * problem listed.
 */
export async function seedContent(db: Db, dir: string, licence: LicenceName) {
  const files = await readContentFiles(dir, licences[licence]);
  const { written, removed } = await new ContentStore(db).seed(files);
  return { items: files.length, written, removed };
}
