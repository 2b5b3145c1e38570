import { StrictMode, startTransition } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { HydratedRouter } from 'react-router/dom';
import { preloadPlayerHeader } from './features/chrome/Header';
import { handleChunkErrors } from './features/pwa/chunk-reload';
import { pageCatalogue } from './i18n/catalogue-store';

/**
 * React Router's own browser entry, with one step first: the page's messages, which the page loads
 * with a script of their own rather than carrying them (i18n/catalogue-store.ts), and a player's
 * header parts are in before it hydrates, so the first render in the browser says what the server's
 * did. Chunk errors reload to the page the visitor wanted (features/pwa/chunk-reload.ts, spec §8).
 */
function hydrate() {
  handleChunkErrors(window);
  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <HydratedRouter />
      </StrictMode>,
    );
  });
}

const script = document.querySelector<HTMLScriptElement>('script[data-catalogue]');
const catalogue = script?.dataset.catalogue;
// A player's header parts the server rendered, in before hydrating (lib/preloadable-lazy.ts).
const header = document.querySelector('.header--player') ? preloadPlayerHeader() : null;
Promise.all([catalogue ? pageCatalogue(catalogue, script) : null, header]).then(hydrate, (error: unknown) =>
  console.error(error),
);
