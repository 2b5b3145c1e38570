/**
 * `npm run audit:verify`: recomputes the compliance audit trail's hash chain in the deployment's
 * database (DATABASE_URL, or the embedded one under DATA_DIR like the server) and reports the first
 * broken row. Exit code 0 when the chain holds, 1 when a row breaks it, 2 when it could not be read.
 */
import { createDatabase } from '@chrysos/db';
import { verifyAuditLog } from './audit-log.ts';

const url = process.env.DATABASE_URL;
const database = await createDatabase(
  url ? { url, poolSize: 1 } : { dataDir: `${process.env.DATA_DIR ?? './.data'}/pglite` },
);
try {
  const result = await verifyAuditLog(database.db);
  if (result.ok) {
    console.log(`audit log intact: ${result.rows} rows, last hash ${result.lastHash}`);
    process.exitCode = 0;
  } else {
    const { id, reason, expected, found } = result.brokenAt;
    console.log(
      `audit log broken at row ${id}: its ${reason} is ${found}, the chain gives ${expected} ` +
        `(${reason === 'hash' ? 'the row was changed' : 'a row before it was removed or inserted'})`,
    );
    process.exitCode = 1;
  }
} catch (error) {
  console.error(`audit log could not be verified: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 2;
} finally {
  await database.close();
}
