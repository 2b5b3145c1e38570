/**
 * Writes docs/events.md: every domain event, the module that declares it and the handlers that follow
 * it (a section an event, not a table, which the formatter would pad), read from the modules' `events.ts` declarations and their `handlers/` files (one handler a file).
 * `npm run docs:events` writes it; events-table.test.ts fails when it is out of date.
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export interface HandlerFile {
  /** The handler's id, e.g. `bonuses.play`. */
  name: string;
  follows: readonly string[];
  /** Its file, relative to the repository. */
  file: string;
}

const modulesDir = 'apps/server/src/modules';

/** The events each module declares in its events.ts (the keys of its `DomainEvents` merge). */
export function declaredEvents(root: string): Map<string, string> {
  const declared = new Map<string, string>();
  for (const module of readdirSync(path.join(root, modulesDir)).sort()) {
    let text: string;
    try {
      text = readFileSync(path.join(root, modulesDir, module, 'events.ts'), 'utf8');
    } catch {
      continue;
    }
    for (const [, name] of text.matchAll(/^\s+'([a-z_]+\.[a-z_]+)':/gm)) if (name) declared.set(name, module);
  }
  return declared;
}

/**
 * Every handler the modules define: the `defineHandler({ name, follows })` of their `handlers/*.ts`
 * files, read as text (importing them would load the whole server); registered-handlers.test.ts checks
 * the app registers exactly these.
 */
export function handlerFiles(root: string): HandlerFile[] {
  const found: HandlerFile[] = [];
  for (const module of readdirSync(path.join(root, modulesDir)).sort()) {
    let files: string[];
    try {
      files = readdirSync(path.join(root, modulesDir, module, 'handlers'));
    } catch {
      continue;
    }
    for (const file of files.filter((name) => name.endsWith('.ts') && !name.endsWith('.test.ts')).sort()) {
      const relative = `${modulesDir}/${module}/handlers/${file}`;
      const text = readFileSync(path.join(root, relative), 'utf8');
      const definitions = text.matchAll(/defineHandler\(\{\s*name: '([^']+)',\s*follows: \[([^\]]*)\]/g);
      for (const [, name = '', follows = ''] of definitions) {
        const events = [...follows.matchAll(/'([^']+)'/g)].map(([, event = '']) => event);
        found.push({ name, follows: events, file: relative });
      }
    }
  }
  return found;
}

/** docs/events.md's text. */
export function eventsTable(root: string): string {
  const declared = declaredEvents(root);
  const handlers = handlerFiles(root);
  const rows = [...declared].sort(([a], [b]) => a.localeCompare(b));
  const lines = [
    '# Domain events and their handlers',
    '',
    'Written by `npm run docs:events` from the modules’ `events.ts` declarations and their',
    '`handlers/` files (one handler a file); `scripts/events-table.test.ts` fails when it is out of date.',
    'A handler follows its events in order, each once, in a transaction that also moves its position',
    '(docs/decisions/0013-domain-events-and-bet-time-effects.md). `wallet.*` events are read from the',
    'ledger; the others from the `events` table.',
    '',
  ];
  for (const [event, module] of rows) {
    lines.push(`## \`${event}\``, '', `Declared by ${module}. Followed by:`, '');
    const following = handlers
      .filter((handler) => handler.follows.includes(event))
      .sort((a, b) => a.name.localeCompare(b.name));
    for (const handler of following)
      lines.push(
        `- \`${handler.name}\`: [${handler.file.replace(`${modulesDir}/`, '')}](../${handler.file})`,
      );
    if (following.length === 0) lines.push('- no handler');
    lines.push('');
  }
  lines.pop();
  lines.push('');
  return lines.join('\n');
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const root = fileURLToPath(new URL('..', import.meta.url));
  writeFileSync(path.join(root, 'docs/events.md'), eventsTable(root));
}
