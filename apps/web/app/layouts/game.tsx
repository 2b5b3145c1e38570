import { localizePath } from '@chrysos/rules';
import { Link, Outlet } from 'react-router';
import { ErrorScreen } from '../components/ErrorScreen';
import { useGameBackPath } from '../components/game-back-path';
import { Header } from '../components/Header';
import { errorMeta } from '../content/meta';
import { useTranslation } from '../i18n/i18n';
import { useChrome } from '../routes/locale';
import type { Route } from './+types/game';

export const meta: Route.MetaFunction = (args) => (args.error ? errorMeta(args) : []);

/** The game layout: a header without content links and a way back to the page the player came from. */
export default function GameLayout() {
  const chrome = useChrome();
  const { t } = useTranslation();
  const back = useGameBackPath();
  return (
    <div className="page page--game">
      {chrome ? <Header chrome={chrome} contentLinks={false} /> : null}
      <div className="game-bar">
        <Link
          className="button button--ghost"
          to={back ?? localizePath('/games/all', chrome?.locale ?? 'en')}
        >
          ← {t('game.back')}
        </Link>
      </div>
      <main className="page__game" id="main">
        <Outlet />
      </main>
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ErrorScreen error={error} />;
}
