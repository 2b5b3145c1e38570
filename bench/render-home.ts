import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { buildApp } from '@chrysos/server/app';
import { parseConfig } from '@chrysos/server/config';
import { createElement } from 'react';
import { renderToPipeableStream, renderToString } from 'react-dom/server';
import { type EntryContext, type ServerBuild, ServerRouter } from 'react-router';

/**
 * React alone: the home page's tree rendered again and again from the data one real request loaded,
 * with no request pipeline, loaders, compression or socket. The product serves the built web app in
 * this process (embedded PGlite, seeded as `npm start` seeds it); the first GET / is caught where React
 * Router hands it to the web app's entry (its `EntryContext`, the loaders' data included), and that
 * same context is rendered, one render after the other, for `seconds`. Renders per second, p50 and p99
 * of one render are what the SSR rows of bench/http.ts compare against.
 */
interface RenderFigures {
  name: string;
  requestsPerSecond: number;
  p50: number;
  p99: number;
  bytesPerRequest: number;
}

const serverBuildPath = fileURLToPath(new URL('../apps/web/build/server/index.js', import.meta.url));

interface CaughtRender {
  context: EntryContext;
  url: string;
  nonce: string | undefined;
  /** The loaders' data as React Router encoded it for the browser; a render reads it from a stream. */
  handoff: Uint8Array[];
}

async function readAll(stream: ReadableStream<Uint8Array>) {
  const chunks: Uint8Array[] = [];
  for await (const chunk of stream) chunks.push(chunk);
  return chunks;
}

const streamOf = (chunks: Uint8Array[]) =>
  new ReadableStream<Uint8Array>({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(chunk);
      controller.close();
    },
  });

/** Loads the product with the web build and catches the entry context of one anonymous GET `page`. */
async function catchHomeRender(page: string, cookie: string) {
  // The adapter imports the build by this same URL, so it sees the wrapped entry.
  const build = (await import(pathToFileURL(serverBuildPath).href)) as ServerBuild;
  const entry = build.entry as { module: ServerBuild['entry']['module'] };
  const original = entry.module;
  let caught: Promise<CaughtRender> | undefined;
  entry.module = {
    ...original,
    default: (request, status, headers, context, loadContext) => {
      if (!caught && context.serverHandoffStream) {
        const nonce = headers.get('content-security-policy')?.match(/'nonce-([^']+)'/)?.[1];
        const [forPage, forBench] = context.serverHandoffStream.tee();
        context.serverHandoffStream = forPage;
        caught = readAll(forBench).then((handoff) => ({ context, url: request.url, nonce, handoff }));
      }
      return original.default(request, status, headers, context, loadContext);
    },
  };
  const dataDir = await mkdtemp(path.join(tmpdir(), 'chrysos-render-'));
  const app = await buildApp({
    config: parseConfig({
      NODE_ENV: 'production',
      PUBLIC_URL: 'http://127.0.0.1:3000',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      RENDER_CACHE_SECONDS: '0',
    }),
  });
  try {
    const response = await app.inject({ method: 'GET', url: page, headers: { cookie } });
    if (response.statusCode !== 200 || !caught)
      throw new Error(`GET ${page} answered ${response.statusCode}`);
    return await caught;
  } finally {
    entry.module = original;
    await app.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}

function percentile(sorted: number[], fraction: number) {
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * fraction))] ?? 0;
}

async function timeRenders(
  name: string,
  seconds: number,
  render: () => Promise<number>,
): Promise<RenderFigures> {
  // Warm-up, as the HTTP rows have: the JIT in the state a running server is in.
  for (const end = performance.now() + 1_000; performance.now() < end; ) await render();
  const times: number[] = [];
  let bytes = 0;
  const start = performance.now();
  while (performance.now() - start < seconds * 1000) {
    const before = performance.now();
    bytes += await render();
    times.push(performance.now() - before);
  }
  const elapsed = (performance.now() - start) / 1000;
  times.sort((a, b) => a - b);
  return {
    name,
    requestsPerSecond: times.length / elapsed,
    p50: Math.round(percentile(times, 0.5) * 10) / 10,
    p99: Math.round(percentile(times, 0.99) * 10) / 10,
    bytesPerRequest: bytes / times.length,
  };
}

/**
 * Renders the same tree to one string (React's synchronous renderer leaves out the streamed data
 * transfer, which waits on a Suspense boundary) and as the product's entry does it: a stream, read to
 * its end once all of it is ready.
 */
async function measureHomeRender(seconds: number, page = '/', cookie = 'i18n_redirected=en') {
  const caught = await catchHomeRender(page, cookie);
  // A render reads the data from its own stream, as each request's render does.
  const tree = () =>
    createElement(ServerRouter, {
      context: { ...caught.context, serverHandoffStream: streamOf(caught.handoff) },
      url: caught.url,
      nonce: caught.nonce,
    });
  const asString = await timeRenders(
    `renderToString of the home tree with its data (${page})`,
    seconds,
    async () => Buffer.byteLength(renderToString(tree())),
  );
  const asStream = await timeRenders(
    `renderToPipeableStream of the same tree, read to its end`,
    seconds,
    () =>
      new Promise<number>((resolve, reject) => {
        let bytes = 0;
        const sink = new Writable({
          write(chunk: Buffer, _encoding, next) {
            bytes += chunk.length;
            next();
          },
          final(next) {
            next();
            resolve(bytes);
          },
        });
        const { pipe } = renderToPipeableStream(tree(), {
          nonce: caught.nonce,
          onAllReady: () => pipe(sink),
          onShellError: reject,
        });
      }),
  );
  return [asString, asStream];
}

// Run as its own process (bench/http.ts starts it with NODE_ENV=production, as the server runs): prints
// the figures as JSON.
const seconds = Number(process.argv[2] ?? 10);
process.stdout.write(`${JSON.stringify(await measureHomeRender(seconds))}\n`);
