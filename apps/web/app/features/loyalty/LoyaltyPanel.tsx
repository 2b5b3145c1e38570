import { localizePath } from '@chrysos/rules';
import { type FormEvent, useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from '../../lib/i18n';
import { useWallet } from '../cashier/WalletProvider';
import { usePlayerSession } from '../player/player-session';
import { exchangeCompPoints, refusalText } from './api';
import { CompPointsCard } from './CompPointsCard';
import { showPoints } from './money';
import { useCompPoints } from './use-comp-points';

const newKey = () => crypto.randomUUID().replaceAll('-', '');

/**
 * /profile/loyalty (issue 18): the player's comp points live, their level and the way to the next one,
 * and the exchange of points for real money at the level's rate.
 */
export function LoyaltyPanel() {
  const { t, locale } = useTranslation();
  const { money } = useWallet();
  const session = usePlayerSession();
  const { state, reload, replace } = useCompPoints(session.status === 'loggedIn' ? session.id : null);
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
      replace(answer.body.comp_points);
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
      {state.status === 'loading' ? <p>{t('loyalty.loading')}</p> : null}
      {state.status === 'failed' ? (
        <p role="alert">
          {t('loyalty.failed')}{' '}
          <button type="button" className="button" onClick={reload}>
            {t('loyalty.retry')}
          </button>
        </p>
      ) : null}
      {state.status === 'ready' ? (
        <>
          <CompPointsCard data={state.data} />
          <form className="card loyalty-exchange" onSubmit={exchange} data-loyalty-exchange>
            <h3>{t('loyalty.exchange.title')}</h3>
            <p>
              {t('loyalty.exchange.rate', {
                points: state.data.exchange.points_per_euro,
                level: state.data.level.name,
              })}{' '}
              {t('loyalty.exchange.minimum', { points: state.data.exchange.minimum_points })}
            </p>
            <p data-exchange-value={state.data.exchange.value_cents}>
              {t('loyalty.exchange.worth', {
                amount: money(state.data.exchange.value_cents, state.data.exchange.currency),
              })}
            </p>
            <label className="field">
              <span>{t('loyalty.exchange.points')}</span>
              <input
                type="number"
                name="points"
                inputMode="numeric"
                min={state.data.exchange.minimum_points}
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
