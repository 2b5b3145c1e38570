import type { Currency } from '@chrysos/contract';
import { localizePath } from '@chrysos/rules';
import { Link } from 'react-router';
import { useTranslation } from '../../lib/i18n';
import { usePlayerSession } from '../player/player-session';
import { athensDay, athensTime, drawDataUrl, type LotteryOverview, type PlayerLottery } from './api';
import { useLotteryPushes } from './lottery-pushes';
import { moneyFormatter, prizeText, type ShowAmount } from './money';

export interface LotteryContent {
  title: string;
  lead: string;
  ticketRule: string;
  drawSchedule: string;
  prizes: { place: string; prize: string }[];
  html: string;
}

/** The signed-in player's tickets this week, on the lottery page. */
function YourTickets({ mine, max, money }: { mine: PlayerLottery; max: number; money: ShowAmount }) {
  const { t, locale } = useTranslation();
  const { current } = mine;
  return (
    <div className="lottery__yours" data-lottery-yours>
      <h3>{t('lottery.yours.title')}</h3>
      {current.tickets.length === 0 ? (
        <p>{t('lottery.yours.none')}</p>
      ) : (
        <>
          <p data-lottery-count={current.tickets.length}>
            {t('lottery.yours.count', { count: current.tickets.length, max })}
          </p>
          <p className="lottery__numbers">
            {t('lottery.yours.numbers', { numbers: current.tickets.join(', ') })}
          </p>
        </>
      )}
      <p>{t('lottery.yours.deposited', { amount: money(current.deposited_euro_cents, 'EUR') })}</p>
      <p>
        {current.next_ticket_euro_cents > 0
          ? t('lottery.yours.next', { amount: money(current.next_ticket_euro_cents, 'EUR') })
          : t('lottery.yours.full')}
      </p>
      <Link className="button button--primary" to={localizePath('/profile/wallet/deposit', locale)}>
        {t('lottery.yours.deposit')}
      </Link>
    </div>
  );
}

/**
 * /lottery (content/{en,el}/lottery): the rules and prizes from the content, this week's draw with its
 * seed's fingerprint and closing time, the player's tickets (read again as deposits add them), and the
 * past draws' seeds and winners with the public data to recompute them, as the route's loader read them.
 */
export function LotteryPage({
  content,
  overview,
  currencies,
  mine,
}: {
  content: LotteryContent;
  /** This week's draw and the past ones; null when they could not be read. */
  overview: LotteryOverview | null;
  currencies: Currency[] | null;
  /** The signed-in player's tickets; null for a visitor or when they could not be read. */
  mine: PlayerLottery | null;
}) {
  const { t, locale } = useTranslation();
  const money = moneyFormatter(currencies ?? [], locale);
  const session = usePlayerSession();
  const reload = useLotteryPushes();

  return (
    <section className="content-page lottery">
      <h1>{content.title}</h1>
      <p className="content-page__lead">{content.lead}</p>
      <ul className="lottery__facts">
        <li>{content.ticketRule}</li>
        <li>{content.drawSchedule}</li>
      </ul>
      <h2>{t('lottery.prizesTitle')}</h2>
      <table className="lottery__prizes">
        <tbody>
          {content.prizes.map((prize) => (
            <tr key={prize.place}>
              <th scope="row">{prize.place}</th>
              <td>{prize.prize}</td>
            </tr>
          ))}
        </tbody>
      </table>

      {!overview ? (
        <p role="alert">
          {t('lottery.failed')}{' '}
          <button type="button" className="button" onClick={() => void reload()}>
            {t('lottery.retry')}
          </button>
        </p>
      ) : null}
      {overview ? (
        <>
          <div className="card lottery__current" data-draw={overview.current.id}>
            <h2>{t('lottery.current.title')}</h2>
            <p>{t('lottery.current.closes', { date: athensTime(overview.current.draw_at, locale) })}</p>
            <p>{t('lottery.current.tickets', { count: overview.current.tickets })}</p>
            <p>
              {t('lottery.current.seedHash')}: <code data-seed-hash>{overview.current.seed_hash}</code>
            </p>
            <p className="lottery__help">{t('lottery.current.seedHashHelp')}</p>
            <a href={drawDataUrl(overview.current.id)}>{t('lottery.current.ticketList')}</a>
            {session.status === 'loggedIn' && mine ? (
              <YourTickets mine={mine} max={overview.max_tickets} money={money} />
            ) : session.status === 'loggedOut' ? (
              <p>{t('lottery.yours.signIn')}</p>
            ) : null}
          </div>

          <h2>{t('lottery.past.title')}</h2>
          {overview.past.length === 0 ? <p>{t('lottery.past.none')}</p> : null}
          {overview.past.map((draw) => (
            <article key={draw.id} className="card lottery__draw" data-past-draw={draw.id}>
              <h3>{athensDay(draw.draw_at, locale)}</h3>
              {draw.drawn_at ? (
                <p>{t('lottery.past.drawnAt', { date: athensTime(draw.drawn_at, locale) })}</p>
              ) : null}
              <p>
                {t('lottery.past.seed')}: <code data-seed>{draw.seed}</code>
              </p>
              {draw.winners.length === 0 ? <p>{t('lottery.past.noTickets')}</p> : null}
              <table className="lottery__winners" hidden={draw.winners.length === 0}>
                <thead>
                  <tr>
                    <th scope="col">{t('lottery.past.place')}</th>
                    <th scope="col">{t('lottery.past.ticket')}</th>
                    <th scope="col">{t('lottery.past.winner')}</th>
                    <th scope="col">{t('lottery.past.prize')}</th>
                  </tr>
                </thead>
                <tbody>
                  {draw.winners.map((winner) => (
                    <tr
                      key={winner.place}
                      data-winner-place={winner.place}
                      data-winner-ticket={winner.ticket}
                    >
                      <td>{winner.place}</td>
                      <td>{winner.ticket}</td>
                      <td>{winner.name}</td>
                      <td>{prizeText(winner, t, money)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
              <a href={drawDataUrl(draw.id)}>{t('lottery.past.data')}</a>
            </article>
          ))}
        </>
      ) : null}

      {/* biome-ignore lint/security/noDangerouslySetInnerHtml: the rules, with how to recompute a draw, rendered from Markdown and sanitised on the server when content is loaded */}
      <div className="prose lottery__rules" dangerouslySetInnerHTML={{ __html: content.html }} />
    </section>
  );
}
