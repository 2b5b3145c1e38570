import { Writable } from 'node:stream';
import { renderToPipeableStream } from 'react-dom/server';
import {
  type EntryContext,
  type HandleErrorFunction,
  isRouteErrorResponse,
  type RouterContextProvider,
  ServerRouter,
} from 'react-router';
import { appContext } from '#app-context';
import { ScriptNonce } from './lib/script-nonce';

export const streamTimeout = 5_000;

/**
 * React Router's own Node entry, with one addition: the page's Content-Security-Policy nonce (set by
 * the server for this answer) goes to `<ServerRouter>`, which puts it on every script `<Scripts>`,
 * `<ScrollRestoration>` and the streamed loader data write, and to React for its own inline scripts.
 */
export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  // https://httpwg.org/specs/rfc9110.html#HEAD
  if (request.method.toUpperCase() === 'HEAD') {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }
  const nonce = loadContext.get(appContext).scriptNonce;

  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    // The whole page is sent at once, to people as to bots: the page's data is loaded before rendering, so
    // the only boundaries left to stream are code-split parts (the account selector and menu, the email
    // confirmation bar) whose late arrival moved the header and the page after the first paint.
    const readyOption = 'onAllReady' as const;
    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(
      () => abort(),
      streamTimeout + 1000,
    );

    const { pipe, abort } = renderToPipeableStream(
      <ScriptNonce.Provider value={nonce}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </ScriptNonce.Provider>,
      {
        nonce,
        // React outlines a finished boundary larger than this (12.8 KB by default: the account selector's
        // and menu's, with their icons) behind its fallback and swaps it in with a script later in the
        // document, so the header painted without them and moved. The page is sent whole: nothing to
        // outline.
        progressiveChunkSize: Number.POSITIVE_INFINITY,
        [readyOption]() {
          shellRendered = true;
          // Everything is ready, so React writes the page at once in a few dozen small views. They
          // are gathered into one answer: each chunk would otherwise cross the web stream, the
          // adapter's stream and the compressor on its own (a tenth of a page's CPU, decision 42).
          const chunks: Uint8Array[] = [];
          const page = new Writable({
            write(chunk: Uint8Array, _encoding, callback) {
              chunks.push(chunk);
              callback();
            },
            final(callback) {
              clearTimeout(timeoutId);
              timeoutId = undefined;
              resolve(
                new Response(Buffer.concat(chunks), { headers: responseHeaders, status: responseStatusCode }),
              );
              callback();
            },
          });
          responseHeaders.set('Content-Type', 'text/html');
          pipe(page);
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          // Errors before the shell reach handleError through React Router; later ones only here.
          if (shellRendered) {
            console.error(error);
            loadContext.get(appContext).reportFault(error);
          }
        },
      },
    );
  });
}

/**
 * What React Router caught on the server: a loader's or action's exception, or a render's. Logged as
 * React Router's default does, and handed to the server, which reports it as a fault of ours when the
 * page answered a 5xx (platform/web.ts). A request the visitor abandoned is no fault; `data()` thrown on
 * purpose (a 404, a 403) never comes here, and React Router's own 404 for an unknown URL is the caller's.
 */
export const handleError: HandleErrorFunction = (error, { request, context }) => {
  if (request.signal.aborted) return;
  if (isRouteErrorResponse(error) && error.status < 500) return;
  console.error(error);
  (context as RouterContextProvider).get(appContext).reportFault(error);
};
