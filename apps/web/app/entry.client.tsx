import { StrictMode, startTransition } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { HydratedRouter } from 'react-router/dom';
import { loadPlayerControls } from './features/chrome/player-controls';
import { pageCatalogue } from './i18n/catalogue-store';

/**
 * React Router's own browser entry, with one step first: what the server drew must be in before the page
 * hydrates, so the first render in the browser says what the server's did. The page's messages, which it
 * loads with a script of their own rather than carrying them (i18n/catalogue-store.ts); and on a player's
 * page, the header's player controls, which are loaded apart (features/chrome/player-controls.ts).
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

const script = document.querySelector<HTMLScriptElement>('script[data-catalogue]');
const catalogue = script?.dataset.catalogue;
Promise.all([
  catalogue ? pageCatalogue(catalogue, script) : undefined,
  document.querySelector('header.header--player') ? loadPlayerControls() : undefined,
]).then(hydrate, (error: unknown) => console.error(error));
