import { createRequestHandler, data, RouterContextProvider, type ServerBuild } from 'react-router';
import { describe, expect, it } from 'vitest';
import { type AppContext, appContext } from '#app-context';
import * as entry from './entry.server';

/**
 * The server entry's handleError as React Router calls it: a page whose loader breaks is handed to
 * the server as a fault (reported when the answer is a 5xx, platform/web.ts); a page refused on
 * purpose, a URL no route matches and an abandoned request are not.
 */
const pages = {
  root: {
    id: 'root',
    path: '',
    module: {
      default: () => (
        <html lang="en">
          <body>page</body>
        </html>
      ),
    },
  },
  broken: {
    id: 'broken',
    parentId: 'root',
    path: 'broken',
    module: {
      loader: () => {
        throw new Error('the lobby could not be read');
      },
      default: () => null,
    },
  },
  refused: {
    id: 'refused',
    parentId: 'root',
    path: 'refused',
    module: {
      loader: () => {
        throw data(null, { status: 404 });
      },
      default: () => null,
    },
  },
};

const build = {
  entry: { module: entry },
  routes: pages,
  assets: {
    entry: { module: '/entry.js', imports: [] },
    routes: Object.fromEntries(
      Object.values(pages).map((page) => [
        page.id,
        {
          id: page.id,
          parentId: 'parentId' in page ? page.parentId : undefined,
          path: page.path,
          module: `/${page.id}.js`,
          hasLoader: 'loader' in page.module,
          hasAction: false,
          hasClientAction: false,
          hasClientLoader: false,
          hasClientMiddleware: false,
          hasErrorBoundary: false,
        },
      ]),
    ),
    url: '/manifest.js',
    version: 'test',
  },
  publicPath: '/',
  assetsBuildDirectory: 'build/client',
  future: {},
  ssr: true,
  isSpaMode: false,
  prerender: [],
  routeDiscovery: { mode: 'initial', manifestPath: '/__manifest' },
  basename: '/',
} as unknown as ServerBuild;

async function render(path: string, signal?: AbortSignal) {
  const faults: unknown[] = [];
  const context = new RouterContextProvider();
  // The two fields the entry reads; the routes here read none.
  const page: Pick<AppContext, 'scriptNonce' | 'reportFault'> = {
    scriptNonce: 'nonce',
    reportFault: (error) => void faults.push(error),
  };
  context.set(appContext, page as AppContext);
  const handle = createRequestHandler(build, 'production');
  const response = await handle(new Request(`http://casino.test${path}`, signal ? { signal } : {}), context);
  return { status: response.status, faults };
}

describe('faults of a page rendered on the server', () => {
  it('hands the server the error a loader threw, once', async () => {
    const { status, faults } = await render('/broken');
    expect(status).toBe(500);
    expect(faults).toHaveLength(1);
    expect((faults[0] as Error).message).toBe('the lobby could not be read');
  });

  it('hands over nothing for a page refused on purpose or a URL no route matches', async () => {
    for (const path of ['/refused', '/no/such/page']) {
      const { status, faults } = await render(path);
      expect(status).toBe(404);
      expect(faults).toEqual([]);
    }
  });

  it('hands over nothing for a request the visitor abandoned', async () => {
    const abandoned = new AbortController();
    abandoned.abort();
    const { faults } = await render('/broken', abandoned.signal);
    expect(faults).toEqual([]);
  });
});
