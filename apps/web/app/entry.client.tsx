import { StrictMode, startTransition } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { HydratedRouter } from 'react-router/dom';
import { handleChunkErrors } from './features/pwa/chunk-reload';
import { pageCatalogue } from './i18n/catalogue-store';

/**
 * React Router's own browser entry, with one step first: the page's messages, which the page loads
 * with a script of their own rather than carrying them (i18n/catalogue-store.ts), are in before it
 * hydrates, so the first render in the browser says what the server's did. Chunk errors reload to the
 * page the visitor wanted (features/pwa/chunk-reload.ts, spec §8).
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
if (catalogue) pageCatalogue(catalogue, script).then(hydrate, (error: unknown) => console.error(error));
else hydrate();
