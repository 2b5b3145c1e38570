import { localizePath } from '@chrysos/rules';
import { Link } from 'react-router';
import { useTranslation } from '../../lib/i18n';
import { useWallet } from '../cashier/WalletProvider';
import { athensDay, athensTime, type PlayerLottery } from './api';
import { useLotteryPushes } from './lottery-pushes';
import { prizeText } from './money';

/** The page's rule (content/{en,el}/lottery): at most 50 tickets a week. */
const maxTicketsPerWeek = 50;

/**
 * /profile/lottery: the player's tickets for Sunday's draw and past draws as the route's loader read them
 * (null when they could not be), read again as deposits add tickets.
 */
export function LotteryTickets({ lottery }: { lottery: PlayerLottery | null }) {
  const { t, locale } = useTranslation();
  const { money } = useWallet();
  const reload = useLotteryPushes();

  return (
    <section className="lottery-tickets" data-lottery-tickets>
      <h2>{t('lottery.profile.title')}</h2>
      <p>{t('lottery.profile.lead')}</p>
      {!lottery ? (
        <p role="alert">
          {t('lottery.failed')}{' '}
          <button type="button" className="button" onClick={() => void reload()}>
            {t('lottery.retry')}
          </button>
        </p>
      ) : null}
      {lottery ? (
        <>
          <div className="card" data-draw={lottery.current.draw_id}>
            <h3>{t('lottery.current.closes', { date: athensTime(lottery.current.draw_at, locale) })}</h3>
            {lottery.current.tickets.length === 0 ? (
              <p>{t('lottery.yours.none')}</p>
            ) : (
              <>
                <p data-lottery-count={lottery.current.tickets.length}>
                  {t('lottery.yours.count', {
                    count: lottery.current.tickets.length,
                    max: maxTicketsPerWeek,
                  })}
                </p>
                <ul className="lottery-tickets__numbers">
                  {lottery.current.tickets.map((number) => (
                    <li key={number} data-ticket={number}>
                      {number}
                    </li>
                  ))}
                </ul>
              </>
            )}
            <p>
              {t('lottery.yours.deposited', {
                amount: money(lottery.current.deposited_euro_cents, 'EUR'),
              })}
            </p>
            <p>
              {lottery.current.next_ticket_euro_cents > 0
                ? t('lottery.yours.next', { amount: money(lottery.current.next_ticket_euro_cents, 'EUR') })
                : t('lottery.yours.full')}
            </p>
          </div>
          <h3>{t('lottery.profile.history')}</h3>
          {lottery.history.length === 0 ? <p>{t('lottery.profile.noHistory')}</p> : null}
          <ul className="lottery-tickets__history">
            {lottery.history.map((draw) => (
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
