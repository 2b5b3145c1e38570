import { localizePath } from '@chrysos/rules';
import { Link } from 'react-router';
import { useTranslation } from '../../lib/i18n';
import { usePlayerSession } from '../player/player-session';
import { athensDay, athensTime } from './api';
import { prizeText, useMoney } from './money';

/** The page's rule (content/{en,el}/lottery): at most 50 tickets a week. */
const maxTicketsPerWeek = 50;

import { usePlayerLottery } from './use-lottery';

/** /profile/lottery: the player's tickets for Sunday's draw (live as deposits add them) and past draws. */
export function LotteryTickets() {
  const { t, locale } = useTranslation();
  const money = useMoney(locale);
  const session = usePlayerSession();
  const { state, reload } = usePlayerLottery(session.status === 'loggedIn' ? session.id : null);

  return (
    <section className="lottery-tickets" data-lottery-tickets>
      <h2>{t('lottery.profile.title')}</h2>
      <p>{t('lottery.profile.lead')}</p>
      {state.status === 'loading' ? <p>{t('lottery.loading')}</p> : null}
      {state.status === 'failed' ? (
        <p role="alert">
          {t('lottery.failed')}{' '}
          <button type="button" className="button" onClick={reload}>
            {t('lottery.retry')}
          </button>
        </p>
      ) : null}
      {state.status === 'ready' ? (
        <>
          <div className="card" data-draw={state.data.current.draw_id}>
            <h3>{t('lottery.current.closes', { date: athensTime(state.data.current.draw_at, locale) })}</h3>
            {state.data.current.tickets.length === 0 ? (
              <p>{t('lottery.yours.none')}</p>
            ) : (
              <>
                <p data-lottery-count={state.data.current.tickets.length}>
                  {t('lottery.yours.count', {
                    count: state.data.current.tickets.length,
                    max: maxTicketsPerWeek,
                  })}
                </p>
                <ul className="lottery-tickets__numbers">
                  {state.data.current.tickets.map((number) => (
                    <li key={number} data-ticket={number}>
                      {number}
                    </li>
                  ))}
                </ul>
              </>
            )}
            <p>
              {t('lottery.yours.deposited', {
                amount: money(state.data.current.deposited_euro_cents, 'EUR'),
              })}
            </p>
            <p>
              {state.data.current.next_ticket_euro_cents > 0
                ? t('lottery.yours.next', { amount: money(state.data.current.next_ticket_euro_cents, 'EUR') })
                : t('lottery.yours.full')}
            </p>
          </div>
          <h3>{t('lottery.profile.history')}</h3>
          {state.data.history.length === 0 ? <p>{t('lottery.profile.noHistory')}</p> : null}
          <ul className="lottery-tickets__history">
            {state.data.history.map((draw) => (
              <li
                key={draw.draw_id}
                data-history-draw={draw.draw_id}
                data-prize-place={draw.prize?.place ?? ''}
              >
                <strong>{t('lottery.profile.drawOf', { date: athensDay(draw.draw_at, locale) })}</strong>{' '}
                {t('lottery.profile.ticketCount', { count: draw.tickets })} —{' '}
                {draw.prize
                  ? t('lottery.profile.won', {
                      place: draw.prize.place,
                      prize: prizeText(draw.prize, t, money),
                    })
                  : draw.drawn_at
                    ? t('lottery.profile.noWin')
                    : t('lottery.profile.pending')}
              </li>
            ))}
          </ul>
          <Link to={localizePath('/lottery', locale)}>{t('lottery.profile.rules')}</Link>
        </>
      ) : null}
    </section>
  );
}
