import { endpoints } from '@chrysos/contract/client';
import { localizePath } from '@chrysos/rules';
import { useEffect, useState } from 'react';
import { api } from '../../../lib/api';
import { problemsOf } from '../../../lib/api-errors';
import { useTranslation } from '../../../lib/i18n';
import '../../../styles/limits.css';

const minuteMs = 60_000;

/**
 * The session-time limit as the player lives it (issue 17): while signed in, when the session has run
 * for the limit the server ends it; this notices (the limits answer is refused with
 * compliance.session_limit and the limit's minutes) and says why, with a way to sign in again, instead
 * of a silent sign-out. Nothing without a session limit.
 */
export function SessionLimitWatch() {
  const [ended, setEnded] = useState<number | null>(null);

  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    let live = true;
    const check = async () => {
      const answer = await api(endpoints.limits.list, {}).catch(() => null);
      if (!live) return;
      if (!answer?.ok) {
        // Only the server's refusal says the session ended at the limit (and which limit): a sign-out
        // in another tab or a network away is not that.
        const [problem] = problemsOf(answer);
        if (problem?.code === 'compliance.session_limit') {
          setEnded(Number(problem.params.minutes));
          return;
        }
        // Signed out: nothing left to watch. A network away, a busy or failing server: look again in a
        // minute, or a single lost answer would end the watch for the rest of the session.
        if (answer?.status === 401) return;
        timer = setTimeout(() => void check(), minuteMs);
        return;
      }
      const session = answer.body.limits.find((limit) => limit.kind === 'session');
      // Look again just after the limit is reached, and at least every 5 minutes, should one be set or
      // changed meanwhile (on the limits page, or in another tab).
      const wait = session ? Math.min(session.remaining * minuteMs + 2_000, 5 * minuteMs) : 5 * minuteMs;
      timer = setTimeout(() => void check(), Math.max(wait, 2_000));
    };
    void check();
    return () => {
      live = false;
      if (timer) clearTimeout(timer);
    };
  }, []);

  if (ended === null) return null;
  return <SessionLimitEnded minutes={ended} />;
}

/** Why the session ended (the limit's minutes), with a way to sign in again. */
export function SessionLimitEnded({ minutes }: { minutes: number }) {
  const { t, locale } = useTranslation();
  return (
    <div className="notice notice--error session-limit-ended" role="alert" data-session-limit-ended>
      <p>{t('limits.sessionEnded', { minutes })}</p>
      <a className="button button--primary" href={localizePath('/users/sign_in', locale)}>
        {t('header.signIn')}
      </a>
    </div>
  );
}
