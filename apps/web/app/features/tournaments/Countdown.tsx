import type { Tournament } from '@chrysos/contract';
import { useEffect, useState } from 'react';
import { useTranslation } from '../../lib/i18n';

/** Days, hours and minutes between now and `to`, never below zero. */
function remaining(to: string, now: number) {
  const minutes = Math.max(0, Math.floor((Date.parse(to) - now) / 60_000));
  return {
    days: Math.floor(minutes / 1440),
    hours: Math.floor((minutes % 1440) / 60),
    minutes: minutes % 60,
  };
}

/**
 * "Ends in 3 d 4 h 10 min" for an active tournament, "Starts in …" for an upcoming one, the end date of a
 * finished one; moved on every minute. The server's rendering may be a minute off the browser's.
 */
export function Countdown({ tournament }: { tournament: Tournament }) {
  const { t, locale } = useTranslation();
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 30_000);
    return () => clearInterval(timer);
  }, []);
  if (tournament.state === 'finished' || tournament.state === 'archived') {
    const date = new Intl.DateTimeFormat(locale === 'el' ? 'el-GR' : 'en-GB', { dateStyle: 'long' }).format(
      new Date(tournament.end_at),
    );
    return <span className="tournament-countdown">{t('tournaments.ended', { date })}</span>;
  }
  const key = tournament.state === 'active' ? 'tournaments.endsIn' : 'tournaments.startsIn';
  const time = t(
    'tournaments.countdown',
    remaining(tournament.state === 'active' ? tournament.end_at : tournament.start_at, now),
  );
  return (
    <span className="tournament-countdown" suppressHydrationWarning>
      {t(key, { time })}
    </span>
  );
}
