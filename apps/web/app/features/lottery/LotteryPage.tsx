import { localizePath } from '@chrysos/rules';
import { Link } from 'react-router';
import { useTranslation } from '../../lib/i18n';
import { usePlayerSession } from '../player/player-session';
import { athensDay, athensTime, drawDataUrl } from './api';
import { prizeText, useMoney } from './money';
import { useLotteryOverview, usePlayerLottery } from './use-lottery';

export interface LotteryContent {
  title: string;
  lead: string;
  ticketRule: string;
  drawSchedule: string;
  prizes: { place: string; prize: string }[];
  html: string;
}

/** The signed-in player's tickets this week, on the lottery page. */
function YourTickets({ playerId, max }: { playerId: string; max: number }) {
  const { t, locale } = useTranslation();
  const money = useMoney(locale);
  const { state } = usePlayerLottery(playerId);
  if (state.status !== 'ready') return null;
  const { current } = state.data;
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
 * seed's fingerprint and closing time, the player's tickets, and the past draws' seeds and winners with
 * the public data to recompute them.
 */
export function LotteryPage({ content }: { content: LotteryContent }) {
  const { t, locale } = useTranslation();
  const money = useMoney(locale);
  const session = usePlayerSession();
  const { state, reload } = useLotteryOverview();

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
          <div className="card lottery__current" data-draw={state.data.current.id}>
            <h2>{t('lottery.current.title')}</h2>
            <p>{t('lottery.current.closes', { date: athensTime(state.data.current.draw_at, locale) })}</p>
            <p>{t('lottery.current.tickets', { count: state.data.current.tickets })}</p>
            <p>
              {t('lottery.current.seedHash')}: <code data-seed-hash>{state.data.current.seed_hash}</code>
            </p>
            <p className="lottery__help">{t('lottery.current.seedHashHelp')}</p>
            <a href={drawDataUrl(state.data.current.id)}>{t('lottery.current.ticketList')}</a>
            {session.status === 'loggedIn' ? (
              <YourTickets playerId={session.id} max={state.data.max_tickets} />
            ) : session.status === 'loggedOut' ? (
              <p>{t('lottery.yours.signIn')}</p>
            ) : null}
          </div>

          <h2>{t('lottery.past.title')}</h2>
          {state.data.past.length === 0 ? <p>{t('lottery.past.none')}</p> : null}
          {state.data.past.map((draw) => (
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
