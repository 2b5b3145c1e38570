import { Outlet } from 'react-router';
import { ErrorScreen } from '../components/ErrorScreen';
import { Header } from '../components/Header';
import { errorMeta } from '../content/meta';
import { useChrome } from '../routes/locale';
import type { Route } from './+types/fullscreen';

export const meta: Route.MetaFunction = (args) => (args.error ? errorMeta(args) : []);

/** Landing and download pages: the header, then the page edge to edge, no footer. */
export default function FullscreenLayout() {
  const chrome = useChrome();
  return (
    <div className="page page--fullscreen">
      {chrome ? <Header chrome={chrome} contentLinks={false} /> : null}
      <main className="page__full" id="main">
        <Outlet />
      </main>
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ErrorScreen error={error} />;
}
