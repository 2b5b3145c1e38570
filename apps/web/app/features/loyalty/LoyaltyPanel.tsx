import type { CompPoints } from '@chrysos/contract';
import { localizePath } from '@chrysos/rules';
import { type FormEvent, useEffect, useState } from 'react';
import { Link, useFetcher } from 'react-router';
import { useTranslation } from '../../lib/i18n';
import { useWallet } from '../cashier/WalletProvider';
import { CompPointsCard } from './CompPointsCard';
import { useCompPointsPushes } from './comp-points-pushes';
import type { ExchangeResult } from './exchange-action.server';
import { refusalText } from './exchange-refusal';
import { showPoints } from './money';

/**
 * /profile/loyalty (issue 18): the player's comp points as the route's loader read them (null when they
 * could not be), kept live by push, their level and the way to the next one, and the exchange of points
 * for real money at the level's rate, posted to the route's action (a fetcher; a plain post without
 * JavaScript, whose answer the page is rendered with: `posted`).
 */
export function LoyaltyPanel({
  compPoints,
  exchangeKey,
  posted,
}: {
  compPoints: CompPoints | null;
  /** The key of the next exchange, read with the page: a retry after a lost answer pays once. */
  exchangeKey: string;
  posted?: ExchangeResult | undefined;
}) {
  const { t, locale } = useTranslation();
  const { money } = useWallet();
  const reload = useCompPointsPushes();
  const fetcher = useFetcher<ExchangeResult>();
  const busy = fetcher.state !== 'idle';
  const result = fetcher.data ?? posted;
  const [points, setPoints] = useState('');
  const [unread, setUnread] = useState(false);
  useEffect(() => {
    if (fetcher.data?.ok) setPoints('');
  }, [fetcher.data]);
  const message: { kind: 'done' | 'refused'; text: string } | null = unread
    ? { kind: 'refused', text: t('loyalty.exchange.whole') }
    : !result
      ? null
      : result.ok
        ? {
            kind: 'done',
            text: t('loyalty.exchange.done', {
              points: showPoints(result.exchanged.points_exchanged, locale),
              amount: money(result.exchanged.amount_cents, result.exchanged.currency),
            }),
          }
        : {
            kind: 'refused',
            text: result.field ? t('loyalty.exchange.whole') : refusalText(t, result.refusal),
          };
  // A refused exchange's key is spent: the action's answer names the next one.
  const key = result && !result.ok ? result.key : exchangeKey;

  const exchange = (event: FormEvent) => {
    const wanted = Number(points);
    const whole = Number.isInteger(wanted) && wanted > 0;
    setUnread(!whole);
    if (!whole || busy) event.preventDefault();
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
          <fetcher.Form
            method="post"
            className="card loyalty-exchange"
            onSubmit={exchange}
            data-loyalty-exchange
          >
            <input type="hidden" name="idempotency_key" value={key} />
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
          </fetcher.Form>
          <p>
            <Link to={localizePath('/loyalty', locale)}>{t('loyalty.profile.levels')}</Link>
          </p>
        </>
      ) : null}
    </section>
  );
}
