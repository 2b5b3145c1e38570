import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { checkProductClock, systemClockReads } from './product-clock.ts';

const repository = fileURLToPath(new URL('..', import.meta.url));

describe('the product clock', () => {
  it('is what server code reads the time from, but where a reason is listed', () => {
    expect(checkProductClock(repository)).toEqual([]);
  });

  describe('catches each kind of breach', () => {
    const root = mkdtempSync(path.join(tmpdir(), 'product-clock-'));
    afterAll(() => rmSync(root, { recursive: true, force: true }));
    const write = (file: string, text: string) => {
      mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
      writeFileSync(path.join(root, file), text);
    };
    // Every listed file, with as many reads as listed, but for the two changed below.
    for (const [file, { reads }] of Object.entries(systemClockReads)) {
      write(file, 'const at = Date.now();\n'.repeat(reads));
    }
    write('apps/server/src/modules/wallet/ledger.ts', 'const a = new Date();\nconst b = Date.now();\n');
    rmSync(path.join(root, 'apps/server/src/modules/jackpot/changes.ts'));
    write('apps/server/src/modules/bonuses/expire.ts', 'const expired = row.endsAt < new Date( );\n');
    write('apps/server/src/platform/limits.ts', 'if (Date.now() > until) refuse();\n');
    // Not breaches: tests, comments, a date from a value, the product clock itself.
    write('apps/server/src/modules/bonuses/expire.test.ts', 'const now = new Date();\n');
    write(
      'apps/server/src/modules/bonuses/grant.ts',
      [
        '/** Never `new Date()` here: the product clock. */',
        'const now = app.clock.now(); // not Date.now()',
        "const day = new Date('2026-11-24T10:00:00Z');",
        'const later = new Date(now.getTime() + 1_000);',
      ].join('\n'),
    );

    it('lists every file whose reads are not accounted for, and none that keeps the rule', () => {
      const found = checkProductClock(root).map(({ file, reads, rule }) => `${file} (${reads}): ${rule}`);
      expect(found.sort()).toEqual(
        [
          'apps/server/src/modules/bonuses/expire.ts (1): reads the system clock: use app.clock (or list the file in scripts/product-clock.ts with why)',
          'apps/server/src/platform/limits.ts (1): reads the system clock: use app.clock (or list the file in scripts/product-clock.ts with why)',
          'apps/server/src/modules/wallet/ledger.ts (2): reads the system clock 2 times where 1 are listed: use app.clock, or update the list with why',
          'apps/server/src/modules/jackpot/changes.ts (0): is listed but no longer exists',
        ].sort(),
      );
    });
  });
});
