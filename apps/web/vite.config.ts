import { fileURLToPath } from 'node:url';
import { fastifyReactRouterDev } from '@mcansh/react-router-fastify/vite';
import { reactRouter } from '@react-router/dev/vite';
import { defineConfig } from 'vite';

const appFile = (file: string) => fileURLToPath(new URL(`./app/${file}`, import.meta.url));

/**
 * Chunks of a first load, each with the route modules whose static imports it holds: the frame every
 * casino page renders (root, locale route, default layout: header, footer), React and React Router
 * included; the home page's parts (jackpot ticker, winners strip, pictures); the games lobby's (game
 * rows and cards, filters). A module goes to the first chunk that reaches it.
 */
const firstLoadChunks = [
  { name: 'shell', routes: ['root.tsx', 'routes/locale.tsx', 'layouts/default.tsx'].map(appFile) },
  { name: 'home-parts', routes: [appFile('routes/home.tsx')] },
  { name: 'lobby-parts', routes: [appFile('routes/games.tsx')] },
];
const routeFiles = firstLoadChunks.flatMap((chunk) => chunk.routes);

interface ChunkingContext {
  getModuleInfo(id: string): { importedIds: readonly string[] } | null;
}

let chunkOfModule: Map<string, string> | undefined;

/**
 * Left to itself the bundler gives every set of routes and lazy modules that share a module a chunk
 * of its own: the first load of `/` was 43 scripts, most under 1 KB, each a request that costs a
 * round trip on a phone (issue 20). Here what the frame imports goes in one `shell` chunk and what
 * the home page adds in one more; route modules stay chunks of their own (the router loads them by
 * route), and what only lazy modules (modal bodies) or other pages use stays out of both.
 */
function firstLoadChunk(id: string, context: ChunkingContext): string | undefined {
  if (!chunkOfModule) {
    const found = new Map<string, string>();
    for (const { name, routes } of firstLoadChunks) {
      const pending = [...routes];
      for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
        for (const imported of context.getModuleInfo(next)?.importedIds ?? []) {
          if (found.has(imported) || routeFiles.includes(imported)) continue;
          found.set(imported, name);
          pending.push(imported);
        }
      }
    }
    chunkOfModule = found;
  }
  return chunkOfModule.get(id);
}

/** A group per first-load chunk, the shell's first: a group takes its modules' imports along. */
const firstLoadGroups = firstLoadChunks.map(({ name }, index) => ({
  name: (id: string, context: ChunkingContext) => (firstLoadChunk(id, context) === name ? name : null),
  priority: firstLoadChunks.length - index,
}));

export default defineConfig({
  plugins: [
    reactRouter(),
    // `npm run dev` serves through the real Fastify app; in the SSR build `#app-context` stays an
    // import, so the server and the route modules share one context token.
    fastifyReactRouterDev({ entry: '../server/src/dev.ts', externalizeServerEntryImports: ['#app-context'] }),
  ],
  environments: {
    client: {
      build: {
        rolldownOptions: {
          output: {
            // React Router's own naming, which an `output` given here replaces.
            entryFileNames: 'assets/[name]-[hash].js',
            codeSplitting: {
              groups: [
                // The phone-number data (libphonenumber) of the account forms: the frame reaches it
                // through the `@chrysos/rules` index only, and a group takes what its modules import.
                {
                  name: 'phone',
                  test: /libphonenumber-js|rules[\\/]src[\\/]phone/,
                  priority: firstLoadChunks.length + 1,
                },
                ...firstLoadGroups,
              ],
            },
          },
        },
      },
    },
  },
});
