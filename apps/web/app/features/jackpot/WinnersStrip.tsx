import { localizePath } from '@chrysos/rules';
import '../../styles/jackpot.css';
import { Link } from 'react-router';
import { useTranslation } from '../../lib/i18n';
import { useMoney } from '../loyalty/money';
import { useLatestWinners } from './use-jackpots';

/** The latest wins (spec §7 Stats) on the home page and the lobby, updated live by public:wins. */
export function WinnersStrip() {
  const { t, locale } = useTranslation();
  const money = useMoney(locale);
  const winners = useLatestWinners();
  if (winners === null) return null;
  return (
    <section className="winners-strip" aria-labelledby="winners-strip-title" data-winners-strip>
      <h2 id="winners-strip-title">{t('winners.title')}</h2>
      {winners.length === 0 ? (
        <p className="winners-strip__empty">{t('winners.empty')}</p>
      ) : (
        <ol>
          {winners.map((winner) => (
            <li
              key={`${winner.won_at}:${winner.name}:${winner.amount_cents}`}
              className={winner.jackpot ? 'winners-strip__jackpot' : undefined}
              data-winner={winner.name}
            >
              <span className="winners-strip__name">{winner.name}</span>{' '}
              <span className="winners-strip__won">{t('winners.won')}</span>{' '}
              <strong>{money(winner.amount_cents, winner.currency)}</strong>
              {winner.jackpot ? (
                <span className="winners-strip__tag">{t(`jackpot.tiers.${winner.jackpot}`)}</span>
              ) : null}
              {winner.game ? (
                <Link to={localizePath(`/game/${winner.game.url_id}`, locale)}>{winner.game.title}</Link>
              ) : null}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
