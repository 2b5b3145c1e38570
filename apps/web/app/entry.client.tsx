import { StrictMode, startTransition } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { HydratedRouter } from 'react-router/dom';
import { loadCatalogue } from './i18n/catalogue-store';

/**
 * React Router's own browser entry, with one step first: the page's messages, which the page names
 * in a preload link rather than carrying them (i18n/catalogue-store.ts), are loaded before hydrating,
 * so the first render in the browser says what the server's did.
 */
function hydrate() {
  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <HydratedRouter />
      </StrictMode>,
    );
  });
}

const catalogue = document.querySelector('meta[name="chrysos-messages"]')?.getAttribute('content');
if (catalogue) loadCatalogue(catalogue).then(hydrate, (error: unknown) => console.error(error));
else hydrate();
