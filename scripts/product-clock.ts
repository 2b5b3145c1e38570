import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

/**
 * Server code asks the product's clock (`app.clock`, platform/clock.ts) what time it is, so a test moves
 * time instead of waiting for it. Reading the system clock (`Date.now()`, `new Date()`) is left only where
 * the time is not the product's: durations, caches and timers of I/O, tokens checked by others against
 * their own clocks. Each such file is listed here with how many reads it has and why.
 */
export const systemClockReads: Record<string, { reads: number; why: string }> = {
  'apps/server/src/platform/clock.ts': {
    reads: 2,
    why: 'the product clock is the system clock moved by an offset',
  },
  'apps/server/src/platform/events.ts': {
    reads: 7,
    why: 'when to poll again, retry waits, pacing and the grace for holes: timers of the bus itself',
  },
  'apps/server/src/platform/jobs.ts': { reads: 1, why: 'a unique id for a job run now' },
  'apps/server/src/platform/processes.ts': { reads: 1, why: 'the time of a log line' },
  'apps/server/src/platform/shared-state.ts': {
    reads: 3,
    why: 'how often expired rows are swept; the expiries themselves are the store’s own (Redis keys, now())',
  },
  'apps/server/src/modules/auth/captcha.ts': {
    reads: 3,
    why: 'altcha checks a challenge’s expiry against the system clock; the solution is kept as long',
  },
  'apps/server/src/modules/auth/validate-email.ts': { reads: 2, why: 'a cache of DNS answers' },
  'apps/server/src/modules/bonuses/play-following.ts': {
    reads: 2,
    why: 'a cache of players’ languages for pushes',
  },
  'apps/server/src/modules/cashier/sandbox/cards.ts': {
    reads: 1,
    why: 'the sandbox stands for an outside payment provider, which checks card expiry on its own clock',
  },
  'apps/server/src/modules/cashier/sandbox/sandbox-psp.ts': {
    reads: 7,
    why: 'the sandbox provider’s own clock: webhook signatures (checked against it) and delivery retries',
  },
  'apps/server/src/modules/info/reference-data.ts': { reads: 2, why: 'a cache of reference data' },
  'apps/server/src/modules/jackpot/changes.ts': {
    reads: 3,
    why: 'a throttle of publications on timers, and a unique key for each',
  },
  'apps/server/src/modules/realtime/hub.ts': {
    reads: 3,
    why: 'pings, subscription rate windows and token expiry, as the Centrifugo protocol has them',
  },
  'apps/server/src/modules/realtime/realtime.ts': {
    reads: 1,
    why: 'a connection token’s issue time (a JWT)',
  },
  'apps/server/src/modules/realtime/tokens.ts': { reads: 1, why: 'a connection token’s issue time (a JWT)' },
  'apps/server/src/modules/wallet/booking-groups.ts': {
    reads: 2,
    why: 'game sessions expire on the system clock, as wallet_book_calls checks them (migration 0036)',
  },
  'apps/server/src/modules/wallet/game-sessions.ts': {
    reads: 1,
    why: 'game sessions expire on the system clock, as wallet_book_calls checks them (migration 0036)',
  },
  'apps/server/src/modules/wallet/protocol-routes.ts': {
    reads: 1,
    why: 'game sessions expire on the system clock, as wallet_book_calls checks them (migration 0036)',
  },
  'apps/server/src/modules/wallet/ledger.ts': {
    reads: 1,
    why: 'the ledger’s default clock for callers that book without the app (its tests)',
  },
};

export interface ClockBreach {
  file: string;
  reads: number;
  rule: string;
}

const read = /\bDate\.now\(\s*\)|\bnew Date\(\s*\)/g;
const sourceFile = /\.(ts|tsx)$/;
const testFile = /\.test\.tsx?$/;

function* serverFiles(folder: string): Generator<string> {
  for (const entry of readdirSync(folder)) {
    const full = path.join(folder, entry);
    if (statSync(full).isDirectory()) {
      if (entry !== 'fixtures' && entry !== 'node_modules') yield* serverFiles(full);
    } else if (sourceFile.test(entry) && !testFile.test(entry) && !entry.endsWith('.d.ts')) yield full;
  }
}

/** The file's code without its comments (a comment may well name `new Date()`). */
const withoutComments = (text: string) =>
  text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|\s)\/\/.*$/gm, '$1');

/** Every file under modules/ and platform/ whose reads of the system clock the list above does not account for. */
export function checkProductClock(root: string): ClockBreach[] {
  const breaches: ClockBreach[] = [];
  const seen = new Set<string>();
  for (const folder of ['apps/server/src/modules', 'apps/server/src/platform']) {
    const full = path.join(root, folder);
    if (!statSync(full, { throwIfNoEntry: false })?.isDirectory()) continue;
    for (const file of serverFiles(full)) {
      const name = path.relative(root, file).split(path.sep).join('/');
      const reads = withoutComments(readFileSync(file, 'utf8')).match(read)?.length ?? 0;
      const allowed = systemClockReads[name];
      if (allowed) seen.add(name);
      if (reads === (allowed?.reads ?? 0)) continue;
      breaches.push({
        file: name,
        reads,
        rule: allowed
          ? `reads the system clock ${reads} times where ${allowed.reads} are listed: use app.clock, or update the list with why`
          : 'reads the system clock: use app.clock (or list the file in scripts/product-clock.ts with why)',
      });
    }
  }
  for (const name of Object.keys(systemClockReads)) {
    if (!seen.has(name)) breaches.push({ file: name, reads: 0, rule: 'is listed but no longer exists' });
  }
  return breaches;
}
