import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { checkBoundaries, foreignTableUses } from './boundaries.ts';

const repository = fileURLToPath(new URL('..', import.meta.url));

describe('import boundaries', () => {
  it('hold in this repository', () => {
    expect(checkBoundaries(repository)).toEqual([]);
  });

  describe('catch each kind of breach', () => {
    const root = mkdtempSync(path.join(tmpdir(), 'boundaries-'));
    afterAll(() => rmSync(root, { recursive: true, force: true }));
    const write = (file: string, text: string) => {
      mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
      writeFileSync(path.join(root, file), text);
    };
    write('apps/server/src/modules/wallet/public.ts', 'export const balance = 1;\n');
    write('apps/server/src/modules/wallet/ledger.ts', 'export const book = 1;\n');
    write('apps/server/src/modules/cashier/good.ts', "import { balance } from '../wallet/public.ts';\n");
    write('apps/server/src/modules/cashier/own.ts', "import { good } from './good.ts';\n");
    write('apps/server/src/modules/cashier/bad.ts', "import { book } from '../wallet/ledger.ts';\n");
    // lottery → bonuses → loyalty → lottery: a cycle through three modules, even by a type.
    write('apps/server/src/modules/lottery/public.ts', "import { grant } from '../bonuses/public.ts';\n");
    write(
      'apps/server/src/modules/bonuses/public.ts',
      "import type { Points } from '../loyalty/public.ts';\n",
    );
    write('apps/server/src/modules/loyalty/public.ts', "import { tickets } from '../lottery/public.ts';\n");
    write(
      'apps/server/src/modules/loyalty/loyalty.test.ts',
      "import { balance } from '../wallet/public.ts';\n",
    );
    write('apps/server/src/modules/wallet/wallet.test.ts', "import { grant } from '../loyalty/public.ts';\n");
    // Services: the wallet decorates the app; cashier lists it, lottery does not (in code or in tests).
    write(
      'apps/server/src/modules/wallet/index.ts',
      "app.decorate('wallet', new Wallet());\nexport default fp(wallet, { name: 'wallet', dependencies: ['database'] });\n",
    );
    write(
      'apps/server/src/modules/cashier/index.ts',
      "app.wallet.book();\nexport default fp(cashier, { name: 'cashier', dependencies: ['database', 'wallet'] });\n",
    );
    write(
      'apps/server/src/modules/lottery/index.ts',
      "export default fp(lottery, { name: 'lottery', dependencies: [] });\n",
    );
    write(
      'apps/server/src/modules/lottery/draw.ts',
      'export const draw = (request) => request.server.wallet.book();\n',
    );
    write('apps/server/src/modules/lottery/draw.test.ts', 'await app.wallet.book();\n');
    // The service's type: declared in the module's public.ts, not beside its plugin.
    const service =
      "declare module 'fastify' {\n  interface FastifyInstance {\n    wallet: Wallet;\n  }\n}\n";
    write('apps/server/src/modules/wallet/plugin-types.ts', service);
    write('apps/server/src/modules/cashier/public.ts', service.replace('wallet: Wallet', 'cashier: Cashier'));
    write('apps/server/src/platform/web.ts', "import { balance } from '../modules/wallet/public.ts';\n");
    write(
      'apps/server/src/modules/games/launch-game.ts',
      "import { openStudioSession } from '@chrysos/games/sessions';\n",
    );
    write(
      'apps/server/src/modules/games/studio.test.ts',
      "import * as studioSchema from '@chrysos/games/storage';\n",
    );
    write('apps/web/app/routes/page.tsx', "import type { App } from '@chrysos/server/app';\n");
    write('apps/web/app/features/cashier/limits.ts', "import { depositBody } from '@chrysos/contract';\n");
    write(
      'apps/web/app/features/cashier/typed.ts',
      "import type {\n  Account,\n} from '@chrysos/contract';\n",
    );
    write('apps/web/app/features/cashier/refs.ts', "import { endpoints } from '@chrysos/contract/client';\n");
    write(
      'apps/web/app/features/cashier/data.server.ts',
      "import { depositBody } from '@chrysos/contract';\n",
    );
    write('apps/games/src/client/replay.ts', "import { studioRoundAnswer } from '@chrysos/contract';\n");
    write('apps/games/src/rounds/purse.ts', "import { type Db, schema } from '@chrysos/db';\n");
    write(
      'apps/games/src/rounds/seeds.ts',
      "import type { Db } from '@chrysos/db';\nimport { studioSeeds } from '../storage/schema.ts';\n",
    );
    write(
      'apps/games/src/rounds/deep.ts',
      "import { ledgerTransactions } from '../../../../packages/db/src/schema/wallet.ts';\n",
    );
    write(
      'apps/games/src/rounds/lazy.ts',
      "const ledger = await import('../../../server/src/modules/wallet/ledger.ts');\n",
    );

    it('lists every file that breaks a rule, and none that keeps them', () => {
      const found = checkBoundaries(root).map(({ file, rule }) => `${file}: ${rule}`);
      expect(found.sort()).toEqual(
        [
          'apps/games/src/rounds/lazy.ts: apps/games imports no server code',
          "apps/games/src/rounds/purse.ts: apps/games imports none of the platform's tables",
          "apps/games/src/rounds/deep.ts: apps/games imports none of the platform's tables",
          'apps/server/src/modules/cashier/bad.ts: a module imports another only through its public.ts (modules/wallet/public.ts)',
          ...['lottery', 'bonuses', 'loyalty'].map(
            (module) =>
              `apps/server/src/modules/${module}/public.ts: modules depend on each other in one direction (a cycle: bonuses, lottery, loyalty)`,
          ),
          'apps/server/src/platform/web.ts: platform/ imports no module',
          "apps/server/src/modules/lottery/draw.ts: a module uses another plugin's service only as a dependency of its plugin ('wallet')",
          'apps/server/src/modules/wallet/plugin-types.ts: a module declares the types of its services in its public.ts (modules/wallet/public.ts)',
          "apps/server/src/modules/games/launch-game.ts: the server reaches the studio's sessions and tables only through its launch call",
          'apps/web/app/routes/page.tsx: apps/web imports no server code',
          'apps/web/app/features/cashier/limits.ts: browser code imports the contract only as types (values from @chrysos/contract/client)',
          'apps/games/src/client/replay.ts: browser code imports the contract only as types (values from @chrysos/contract/client)',
        ].sort(),
      );
    });
  });
});

describe('tables named across modules', () => {
  it("are none: a module reads another's data through its public.ts", () => {
    expect(foreignTableUses(repository)).toEqual([]);
  });

  it("are found by schema name, destructured or in raw SQL, a module's own and tests aside", () => {
    const root = mkdtempSync(path.join(tmpdir(), 'tables-'));
    try {
      const write = (file: string, text: string) => {
        mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
        writeFileSync(path.join(root, file), text);
      };
      write(
        'packages/db/src/schema/wallet.ts',
        "export const ledgerAccounts = pgTable('ledger_accounts', {});\n",
      );
      write(
        'packages/db/src/schema/compliance-limits.ts',
        "export const playerLimits = pgTable(\n  'player_limits',\n  {},\n);\n",
      );
      write('apps/server/src/modules/wallet/own.ts', 'db.select().from(schema.ledgerAccounts);\n');
      write('apps/server/src/modules/cashier/read.ts', 'db.select().from(schema.ledgerAccounts);\n');
      write(
        'apps/server/src/modules/cashier/raw.ts',
        'sql`select amount from player_limits where id = 1`;\n',
      );
      // After an interpolation that holds a template of its own, in a typed template.
      write(
        'apps/server/src/modules/cashier/typed.ts',
        // biome-ignore lint/suspicious/noTemplateCurlyInString: source text holding an interpolation
        'sql<string>`select ${`{${ids.join(",")}}`}::bigint[] as asked join ledger_accounts a on true`;\n',
      );
      write('apps/server/src/modules/wallet/limits.test.ts', 'sql`delete from player_limits`;\n');
      // Taken apart from the schema object, renamed or not.
      write('apps/server/src/modules/loyalty/taken.ts', 'const { ledgerAccounts: accounts } = schema;\n');
      expect(
        foreignTableUses(root)
          .map((use) => `${use.file} ${use.imports}`)
          .sort(),
      ).toEqual([
        'apps/server/src/modules/cashier/raw.ts player_limits',
        'apps/server/src/modules/cashier/read.ts ledger_accounts',
        'apps/server/src/modules/cashier/typed.ts ledger_accounts',
        'apps/server/src/modules/loyalty/taken.ts ledger_accounts',
      ]);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});
