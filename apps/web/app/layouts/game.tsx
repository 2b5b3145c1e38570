import { Outlet } from 'react-router';
import { ErrorScreen } from '../features/chrome/ErrorScreen';
import { Header } from '../features/chrome/Header';
import { errorMeta } from '../features/content/meta';
import { GameBar } from '../features/games/GameBar';
import { useChrome } from '../lib/route-data';
import type { Route } from './+types/game';

export const meta: Route.MetaFunction = (args) => (args.error ? errorMeta(args) : []);

function Frame({ children }: { children: React.ReactNode }) {
  const chrome = useChrome();
  return (
    <div className="page page--game">
      {chrome ? <Header chrome={chrome} contentLinks={false} /> : null}
      <main className="page__game" id="main">
        {children}
      </main>
    </div>
  );
}

/**
 * The game layout: a header without content links, and the game page, whose bar leads back to the page
 * the player came from (app/features/games/GameBar.tsx).
 */
export default function GameLayout() {
  return (
    <Frame>
      <Outlet />
    </Frame>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return (
    <Frame>
      <GameBar />
      <ErrorScreen error={error} />
    </Frame>
  );
}
