import { localizePath } from '@chrysos/rules';
import { useEffect, useState } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { fetchLimits } from './api';

const minuteMs = 60_000;

/**
 * The session-time limit as the player lives it (issue 17): while signed in, when the session has run
 * for the limit the server ends it; this notices (the limits answer no longer comes) and says why, with
 * a way to sign in again, instead of a silent sign-out. Nothing without a session limit.
 */
export function SessionLimitWatch() {
  const { t, locale } = useTranslation();
  const [ended, setEnded] = useState<number | null>(null);

  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    let live = true;
    let minutes = 0;
    const check = async () => {
      const limits = await fetchLimits();
      if (!live) return;
      const session = limits?.limits.find((limit) => limit.kind === 'session');
      if (!limits) {
        // No answer: the session has ended (or the network is away); only a known limit says why.
        if (minutes > 0) setEnded(minutes);
        return;
      }
      if (!session) return;
      minutes = session.amount;
      // Look again just after the limit is reached (and at least every 5 minutes, should it change).
      const wait = Math.min(session.remaining * minuteMs + 2_000, 5 * minuteMs);
      timer = setTimeout(() => void check(), Math.max(wait, 2_000));
    };
    void check();
    return () => {
      live = false;
      if (timer) clearTimeout(timer);
    };
  }, []);

  if (ended === null) return null;
  return (
    <div className="notice notice--error session-limit-ended" role="alert" data-session-limit-ended>
      <p>{t('limits.sessionEnded', { minutes: ended })}</p>
      <a className="button button--primary" href={localizePath('/users/sign_in', locale)}>
        {t('header.signIn')}
      </a>
    </div>
  );
}
