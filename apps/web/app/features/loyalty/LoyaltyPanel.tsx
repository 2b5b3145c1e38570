import type { CompPoints } from '@chrysos/contract';
import { localizePath } from '@chrysos/rules';
import { type FormEvent, useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from '../../lib/i18n';
import { useWallet } from '../cashier/WalletProvider';
import { exchangeCompPoints, refusalText } from './api';
import { CompPointsCard } from './CompPointsCard';
import { useCompPointsPushes } from './comp-points-pushes';
import { showPoints } from './money';

const newKey = () => crypto.randomUUID().replaceAll('-', '');

/**
 * /profile/loyalty (issue 18): the player's comp points as the route's loader read them (null when they
 * could not be), kept live by push, their level and the way to the next one, and the exchange of points
 * for real money at the level's rate.
 */
export function LoyaltyPanel({ compPoints }: { compPoints: CompPoints | null }) {
  const { t, locale } = useTranslation();
  const { money } = useWallet();
  const reload = useCompPointsPushes();
  const [points, setPoints] = useState('');
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<{ kind: 'done' | 'refused'; text: string } | null>(null);
  // One key per exchange: a retry after a lost answer pays once.
  const [key, setKey] = useState(newKey);

  const exchange = async (event: FormEvent) => {
    event.preventDefault();
    const wanted = Number(points);
    if (!Number.isInteger(wanted) || wanted <= 0) {
      setMessage({ kind: 'refused', text: t('loyalty.exchange.whole') });
      return;
    }
    setBusy(true);
    const answer = await exchangeCompPoints(wanted, key);
    setBusy(false);
    if (answer?.ok) {
      // The page's data read again: the points left, and the header's balance with the money paid in.
      await reload();
      setPoints('');
      setKey(newKey());
      setMessage({
        kind: 'done',
        text: t('loyalty.exchange.done', {
          points: showPoints(answer.body.points_exchanged, locale),
          amount: money(answer.body.amount_cents, answer.body.currency),
        }),
      });
      return;
    }
    if (answer) setKey(newKey());
    setMessage({ kind: 'refused', text: refusalText(t, answer) });
  };

  return (
    <section className="loyalty-panel" data-loyalty-panel>
      <h2>{t('loyalty.profile.title')}</h2>
      {!compPoints ? (
        <p role="alert">
          {t('loyalty.failed')}{' '}
          <button type="button" className="button" onClick={() => void reload()}>
            {t('loyalty.retry')}
          </button>
        </p>
      ) : null}
      {compPoints ? (
        <>
          <CompPointsCard data={compPoints} />
          <form className="card loyalty-exchange" onSubmit={exchange} data-loyalty-exchange>
            <h3>{t('loyalty.exchange.title')}</h3>
            <p>
              {t('loyalty.exchange.rate', {
                points: compPoints.exchange.points_per_euro,
                level: compPoints.level.name,
              })}{' '}
              {t('loyalty.exchange.minimum', { points: compPoints.exchange.minimum_points })}
            </p>
            <p data-exchange-value={compPoints.exchange.value_cents}>
              {t('loyalty.exchange.worth', {
                amount: money(compPoints.exchange.value_cents, compPoints.exchange.currency),
              })}
            </p>
            <label className="field">
              <span>{t('loyalty.exchange.points')}</span>
              <input
                type="number"
                name="points"
                inputMode="numeric"
                min={compPoints.exchange.minimum_points}
                step={1}
                value={points}
                onChange={(event) => setPoints(event.target.value)}
                required
              />
            </label>
            <button type="submit" className="button button--primary" disabled={busy}>
              {t('loyalty.exchange.submit')}
            </button>
            {message ? (
              <p role={message.kind === 'done' ? 'status' : 'alert'} data-exchange-result={message.kind}>
                {message.text}
              </p>
            ) : null}
          </form>
          <p>
            <Link to={localizePath('/loyalty', locale)}>{t('loyalty.profile.levels')}</Link>
          </p>
        </>
      ) : null}
    </section>
  );
}
