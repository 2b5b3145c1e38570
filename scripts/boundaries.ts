import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

/**
 * The import rules that keep the code base in one shape (ARCHITECTURE.md, workspace layout):
 * - a server module imports another module only through that module's `public.ts`;
 * - modules depend on each other in one direction: no chain of imports (types included, tests aside)
 *   leads from a module back to itself, so each can be read and tested before those that use it (decision 33);
 * - a module uses a service another plugin decorates the app with (`app.wallet`, `app.clock` …) only
 *   when its own plugin lists that plugin among its dependencies, so the registration order is checked
 *   at start-up and the module's needs can be read in one place; and it declares the types of the services
 *   it decorates the app with (`interface FastifyInstance`) in its `public.ts`, with the rest of what others
 *   may use of it;
 * - a module names only its own tables (`schema.<table>`, or the table in raw SQL): the owner is the module its
 *   schema file is named for (foreignTableUses);
 * - `apps/server/src/platform/` imports no module;
 * - `apps/web` imports no server code;
 * - `apps/games` (the studio) imports no server code and none of the platform's tables;
 * - the server (tests aside) reaches the studio's sessions and tables only through its launch call;
 * - code that runs in a browser (the web app, the game client) imports the contract's root only for
 *   types: its values are zod schemas, whose start-up eval check the CSP refuses and which pages do not
 *   need (decision 17); run-time values come from `@chrysos/contract/client`.
 */
export interface Violation {
  file: string;
  imports: string;
  rule: string;
}

const sourceFile = /\.(ts|tsx|mts)$/;
const skipped = new Set(['node_modules', 'build', 'dist', '.react-router', 'fixtures']);

function* sourceFiles(folder: string): Generator<string> {
  for (const entry of readdirSync(folder)) {
    if (skipped.has(entry)) continue;
    const full = path.join(folder, entry);
    if (statSync(full).isDirectory()) yield* sourceFiles(full);
    else if (sourceFile.test(entry) && !entry.endsWith('.d.ts')) yield full;
  }
}

/** Every import and re-export of a file: its specifier and the names it brings in. */
export function importsOf(text: string): { specifier: string; clause: string }[] {
  const found: { specifier: string; clause: string }[] = [];
  const statement = /(?:^|[;\n])\s*(?:import|export)\s+([^'";]*?)\s*from\s*['"]([^'"]+)['"]/g;
  const bare = /(?:^|[;\n])\s*import\s*['"]([^'"]+)['"]/g;
  const dynamic = /\bimport\(\s*['"]([^'"]+)['"]\s*\)/g;
  for (const match of text.matchAll(statement))
    found.push({ clause: match[1] ?? '', specifier: match[2] ?? '' });
  for (const match of text.matchAll(bare)) found.push({ clause: '', specifier: match[1] ?? '' });
  for (const match of text.matchAll(dynamic)) found.push({ clause: '*', specifier: match[1] ?? '' });
  return found;
}

const browserRule = 'browser code imports the contract only as types (values from @chrysos/contract/client)';
/** Server-only and test files of the browser apps run in Node, where the schemas are welcome. */
const runsInBrowser = (file: string) => !/\.(server|test)\.tsx?$/.test(file);
/** An import of the contract's root (or the wallet protocol's) that brings values, not only types. */
const schemaValues = (specifier: string, clause: string) =>
  (specifier === '@chrysos/contract' || specifier === '@chrysos/wallet-protocol') &&
  !/^type\s/.test(clause.trim());

/** Checks every source file under `root` (the repository) and lists what breaks a rule. */
export function checkBoundaries(root: string): Violation[] {
  const server = path.join(root, 'apps/server/src');
  const modules = path.join(server, 'modules');
  const platform = path.join(server, 'platform');
  const inside = (file: string, folder: string) => file.startsWith(`${folder}${path.sep}`);
  // The module a file belongs to; files directly in modules/ (the ordered list) belong to none.
  const moduleOf = (file: string) => {
    const parts = inside(file, modules) ? path.relative(modules, file).split(path.sep) : [];
    return parts.length > 1 ? (parts[0] ?? null) : null;
  };

  const violations: Violation[] = [];
  // Imports between modules, for the cycle rule: the importing module → the imported → the imports.
  const moduleImports = new Map<string, Map<string, { file: string; imports: string }[]>>();
  const apps = ['apps/server/src', 'apps/web/app', 'apps/games/src'].map((folder) => path.join(root, folder));
  for (const folder of apps) {
    for (const file of sourceFiles(folder)) {
      const text = readFileSync(file, 'utf8');
      for (const { specifier, clause } of importsOf(text)) {
        const target = specifier.startsWith('.') ? path.resolve(path.dirname(file), specifier) : null;
        const report = (rule: string) =>
          violations.push({ file: path.relative(root, file), imports: specifier, rule });
        const toServer =
          specifier === '@chrysos/server' ||
          specifier.startsWith('@chrysos/server/') ||
          (target && inside(target, server));

        if (inside(file, server)) {
          const studioStorage =
            /^@chrysos\/games\/(storage|sessions)(\/|$)/.test(specifier) ||
            (target !== null && inside(target, path.join(root, 'apps/games/src/storage'))) ||
            (target !== null && target === path.join(root, 'apps/games/src/rounds/sessions.ts'));
          if (studioStorage && !/\.test\.tsx?$/.test(file)) {
            report("the server reaches the studio's sessions and tables only through its launch call");
          }
          const from = moduleOf(file);
          const to = target ? moduleOf(target) : null;
          if (target && to && inside(file, platform)) report('platform/ imports no module');
          if (
            target &&
            to &&
            from &&
            to !== from &&
            path.relative(path.join(modules, to), target) !== 'public.ts'
          ) {
            report(`a module imports another only through its public.ts (modules/${to}/public.ts)`);
          }
          if (to && from && to !== from && !/\.test\.tsx?$/.test(file)) {
            const targets = moduleImports.get(from) ?? new Map();
            moduleImports.set(from, targets);
            const uses = targets.get(to) ?? [];
            targets.set(to, uses);
            uses.push({ file: path.relative(root, file), imports: specifier });
          }
        } else if (inside(file, path.join(root, 'apps/web'))) {
          if (toServer) report('apps/web imports no server code');
          if (runsInBrowser(file) && schemaValues(specifier, clause)) report(browserRule);
        } else if (inside(file, path.join(root, 'apps/games'))) {
          if (toServer) report('apps/games imports no server code');
          // The studio keeps its own tables (apps/games/src/storage); of @chrysos/db it may use the
          // database handle and the test databases, never the platform's `schema`, by name or by path.
          const platformTables =
            (specifier === '@chrysos/db' && /(^|[\s{,*])schema\b/.test(clause)) ||
            /^@chrysos\/db\/.*schema/.test(specifier) ||
            (target !== null && inside(target, path.join(root, 'packages/db/src/schema')));
          if (platformTables) report("apps/games imports none of the platform's tables");
          if (inside(file, path.join(root, 'apps/games/src/client')) && runsInBrowser(file)) {
            if (schemaValues(specifier, clause)) report(browserRule);
          }
        }
      }
    }
  }
  violations.push(...undeclaredServices(root, modules));
  for (const cycle of cyclesOf(moduleImports)) {
    const rule = `modules depend on each other in one direction (a cycle: ${cycle.join(', ')})`;
    for (const from of cycle) {
      for (const [to, uses] of moduleImports.get(from) ?? []) {
        if (cycle.includes(to)) for (const use of uses) violations.push({ ...use, rule });
      }
    }
  }
  return violations;
}

/**
 * The groups of modules that import each other, directly or through others (strongly connected
 * components of more than one module, Tarjan's algorithm), each sorted by name.
 */
function cyclesOf(edges: Map<string, Map<string, unknown>>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const cycles: string[][] = [];
  const visit = (module: string) => {
    index.set(module, index.size);
    low.set(module, index.get(module) ?? 0);
    stack.push(module);
    for (const next of edges.get(module)?.keys() ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(module, Math.min(low.get(module) ?? 0, low.get(next) ?? 0));
      } else if (stack.includes(next)) {
        low.set(module, Math.min(low.get(module) ?? 0, index.get(next) ?? 0));
      }
    }
    if (low.get(module) !== index.get(module)) return;
    const group: string[] = [];
    for (let member = stack.pop(); member !== undefined; member = stack.pop()) {
      group.push(member);
      if (member === module) break;
    }
    if (group.length > 1) cycles.push(group.sort());
  };
  for (const module of edges.keys()) if (!index.has(module)) visit(module);
  return cycles;
}

const testFile = /\.test\.tsx?$/;
/** `app.x`, `request.server.x`, `fastify.x`: a use of the service `x` decorated on the app. */
const serviceUse = /\b(?:app|server|instance|fastify)\.(\w+)\b/g;
/** A plugin's name and dependencies, as fastify-plugin is given them. */
const pluginName = /\bname:\s*'([\w-]+)'/g;
const pluginDependencies = /\bdependencies:\s*\[([^\]]*)\]/;

/**
 * Every use of a service by a module whose plugin does not list the plugin that decorates the app with
 * it (read from `app.decorate('x', …)` in the server's files and the name of that file's plugin).
 */
function undeclaredServices(root: string, modules: string): Violation[] {
  const server = path.dirname(modules);
  const owners = new Map<string, string>();
  for (const file of sourceFiles(server)) {
    if (testFile.test(file)) continue;
    const text = readFileSync(file, 'utf8');
    const decorated = [...text.matchAll(/\.decorate\('(\w+)'/g)].map((match) => match[1] ?? '');
    const plugin = [...text.matchAll(pluginName)].at(-1)?.[1];
    if (plugin) for (const service of decorated) owners.set(service, plugin);
  }

  const violations: Violation[] = [];
  for (const module of readdirSync(modules)) {
    const folder = path.join(modules, module);
    if (!statSync(folder).isDirectory()) continue;
    const index = path.join(folder, 'index.ts');
    const plugin = statSync(index, { throwIfNoEntry: false }) ? readFileSync(index, 'utf8') : '';
    const name = [...plugin.matchAll(pluginName)].at(-1)?.[1];
    const listed = new Set(
      [...(pluginDependencies.exec(plugin)?.[1] ?? '').matchAll(/'([\w-]+)'/g)].map((match) => match[1]),
    );
    for (const file of sourceFiles(folder)) {
      if (testFile.test(file)) continue;
      const text = readFileSync(file, 'utf8');
      const used = new Set([...text.matchAll(serviceUse)].map((match) => match[1] ?? ''));
      if (/\binterface FastifyInstance\b/.test(text) && path.basename(file) !== 'public.ts') {
        violations.push({
          file: path.relative(root, file),
          imports: 'FastifyInstance',
          rule: `a module declares the types of its services in its public.ts (modules/${module}/public.ts)`,
        });
      }
      for (const service of used) {
        const owner = owners.get(service);
        if (!owner || owner === name || listed.has(owner)) continue;
        violations.push({
          file: path.relative(root, file),
          imports: `app.${service}`,
          rule: `a module uses another plugin's service only as a dependency of its plugin ('${owner}')`,
        });
      }
    }
  }
  return violations;
}

/**
 * The text of every sql`…` template of a file (sql<T>`…` too), each `${…}` left out: braces are counted
 * to find its end, which holds while those inside it pair up, as in any expression that parses.
 */
export function sqlTemplates(text: string): string[] {
  const found: string[] = [];
  for (const start of text.matchAll(/\bsql(?:<[^>`]*>)?`/g)) {
    let at = (start.index ?? 0) + start[0].length;
    let body = '';
    while (at < text.length && text[at] !== '`') {
      if (text.startsWith('${', at)) {
        let depth = 1;
        at += 2;
        while (at < text.length && depth > 0) {
          if (text[at] === '{') depth++;
          else if (text[at] === '}') depth--;
          at++;
        }
        body += ' ';
      } else {
        body += text[at];
        at++;
      }
    }
    found.push(body);
  }
  return found;
}

/** A table, by its name in `schema` and in SQL, and the module whose schema file declares it. */
interface OwnedTable {
  name: string;
  sqlName: string;
  owner: string;
}

/**
 * Every table of packages/db/src/schema and its owner: the module its file is named for
 * (`compliance-limits.ts` is compliance's); `events.ts` and `platform.ts` are the platform's.
 */
export function tableOwners(root: string): OwnedTable[] {
  const folder = path.join(root, 'packages/db/src/schema');
  const tables: OwnedTable[] = [];
  for (const file of readdirSync(folder).filter((name) => name.endsWith('.ts') && name !== 'index.ts')) {
    const base = path.basename(file, '.ts').split('-')[0] ?? '';
    const owner = base === 'events' ? 'platform' : base;
    const text = readFileSync(path.join(folder, file), 'utf8');
    for (const match of text.matchAll(/export const (\w+) = pgTable\(\s*'(\w+)'/g))
      tables.push({ name: match[1] ?? '', sqlName: match[2] ?? '', owner });
  }
  return tables;
}

/**
 * Where a module names a table another module (or the platform) owns: `schema.<table>` in its code or
 * the table's name after FROM, JOIN, INTO or UPDATE in a sql`…` template; one entry per file and table, tests
 * aside. boundaries.test.ts holds the repository to none.
 */
export function foreignTableUses(root: string): Violation[] {
  const modules = path.join(root, 'apps/server/src/modules');
  const tables = tableOwners(root);
  const byName = new Map(tables.map((table) => [table.name, table]));
  const bySqlName = new Map(tables.map((table) => [table.sqlName, table]));
  const uses: Violation[] = [];
  for (const module of readdirSync(modules).sort()) {
    const folder = path.join(modules, module);
    if (!statSync(folder).isDirectory()) continue;
    for (const file of sourceFiles(folder)) {
      if (testFile.test(file)) continue;
      const text = readFileSync(file, 'utf8');
      const named = new Set<OwnedTable>();
      for (const match of text.matchAll(/\bschema\.(\w+)\b/g)) {
        const table = byName.get(match[1] ?? '');
        if (table) named.add(table);
      }
      // `const { emails } = schema;` names the table as surely as `schema.emails`.
      for (const match of text.matchAll(/\{([^{}]*)\}\s*=\s*schema\b/g)) {
        for (const name of (match[1] ?? '').split(',')) {
          const table = byName.get(name.split(':')[0]?.trim() ?? '');
          if (table) named.add(table);
        }
      }
      const rawSql = sqlTemplates(text).join('\n');
      for (const match of rawSql.matchAll(/\b(?:from|join|into|update)\s+"?(\w+)"?/gi)) {
        const table = bySqlName.get(match[1] ?? '');
        if (table) named.add(table);
      }
      for (const table of named) {
        if (table.owner === module) continue;
        uses.push({
          file: path.relative(root, file),
          imports: table.sqlName,
          rule: `a module names only its own tables (${table.sqlName} is ${table.owner}'s)`,
        });
      }
    }
  }
  return uses;
}
