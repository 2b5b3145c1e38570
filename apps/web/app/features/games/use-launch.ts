import type { Game } from '@chrysos/contract';
import { useEffect, useState } from 'react';
import { useTranslation } from '../../lib/i18n';
import { fetchLaunchOptions } from './games-api';
import type { GamesErrorCode } from './games-content.server';

/** How a game is played: for fun, or for real money (`?mode=real`). */
export type Mode = 'demo' | 'real';

export type Launch =
  | { status: 'loading' }
  | { status: 'ready'; url: string; mode: Mode }
  | { status: 'signIn' }
  | { status: 'error'; code: Exclude<GamesErrorCode, 'login_required'> };

/** What a launch options status means for the player. */
function launchProblem(status: number, code?: string): Launch {
  if (status === 401 || status === 422) return { status: 'signIn' };
  // A break or self-exclusion not yet lifted (issue 17): play waits for the player to lift it.
  if (code === 'compliance.play_closed') return { status: 'error', code: 'play_closed' };
  if (status === 403) return { status: 'error', code: 'restricted' };
  if (status === 404) return { status: 'error', code: 'not_found' };
  return { status: 'error', code: 'unavailable' };
}

/**
 * The game's launch options for the mode asked, again when the player signs in or asks to retry;
 * `freespins` names the player's free spins to play in the real-money session (issue 16).
 */
export function useLaunch(
  game: Game,
  mode: Mode,
  loggedIn: boolean,
  attempt: number,
  freespins: string | null = null,
): Launch {
  const { locale } = useTranslation();
  const [launch, setLaunch] = useState<Launch>({ status: 'loading' });
  const { provider, seo_title: seoTitle } = game;
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new attempt number starts the game again
  useEffect(() => {
    if (mode === 'real' && !loggedIn) {
      setLaunch({ status: 'signIn' });
      return;
    }
    const controller = new AbortController();
    setLaunch({ status: 'loading' });
    fetchLaunchOptions({ provider, seo_title: seoTitle }, mode, locale, controller.signal, freespins).then(
      (answer) => {
        if (controller.signal.aborted) return;
        setLaunch(
          answer.ok
            ? { status: 'ready', url: answer.options.game_url, mode }
            : launchProblem(answer.status, answer.code),
        );
      },
      () => {
        if (!controller.signal.aborted) setLaunch({ status: 'error', code: 'unavailable' });
      },
    );
    return () => controller.abort();
  }, [provider, seoTitle, mode, loggedIn, locale, attempt, freespins]);
  return launch;
}
